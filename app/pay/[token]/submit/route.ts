/**
 * POST /pay/{token}/submit: the card form's target. Answers 303 back to the page, which shows
 * the outcome (server/payments/pay-page.ts does the work; nothing here reads or logs the card).
 */
import { runtime } from '../../../../server/runtime';

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const form: Record<string, string> = {};
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    for (const [name, value] of await request.formData()) if (typeof value === 'string') form[name] = value;
  }
  const location = await runtime().payPage.submit(token, form, { origin: request.headers.get('origin'), referer: request.headers.get('referer') });
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
