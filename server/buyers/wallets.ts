/**
 * Wallets a buyer (or a person) pays x402 checkouts from. The wallet proves itself with an EIP-712
 * signature of a `WalletLink` naming this service, the buyer and a time within 300 s of now: a
 * signature made for another service, another buyer or long ago links nothing. Owners are
 * `buyer:<buy_…>` (a buyer token's buyer) or `person:<acct_…>` (the person behind an OAuth token,
 * whichever client they connected); each links at most MAX_WALLETS.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { getAddress, verifyTypedData } from 'viem';
import type { Db } from '../db/client';
import { wallets } from '../db/schema';
import { ApiError } from '../errors/catalogue';
import { newId } from '../lib/ids';

export const MAX_WALLETS = 5;
/** How far `issued_at` may be from the service's clock, either way. */
export const LINK_FRESH_SECONDS = 300;

/** The typed data a wallet signs to be linked (EIP-712): one definition for the check, the tests and the docs. */
export const WALLET_LINK_TYPES = {
  WalletLink: [
    { name: 'service', type: 'string' },
    { name: 'buyer', type: 'string' },
    { name: 'wallet', type: 'address' },
    { name: 'issuedAt', type: 'uint256' },
  ],
} as const;
export const WALLET_LINK_PRIMARY_TYPE = 'WalletLink';

/** No verifyingContract: nothing on chain checks this signature, only this service. */
export function walletLinkDomain(chainId: number) {
  return { name: 'Agent Commerce', version: '1', chainId } as const;
}

export interface WalletLinkFields {
  /** PUBLIC_BASE_URL. */
  service: string;
  /** The id GET /api/agent/buyer/me answers: `buy_…`, or the person's `acct_…`. */
  buyer: string;
  wallet: `0x${string}`;
  /** Unix seconds. */
  issuedAt: number;
  chainId: number;
}

/** The full typed-data definition of one link, as viem's signTypedData and verifyTypedData take it. */
export function walletLinkTypedData({ service, buyer, wallet, issuedAt, chainId }: WalletLinkFields) {
  return {
    domain: walletLinkDomain(chainId),
    types: WALLET_LINK_TYPES,
    primaryType: WALLET_LINK_PRIMARY_TYPE,
    message: { service, buyer, wallet, issuedAt: BigInt(issuedAt) },
  } as const;
}

export type WalletRow = typeof wallets.$inferSelect;

export interface WalletRecord {
  id: string;
  address: string;
  created_at: string;
}

export function walletRecord(row: WalletRow): WalletRecord {
  return { id: row.id, address: row.address, created_at: row.createdAt.toISOString() };
}

/**
 * Whose wallets a credential links and reads: a buyer token's buyer, or the person behind an OAuth
 * token (a structural type: identity/ imports buyers/, not the other way round).
 */
export function walletOwner(credential: { kind: 'buyer'; buyerId: string } | { kind: 'oauth'; accountId: string }): string {
  return credential.kind === 'oauth' ? personOwner(credential.accountId) : buyerOwner(credential.buyerId);
}

/**
 * Who a cart pays for, as its order names them (orders.buyer_id, orders.account_id; from the cart's
 * owner with identity/caller's buyerOfNamespace and personOfNamespace): a buyer token's cart its
 * buyer, an OAuth token's cart the person. Neither for anyone else's (a key, an agent profile),
 * who has no wallets.
 */
export interface CartHolder {
  buyerId: string | null;
  accountId: string | null;
}

export function ownerOfCart({ buyerId, accountId }: CartHolder): string | null {
  if (buyerId) return buyerOwner(buyerId);
  return accountId ? personOwner(accountId) : null;
}

const buyerOwner = (buyerId: string) => `buyer:${buyerId}`;
const personOwner = (accountId: string) => `person:${accountId}`;

/**
 * The wallets whoever a cart pays for linked (checksummed; at most MAX_WALLETS): the settlement
 * asks whether there is any, and whether the payer is one, of this one read.
 */
