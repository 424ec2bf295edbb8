/**
 * The cart operations, transport-free: each takes the request's transaction (idempotent
 * operations run in one: trpc/idempotency.ts), locks the cart, checks it may change, changes it,
 * records the change (touch) and answers the cart as it is now.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { carts, type ShippingAddress } from '../db/schema';
import { newId } from '../lib/ids';
import { addItems, removeItem, setItemQuantity, type ItemRequest } from './items';
import { assertMutable, loadCart, touch, type CartRow, type TouchedFields } from './store';
import { renderCart, type Cart, type CartViewServices, type ShippingAddressInput } from './view';

/** What the cart operations use of the service: the cart view's, and how long a cart lives. */
export interface CartServices extends CartViewServices {
  config: Pick<Config, 'publicBaseUrl' | 'cartTtlHours'>;
}

export interface CreateCart {
  items?: ItemRequest[];
  shipping_address?: ShippingAddressInput;
}

/** Who a new cart is for: its owner's namespace, and the platform a linked call credits it to. */
export interface NewCartOwner {
  owner: string;
  platform: string | null;
}

/**
 * A new cart of `owner`, with its first items and address, all or nothing. Cart ids are ULIDs:
 * time-prefixed, but with 80 bits from the CSPRNG, which no caller can guess (ownership is checked
 * as well: another caller's id answers 404 all the same).
 */
export async function createCart(services: CartServices, tx: Db, owner: NewCartOwner, input: CreateCart): Promise<Cart> {
  const cart = await insertCart(tx, services.config, owner, { shippingAddress: (input.shipping_address as ShippingAddress | undefined) ?? null });
  await addItems(tx, cart.id, input.items ?? []);
  return renderCart(services, tx, cart);
}

/** The columns a new cart may start with besides its owner: UCP's binding sets its own (scope, buyer, notices, the checkout token's hash, and the id that token is made from). */
export type NewCartFields = Partial<Pick<CartRow, 'id' | 'shippingAddress' | 'buyer' | 'scope' | 'notices' | 'checkoutTokenHash' | 'acpPlatform'>>;

/** A new cart row without lines, living cartTtlHours from now. */
export async function insertCart(tx: Db, config: Pick<Config, 'cartTtlHours'>, { owner, platform }: NewCartOwner, fields: NewCartFields = {}): Promise<CartRow> {
  const now = new Date();
  const [cart] = await tx
    .insert(carts)
    .values({
      id: newId('cart'),
      ...fields,
      owner,
      platform,
      expiresAt: new Date(now.getTime() + config.cartTtlHours * 3_600_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return cart;
}

export async function getCart(services: CartServices, db: Db, owner: string, cartId: string): Promise<Cart> {
  return renderCart(services, db, await loadCart(db, cartId, owner));
}

/** The shared frame of every change to an existing cart: `apply` changes its lines, `set` the cart row (with the touch). */
async function change(services: CartServices, tx: Db, owner: string, cartId: string, apply: (cart: CartRow) => Promise<unknown>, set: { status?: 'cancelled' } & TouchedFields = {}): Promise<Cart> {
  const cart = await loadCart(tx, cartId, owner, { lock: true });
  assertMutable(cart);
  // The lines and the cart row are independent: sent together. A refusal of `apply` rolls the touch back with the rest.
  const [, touched] = await Promise.all([apply(cart), touch(tx, cart, services.config, set)]);
  return renderCart(services, tx, touched);
}

export const addToCart = (services: CartServices, tx: Db, owner: string, cartId: string, item: ItemRequest) =>
  change(services, tx, owner, cartId, () => addItems(tx, cartId, [item]));

export const updateCartItem = (services: CartServices, tx: Db, owner: string, cartId: string, itemId: string, quantity: number) =>
  change(services, tx, owner, cartId, () => setItemQuantity(tx, cartId, itemId, quantity));

export const removeCartItem = (services: CartServices, tx: Db, owner: string, cartId: string, itemId: string) =>
  change(services, tx, owner, cartId, () => removeItem(tx, cartId, itemId));

export const setShippingAddress = (services: CartServices, tx: Db, owner: string, cartId: string, address: ShippingAddressInput) =>
  change(services, tx, owner, cartId, async () => {}, { shippingAddress: address as ShippingAddress });

/** Cancelling is a change too: a live payment link goes with it. */
export const cancelCart = (services: CartServices, tx: Db, owner: string, cartId: string) =>
  change(services, tx, owner, cartId, async () => {}, { status: 'cancelled' });

/** quick_buy: create, add and address in the one transaction, so a refusal leaves no cart behind. */
export function quickBuy(services: CartServices, tx: Db, owner: NewCartOwner, input: ItemRequest & { shipping_address: ShippingAddressInput }): Promise<Cart> {
  const { shipping_address, ...item } = input;
  return createCart(services, tx, owner, { items: [item], shipping_address });
}
