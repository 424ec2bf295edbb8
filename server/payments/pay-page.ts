/**
 * The /pay/{token} page a human opens from a payment link: what it shows (a view model the Next
 * page renders as it is) and what its form does. Kept here, without Next, so it is tested in
 * vitest and runs in the server's own module instances (see runtime.ts).
 *
 * The form is a plain POST (no client JavaScript needed) answered with 303 back to the page:
 * Post/Redirect/Get, so a reload never pays twice. What happened travels in the query as codes
 * only (a decline code, the fields in error) — never a card number.
 *
 * Cross-site request forgery: the link's token in the path is a secret only its payer holds, and
 * on top of it a post is accepted only (1) from a browser on this origin — browsers send `Origin`
 * on every POST, and the page's `Referrer-Policy: same-origin` keeps it from being `null` — and
 * (2) with the form token of this link (an HMAC under the links' secret), so a form rendered for
 * one link cannot pay another. No cookie is involved, so no session can be ridden. Paying twice
 * (a double click, two tabs) places one order: see complete.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import { expireLinkIfDue } from '../carts/expiry';
import { priceCart, type PricedCart } from '../carts/pricing';
import type { Db } from '../db/client';
import { buyers, carts, orders, paymentLinks, sellers, users, type ShippingAddress } from '../db/schema';
import { buyerOfNamespace, personOfNamespace } from '../identity/caller';
import { readLimits } from '../domain/limits';
import { completePayment, type CompletionServices } from './complete';
import { expiresInWords } from './expiry-words';
import { tokenHash } from '../carts/links';
import { hmacSha256, sameSecret } from '../lib/secrets';
import { CARD_FIELDS, CARD_PROBLEMS, declineMessage, type CardDetails, type CardField, type CardProblem } from './provider';
import { providerNamed } from './select';

export interface SummaryLine {
  title: string;
  /** The variant's options, e.g. "Size M / Blue"; empty when it has none. */
  detail: string;
  quantity: number;
  unitPrice: string;
  total: string;
}

export interface SellerGroup {
  seller: string;
  lines: SummaryLine[];
  /** e.g. "Delivery $4.99, 2–5 days"; null when not priced (the order view). */
  delivery: string | null;
}

export interface OrderSummary {
  groups: SellerGroup[];
  /** The shipping address, one line per entry. */
  address: string[];
  totals: { subtotal: string; delivery: string; total: string };
}

export interface PayForm {
  /** Where the form posts (relative to the origin). */
  action: string;
  formToken: string;
  /** Each field in error, with what to fix. */
  errors: Partial<Record<CardField, string>>;
}

export type PayPageView =
  | { state: 'not_found' }
  | { state: 'expired' }
  | { state: 'cancelled' }
  /** Paid, but the provider refused to take the payment for good: the order was voided, nothing charged. */
  | { state: 'failed' }
  | { state: 'paid'; orderId: string; summary: OrderSummary }
  | {
      state: 'live';
      summary: OrderSummary;
      /** The amount the link fixed. */
      amount: string;
      /** The host of the profile of the agent that made the link, e.g. "agent.shopbot.dev"; null if unknown. */
      agent: string | null;
      /** Whom the cart is for, when a buyer token or an OAuth token made it: the person's address; null otherwise. */
      buyer: string | null;
      expiresAt: Date;
      /** "expires in 23 minutes", on the service's clock. */
      expiresIn: string;
      /** Why the last attempt did not pay, announced to the person (role="alert"). */
      alert: string | null;
      /** Our card form (built-in provider), or the provider's hosted page to continue on. */
      payment: { form: PayForm } | { hostedUrl: string };
    };

export interface PayPage {
  view(token: string, query: Record<string, string | string[] | undefined>): Promise<PayPageView>;
  /** Handles the form's POST; answers the Location of the 303 (path and query). */
  submit(token: string, form: Record<string, string>, request: { origin: string | null; referer: string | null }): Promise<string>;
}

type LinkRow = typeof paymentLinks.$inferSelect;

const FIELD_MESSAGES: Record<CardField, Partial<Record<CardProblem, string>>> = {
  number: {
    required: 'Enter the card number.',
    malformed: 'Enter the card number as printed: 12 to 19 digits.',
    luhn: 'This card number is not valid: check it for a typing mistake.',
  },
  expiry: { required: 'Enter the expiry date.', malformed: 'Enter the expiry as MM/YY, for example 04/29.', expired: 'This card has expired.' },
  cvc: { required: 'Enter the security code (CVC).', malformed: 'Enter the 3 or 4 digit security code (CVC) from the back of the card.' },
  name: { required: 'Enter the name printed on the card.' },
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);

const formTokenUnder = (key: Buffer, linkId: string) => hmacSha256(key, `pay-form\0${linkId}`).toString('base64url');

