/**
 * /pay/{token}: the page a human opens from a payment link. Everything it shows comes from the
 * running service's view model (server/payments/pay-page.ts); this file only lays it out.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { OrderSummary, PayForm, PayPageView } from '../../../server/payments/pay-page';
import { runtime } from '../../../server/runtime';
import './pay.css';

export const metadata: Metadata = {
  title: 'Pay · Agent Commerce',
  // The form's Origin check needs the Origin header, which `no-referrer` would blank to null.
  referrer: 'same-origin',
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PayPage({ params, searchParams }: Props) {
  const view = await viewOrOutage((await params).token, await searchParams);
  if (view.state === 'not_found') notFound();
  return (
    <main className="page pay">
      <Content view={view} />
    </main>
  );
}

/** The link's view, or `unavailable` when the database is out of reach (the page is then answered 503). */
async function viewOrOutage(token: string, query: Record<string, string | string[] | undefined>): Promise<PayPageView | { state: 'unavailable' }> {
  try {
    return await runtime().payPage.view(token, query);
  } catch (err) {
    if (runtime().pageUnavailable(err)) return { state: 'unavailable' };
    throw err;
  }
}

function Content({ view }: { view: Exclude<PayPageView, { state: 'not_found' }> | { state: 'unavailable' } }) {
  switch (view.state) {
    case 'unavailable':
      return (
        <>
          <h1>This page is unavailable for a moment</h1>
          <p role="alert">We could not reach our database, so nothing can be shown or paid right now, and nothing was charged. Reload this page in a moment.</p>
        </>
      );
    case 'expired':
      return (
        <>
          <h1>This payment link has expired</h1>
          <p>Nothing was charged. Ask the assistant that sent it for a new payment link.</p>
        </>
      );
    case 'cancelled':
      return (
        <>
          <h1>This payment link was cancelled</h1>
          <p>The cart changed after the link was made, so the link was cancelled and nothing was charged. Ask for a new payment link.</p>
        </>
      );
    case 'failed':
      return (
        <>
          <h1>The payment did not go through</h1>
          <p role="alert">
            Your card was authorized, but the payment provider refused to take the payment, so the order was cancelled and nothing was charged. Ask the assistant that sent
            this link for a new payment link.
          </p>
        </>
      );
    case 'paid':
      return (
        <>
          <h1>Thank you: your order is placed</h1>
          <p className="confirmation" role="status">
            Order number <strong>{view.orderId}</strong>
          </p>
          <Summary summary={view.summary} />
        </>
      );
    case 'live':
      return (
        <>
          <h1>Pay {view.amount}</h1>
          <p className="note">
            {view.agent ? <>Requested by the assistant at <strong>{view.agent}</strong>.</> : 'Requested by an assistant.'}
            {view.buyer && <> For <strong>{view.buyer}</strong>.</>} Check the order before you pay.
          </p>
          {view.alert && (
            // Focused on load, so a screen reader reads it out after the redirect back here.
            <div className="alert" role="alert" tabIndex={-1} autoFocus>
              {view.alert}
            </div>
          )}
          <Summary summary={view.summary} />
          {'form' in view.payment ? (
            <CardForm form={view.payment.form} amount={view.amount} />
          ) : (
            <p className="actions">
              <a className="button" href={view.payment.hostedUrl}>
                Continue to payment
              </a>
            </p>
          )}
          <p className="note">
            This link{' '}
            <time dateTime={view.expiresAt.toISOString()} title={view.expiresAt.toUTCString()}>
              {view.expiresIn}
            </time>
            . Nothing is charged until you pay.
          </p>
        </>
      );
  }
}

function Summary({ summary }: { summary: OrderSummary }) {
  return (
    <section aria-labelledby="summary">
      <h2 id="summary">Order summary</h2>
      {summary.groups.map((group) => (
        <div className="seller" key={group.seller}>
          <h3>{group.seller}</h3>
          <ul className="lines">
            {group.lines.map((line, i) => (
              <li key={i}>
                <span>
                  {line.quantity} × {line.title}
                  {line.detail && <span className="note"> ({line.detail})</span>}
                  <span className="note"> at {line.unitPrice}</span>
                </span>
                <span>{line.total}</span>
              </li>
            ))}
          </ul>
          {group.delivery && <p className="note">{group.delivery}</p>}
        </div>
      ))}
      <h3>Ships to</h3>
      <address>
        {summary.address.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{summary.totals.subtotal}</dd>
        <dt>Delivery</dt>
        <dd>{summary.totals.delivery}</dd>
        <dt>Total</dt>
        <dd>{summary.totals.total}</dd>
      </dl>
    </section>
  );
}

const FIELDS = [
  { name: 'number', label: 'Card number', autoComplete: 'cc-number', inputMode: 'numeric', hint: 'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.' },
  { name: 'expiry', label: 'Expiry', autoComplete: 'cc-exp', inputMode: 'numeric', hint: 'MM/YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', inputMode: 'numeric', hint: '3 or 4 digits' },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', inputMode: 'text', hint: null },
] as const;

function CardForm({ form, amount }: { form: PayForm; amount: string }) {
  return (
    <section aria-labelledby="card">
      <h2 id="card">Card</h2>
      <form method="post" action={form.action} className="card-form" noValidate>
        <input type="hidden" name="form_token" value={form.formToken} />
        {FIELDS.map((field) => {
          const error = form.errors[field.name];
          const described = [field.hint && `${field.name}-hint`, error && `${field.name}-error`].filter(Boolean).join(' ') || undefined;
          return (
            <div className="field" key={field.name}>
              <label htmlFor={field.name}>{field.label}</label>
              {field.hint && (
                <span className="note" id={`${field.name}-hint`}>
                  {field.hint}
                </span>
              )}
              <input
                id={field.name}
                name={field.name}
                type="text"
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
              />
              {error && (
                <span className="field-error" id={`${field.name}-error`}>
                  {error}
                </span>
              )}
            </div>
          );
        })}
        <p className="note">You pay {amount}.</p>
        <button type="submit" className="button">
          Pay
        </button>
      </form>
    </section>
  );
}
