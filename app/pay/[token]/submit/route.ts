/**
 * POST /pay/{token}/submit: the card form's target. Answers 303 back to the page, which shows
 * the outcome (server/payments/pay-page.ts does the work; nothing here reads or logs the card). A
 * body that is not the form, or a database out of reach, is answered with a short page saying so.
 */
import { readPayForm } from '../../../../server/payments/pay-form';
import { plainPageHtml, type PlainPage } from '../../../../server/http/plain-page';
import { runtime } from '../../../../server/runtime';

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const back = { href: `/pay/${token}`, text: 'Back to the payment page' };
  const read = await readPayForm(request);
  if ('refused' in read) return page(read.refused.status, { title: 'The payment was not sent', message: read.refused.message, link: back });
  try {
    const location = await runtime().payPage.submit(token, read.form, { origin: request.headers.get('origin'), referer: request.headers.get('referer') });
    return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (!runtime().pageUnavailable(err)) throw err;
    // The custom server adds Retry-After (server/http/page-outage.ts).
    return page(503, { title: 'Payments are unavailable for a moment', message: 'We could not reach our database, so nothing was charged and no order was placed. Try again in a moment.', link: back });
  }
}

function page(status: number, content: PlainPage): Response {
  return new Response(plainPageHtml(content), { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