export function payPage(services: CompletionServices): PayPage {
  const { db, config } = services;

  async function findLink(token: string): Promise<LinkRow | undefined> {
    // Tokens are 43 base64url characters (an HMAC-SHA256); anything else is no link.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.tokenHash, tokenHash(token)));
    return link;
  }

  /** A form rendered before a rotation or the upgrade still posts: its token is checked under each key. */
  async function formTokenHolds(given: string, linkId: string): Promise<boolean> {
    return (await services.keys.verifying('payment-link')).some((key) => sameSecret(given, formTokenUnder(key, linkId)));
  }

  /** The link's status now: a live link past its expiry is expired (and its cart open again). */
  async function currentStatus(link: LinkRow): Promise<LinkRow['status']> {
    if (link.status !== 'live') return link.status;
    return (await expireLinkIfDue(db, link)) ? 'expired' : 'live';
  }

  async function view(token: string, query: Record<string, string | string[] | undefined>): Promise<PayPageView> {
    const link = await findLink(token);
    if (!link) return { state: 'not_found' };
    const status = await currentStatus(link);
    if (status === 'expired' || status === 'cancelled' || status === 'failed') return { state: status };
    const [cart] = await db.select().from(carts).where(eq(carts.id, link.cartId));
    if (status === 'paid') {
      const [order] = await db.select().from(orders).where(eq(orders.id, cart.orderId!));
      return { state: 'paid', orderId: order.id, summary: await orderSummary(db, order) };
    }
    const priced = await priceCart(db, cart);
    const provider = providerNamed(config, link.provider);
    const errors = fieldErrors(first(query.invalid));
    return {
      state: 'live',
      summary: await cartSummary(db, priced, cart.shippingAddress!),
      amount: money(link.amountCents),
      agent: agentHost(cart.owner),
      buyer: await whoseCart(db, cart.owner),
      expiresAt: link.expiresAt,
      expiresIn: expiresInWords(link.expiresAt, new Date()),
      alert: (await overLimitAlert(link)) ?? alertFor(query, errors, priced),
      payment: provider.authorize
        ? { form: { action: `/pay/${token}/submit`, formToken: formTokenUnder(services.keys.key('payment-link'), link.id), errors } }
        : { hostedUrl: link.providerUrl! },
    };
  }

  async function submit(token: string, form: Record<string, string>, request: { origin: string | null; referer: string | null }): Promise<string> {
    const page = `/pay/${token}`;
    const link = await findLink(token);
    if (!link) return page;
    if (!fromOurOrigin(request, config.publicBaseUrl) || !(await formTokenHolds(form.form_token ?? '', link.id))) return `${page}?outcome=refused`;
    // An expired, cancelled or paid link: the page says which.
    if ((await currentStatus(link)) !== 'live') return page;
    const provider = providerNamed(config, link.provider);
    if (!provider.authorize) return page;

    const card: CardDetails = { number: form.number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '', name: form.name ?? '' };
    const result = await provider.authorize(card, { amountCents: link.amountCents, currency: link.currency });
    if (result.status === 'invalid') {
      const invalid = Object.entries(result.problems).map(([field, problem]) => `${field}:${problem}`);
      return `${page}?${new URLSearchParams({ invalid: invalid.join(',') })}`;
    }
    if (result.status === 'declined') return `${page}?${new URLSearchParams({ declined: result.reason })}`;

    const outcome = await completePayment(services, { linkId: link.id, authorization: result.authorization, provider: provider.name });
    // The page reads what else happened from the link (paid, failed, cancelled) and the limits (over_limit).
    return outcome.kind === 'short' ? `${page}?outcome=short` : page;
  }

  /**
   * A live link above the limit as it stands now (lowered since the link was issued) cannot be paid:
   * said on every view, so the human knows before trying, and also after a hosted provider's page
   * (Stripe) returns them here with the payment released. Nothing is said once the limit allows it.
   */
  async function overLimitAlert(link: LinkRow): Promise<string | null> {
    const { max_cart_total_cents } = await readLimits(db);
    if (link.amountCents <= max_cart_total_cents) return null;
    return `This payment cannot be made now: its total of ${money(link.amountCents)} is above the network’s current limit of ${money(max_cart_total_cents)} per cart. Nothing was charged and no order was placed; ask the assistant that sent this link to reduce the cart.`;
  }

  return { view, submit };
}

/** A cart made with a buyer token is that buyer's, one made with an OAuth token the person's: the page names the address. */
async function whoseCart(db: Db, owner: string): Promise<string | null> {
  const buyerId = buyerOfNamespace(owner);
  const accountId = personOfNamespace(owner);
  const [found] = buyerId
    ? await db.select({ email: buyers.email }).from(buyers).where(eq(buyers.id, buyerId))
    : accountId
      ? await db.select({ email: users.email }).from(users).where(eq(users.id, accountId))
      : [];
  return found?.email ?? null;
}

