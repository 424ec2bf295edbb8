/**
 * GET /checkout/{token}: a UCP checkout's continue_url. The running service decides where it leads
 * (server/payments/continue.ts); this file answers it: 303 to the payment page, or a short page
 * saying why there is nothing to pay. A route rather than a page, for the 303 (a page's redirect
 * is a 307). Not rendered by a page, so the page headers are set here too, as the custom server
 * sets them on its own pages; the URL is a bearer secret, so nothing of it is stored.
 */
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from '../../../server/http/page-security';
import { plainPageHtml, type PlainPage } from '../../../server/http/plain-page';
import type { ContinueAnswer } from '../../../server/payments/continue';
import { runtime } from '../../../server/runtime';

type Params = { params: Promise<{ token: string }> };

export async function GET(_request: Request, { params }: Params): Promise<Response> {
  const { token } = await params;
  let answer: ContinueAnswer;
  try {
    answer = await runtime().continueCheckout(token);
  } catch (err) {
    if (!runtime().pageUnavailable(err)) throw err;
    // The custom server adds Retry-After (server/http/page-outage.ts).
    return page(503, { title: 'This page is unavailable for a moment', message: 'We could not reach our database, so nothing can be paid right now and nothing was charged. Open this link again in a moment.', link: again(token) });
  }
  if (answer.kind === 'pay') return new Response(null, { status: 303, headers: { Location: answer.url, 'Cache-Control': 'no-store' } });
  return answer.kind === 'unavailable' ? page(503, pageOf(answer, token), { 'Retry-After': '5' }) : page(answer.kind === 'unknown' ? 404 : 200, pageOf(answer, token));
}

const again = (token: string) => ({ href: `/checkout/${token}`, text: 'Open this link again' });
const home = { href: '/', text: 'The start page' };

function pageOf(answer: Exclude<ContinueAnswer, { kind: 'pay' }>, token: string): PlainPage {
  switch (answer.kind) {
    case 'unknown':
      // A client that does not ask for HTML gets the API's JSON 404 instead (server/http/missing-page.ts).
      return { title: 'Page not found', message: 'There is no checkout at this address. Check the link with the assistant that sent it.', link: home };
    case 'not_ready':
      return {
        title: 'This order is not ready to pay yet',
        message: `Still missing: ${answer.missing.join('; ')}. Go back to your assistant to add it, then open this link again. Nothing has been charged.`,
        link: again(token),
      };
    case 'in_progress':
      return { title: 'Your payment is in progress', message: 'A payment for this order is being completed, so there is nothing more to pay here. Open this link again in a moment to see the outcome.', link: again(token) };
    case 'placed':
      return { title: 'Thank you: your order is placed', message: `Your order number is ${answer.orderId}. There is nothing more to pay.`, link: home };
    case 'ended':
      return {
        title: 'This checkout has ended',
        message: `${answer.reason === 'expired' ? 'It expired before it was paid' : 'It was cancelled'}, so nothing was charged. Go back to your assistant to start a new one.`,
        link: home,
      };
    case 'unavailable':
      return { title: 'Payment is unavailable for a moment', message: 'The payment provider did not answer, so nothing was charged. Open this link again in a moment.', link: again(token) };
  }
}

function page(status: number, content: PlainPage, extra: Record<string, string> = {}): Response {
  const headers = { ...pageSecurityHeaders(contentSecurityPolicy(newNonce()), { secretUrl: true }), 'Content-Type': 'text/html; charset=utf-8', ...extra };
  return new Response(plainPageHtml(content), { status, headers });
}