export async function walletsOfCart(db: Db, holder: CartHolder): Promise<Set<string>> {
  const owner = ownerOfCart(holder);
  if (!owner) return new Set();
  const rows = await db.select({ address: wallets.address }).from(wallets).where(eq(wallets.owner, owner));
  return new Set(rows.map((r) => r.address));
}

export interface WalletLinkInput {
  address: string;
  issued_at: number;
  signature: string;
}

/**
 * Links a wallet to `owner` once its signature checks out: 400 wallet_signature_invalid (stale,
 * signer_mismatch) otherwise. `created` is false for an address the owner linked before (the
 * same record). The count and the insert run under a lock per owner, so links racing past the
 * ceiling cannot make a sixth.
 */
export async function linkWallet(
  tx: Db,
  owner: string,
  input: WalletLinkInput,
  ctx: { service: string; buyer: string; chainId: number; now: Date },
): Promise<{ row: WalletRow; created: boolean }> {
  if (Math.abs(Math.floor(ctx.now.getTime() / 1000) - input.issued_at) > LINK_FRESH_SECONDS) {
    throw new ApiError('wallet_signature_invalid', {
      message: `issued_at is more than ${LINK_FRESH_SECONDS} s from the service's clock: sign again with the current time (Unix seconds).`,
      details: { reason: 'stale' },
    });
  }
  const address = getAddress(input.address);
  if (!(await signedBy(address, input, ctx))) {
    throw new ApiError('wallet_signature_invalid', {
      message: `The signature does not recover to ${address} for WalletLink{service: "${ctx.service}", buyer: "${ctx.buyer}", wallet, issuedAt} on chain ${ctx.chainId}.`,
      details: { reason: 'signer_mismatch' },
    });
  }
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wallets:${owner}`}))`);
  const [linked] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.owner, owner), eq(wallets.address, address)));
  if (linked) return { row: linked, created: false };
  const [{ n }] = await tx.select({ n: count() }).from(wallets).where(eq(wallets.owner, owner));
  if (n >= MAX_WALLETS) {
    throw new ApiError('wallet_limit_reached', {
      message: `${MAX_WALLETS} wallets are linked already: remove one (DELETE /api/agent/buyer/wallets/{id}) before linking another.`,
      details: { max_wallets: MAX_WALLETS },
    });
  }
  const [row] = await tx.insert(wallets).values({ id: newId('wal'), owner, address, createdAt: ctx.now }).returning();
  return { row, created: true };
}

/** EOA signatures only: recovered from the signature alone, no chain asked (no ERC-1271 or ERC-6492). */
async function signedBy(address: `0x${string}`, input: WalletLinkInput, ctx: { service: string; buyer: string; chainId: number }): Promise<boolean> {
  const typedData = walletLinkTypedData({ service: ctx.service, buyer: ctx.buyer, wallet: address, issuedAt: input.issued_at, chainId: ctx.chainId });
  try {
    return await verifyTypedData({ ...typedData, address, signature: input.signature as `0x${string}` });
  } catch {
    // A 65-byte value that is no signature (a recovery byte out of range, a point off the curve).
    return false;
  }
}

/** The owner's wallets, oldest first. */
export function listWallets(db: Db, owner: string): Promise<WalletRow[]> {
  return db.select().from(wallets).where(eq(wallets.owner, owner)).orderBy(asc(wallets.createdAt), asc(wallets.id));
}

/** Unlinks one of the owner's wallets and answers it; another owner's, or none, is 404 wallet_not_found. */
export async function removeWallet(tx: Db, owner: string, id: string): Promise<WalletRow> {
  const [row] = await tx
    .delete(wallets)
    .where(and(eq(wallets.id, id), eq(wallets.owner, owner)))
    .returning();
  if (!row) throw new ApiError('wallet_not_found');
  return row;
}