/** Carts are owned by `agent:<profile URL>` (carts/store.ts); the person is shown the profile's host. */
function agentHost(owner: string): string | null {
  if (!owner.startsWith('agent:')) return null;
  try {
    return new URL(owner.slice('agent:'.length)).host;
  } catch {
    return null;
  }
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `number:luhn,expiry:expired` → each field's message; codes the page does not know are ignored. */
function fieldErrors(invalid: string | undefined): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  for (const pair of (invalid ?? '').split(',')) {
    const [field, problem] = pair.split(':') as [CardField, CardProblem];
    if (CARD_FIELDS.includes(field) && CARD_PROBLEMS.includes(problem) && FIELD_MESSAGES[field][problem]) errors[field] = FIELD_MESSAGES[field][problem];
  }
  return errors;
}

function alertFor(query: Record<string, string | string[] | undefined>, errors: Partial<Record<CardField, string>>, priced: PricedCart): string | null {
  const declined = first(query.declined);
  if (declined) return `${declineMessage(declined)} Nothing was charged. You can try again or use another card.`;
  const count = Object.keys(errors).length;
  if (count) return `The payment was not sent: ${count === 1 ? 'one field needs' : `${count} fields need`} attention. ${Object.values(errors).join(' ')}`;
  switch (first(query.outcome)) {
    case 'short': {
      const short = priced.lines.filter((l) => l.stock !== null && l.stock < l.quantity);
      const which = short.map((l) => `${l.title} (${l.quantity} ordered, ${l.stock} left)`).join('; ');
      return `Not enough stock${which ? ` for ${which}` : ''}. Nothing was charged and no order was placed; ask for the cart to be updated.`;
    }
    case 'refused':
      return 'The payment was not sent: the form did not come from this page. Nothing was charged; please fill it in again.';
    default:
      return null;
  }
}

/** Same-origin browsers send Origin on a POST; a Referer on this origin is accepted in its place. */
function fromOurOrigin(request: { origin: string | null; referer: string | null }, publicBaseUrl: string): boolean {
  const ours = new URL(publicBaseUrl).origin;
  if (request.origin) return request.origin === ours;
  try {
    return request.referer !== null && new URL(request.referer).origin === ours;
  } catch {
    return false;
  }
}

function addressLines(a: ShippingAddress): string[] {
  return [a.name, a.line1, a.line2, [a.city, a.region, a.postal_code].filter(Boolean).join(', '), a.country].filter((l): l is string => !!l);
}

async function sellerNames(db: Db, handles: string[]): Promise<Map<string, string>> {
  if (!handles.length) return new Map();
  const found = await db.select({ handle: sellers.handle, name: sellers.name }).from(sellers).where(inArray(sellers.handle, handles));
  return new Map(found.map((s) => [s.handle, s.name]));
}

interface LineLike {
  seller_handle: string;
  title: string;
  variant_title: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

/** Lines grouped by seller, in the order their sellers first appear. */
async function groups(db: Db, lines: LineLike[], delivery: (handle: string) => string | null): Promise<SellerGroup[]> {
  const handles = [...new Set(lines.map((l) => l.seller_handle))];
  const names = await sellerNames(db, handles);
  return handles.map((handle) => ({
    seller: names.get(handle) ?? handle,
    lines: lines
      .filter((l) => l.seller_handle === handle)
      .map((l) => ({ title: l.title, detail: l.variant_title, quantity: l.quantity, unitPrice: money(l.unit_price_cents), total: money(l.line_total_cents) })),
    delivery: delivery(handle),
  }));
}

async function cartSummary(db: Db, priced: PricedCart, address: ShippingAddress): Promise<OrderSummary> {
  const delivery = (handle: string) => {
    const d = priced.delivery.find((g) => g.seller_handle === handle);
    if (!d) return null;
    return `${d.price_cents ? `Delivery ${money(d.price_cents)}` : 'Free delivery'}, ${d.min_days}–${d.max_days} days`;
  };
  return {
    groups: await groups(db, priced.lines, delivery),
    address: addressLines(address),
    totals: { subtotal: money(priced.totals.subtotal_cents), delivery: money(priced.totals.delivery_cents), total: money(priced.totals.total_cents) },
  };
}

async function orderSummary(db: Db, order: typeof orders.$inferSelect): Promise<OrderSummary> {
  return {
    groups: await groups(db, order.lineItems, () => null),
    address: addressLines(order.shippingAddress),
    totals: { subtotal: money(order.totals.subtotal_cents), delivery: money(order.totals.delivery_cents), total: money(order.totals.total_cents) },
  };
}
