/**
 * The local facilitator (server/x402/ledger.ts) on its own, with payments signed as agents sign
 * them: @x402/core's client with @x402/evm's exact scheme and a viem account, for requirements
 * built as the checkout offers them (v1's `accepts` entry, v2's). Verify checks everything; settle
 * moves the value once per authorization (a repeat answers the same success), refuses a spent
 * nonce, an expired authorization and a wallet that holds too little, and writes nothing then.
 * On PGlite and, with DATABASE_URL, on Postgres, where parallel settles meet as instances would.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { authorizationTypes } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { and, eq } from 'drizzle-orm';
import { keccak256 } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newScope } from '../server/db/deadline';
import { x402LedgerAccounts, x402LedgerTransfers } from '../server/db/schema';
import { Ledger } from '../server/x402/ledger';
import { x402Network } from '../server/x402/networks';
import { parseSentPayment, type SentPayment } from '../server/x402/payment';
import { UNITS_PER_CENT, v1Requirement, v2Requirement, type Offer } from '../server/x402/requirements';
import { setClock } from './support/clock';
import { bareRecoveryId, highSTwin } from './support/x402-agent';
import { freshKey, testApp, testDatabase, type TestApp, type TestDatabase } from './support/app';
import { testServer, type TestServer } from './support/http';

const network = x402Network('base-sepolia');
/** X402_LOCAL_BALANCE's default: 1,000 USDC. */
const LOCAL_BALANCE = 1_000_000_000;
const RESOURCE = 'https://api.test.local/api/agent/cart/crt_ledger/checkout';

/** Fixed wallets (never funded anywhere): every run signs the same way. */
const account = (hex: string) => privateKeyToAccount(`0x${hex.repeat(64).slice(0, 64)}`);
const SHOP = account('5e11e4');
const payers = {
  dana: account('da'),
  eve: account('e7'),
  finn: account('f1'),
  gus: account('6a'),
  hal: account('a1'),
  ivy: account('1f'),
  jo: account('10'),
  kim: account('c1'),
  lee: account('1e'),
};

let tdb: TestDatabase;
let ledger: Ledger;
const db = () => tdb.database.db;

beforeAll(async () => {
  tdb = await testDatabase();
  ledger = new Ledger(() => tdb.database.scoped(newScope()), { network, localBalance: LOCAL_BALANCE });
});
afterAll(async () => {
  await tdb?.drop();
});

function offer(cents: number, overrides: Partial<Offer> = {}): Offer {
  return { network, payTo: SHOP.address, amount: BigInt(cents) * UNITS_PER_CENT, resource: RESOURCE, description: 'a cart', maxTimeoutSeconds: 300, ...overrides };
}

/** The requirements of `o` in x402 version `version`, typed as FacilitatorClient's v2-only interface wants. */
const requirementsOf = (o: Offer, version: 1 | 2) => (version === 1 ? v1Requirement(o) : v2Requirement(o)) as unknown as PaymentRequirements;

/** What an agent's x402 client signs for the offer (v1: the 402 body's `accepts`; v2: PAYMENT-REQUIRED). */
async function paymentFor(payer: PrivateKeyAccount, o: Offer, version: 1 | 2 = 2): Promise<PaymentPayload> {
  // Carts cost more than the client's default cap of $1 a payment.
  const client = new x402Client().setSpendControls({ maxAmountPerPayment: '$100000' });
  registerExactEvmScheme(client, { signer: payer });
  const required =
    version === 1
      ? { x402Version: 1, error: 'payment_required', accepts: [v1Requirement(o)] }
      : { x402Version: 2, error: 'payment_required', resource: { url: o.resource, description: o.description, mimeType: 'application/json' }, accepts: [v2Requirement(o)] };
  return client.createPaymentPayload(required as never);
}

function sent(payload: PaymentPayload): SentPayment {
  const p = parseSentPayment(payload, payload.x402Version as 1 | 2);
  if (typeof p === 'string') throw new Error(p);
  return p;
}

/** The same authorization's fields re-signed by `payer` with `changes` (a second signature over the same nonce, or a tampered one). */
async function resigned(payload: PaymentPayload, payer: PrivateKeyAccount, changes: Record<string, string>): Promise<PaymentPayload> {
  const a = { ...(payload.payload as { authorization: Record<string, string> }).authorization, ...changes };
  const signature = await payer.signTypedData({
    domain: { name: network.extra.name, version: network.extra.version, chainId: network.chainId, verifyingContract: network.asset },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: { from: a.from as `0x${string}`, to: a.to as `0x${string}`, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore), nonce: a.nonce as `0x${string}` },
  });
  return { ...payload, payload: { signature, authorization: a } };
}

function withSignature(payload: PaymentPayload, signature: string): PaymentPayload {
  return { ...payload, payload: { ...(payload.payload as Record<string, unknown>), signature } };
}

function withAuthorization(payload: PaymentPayload, changes: Record<string, string>): PaymentPayload {
  const p = payload.payload as { signature: string; authorization: Record<string, string> };
  return { ...payload, payload: { ...p, authorization: { ...p.authorization, ...changes } } };
}

async function transfersOf(from: string) {
  return db().select().from(x402LedgerTransfers).where(eq(x402LedgerTransfers.from, from));
}

const usdc = (dollars: number) => BigInt(dollars) * 1_000_000n;

describe('supported', () => {
  it('lists exact on the chain in both versions: v1 by name, v2 in CAIP-2; no signer', async () => {
    expect(await ledger.getSupported()).toEqual({
      kinds: [
        { x402Version: 1, scheme: 'exact', network: 'base-sepolia' },
        { x402Version: 2, scheme: 'exact', network: 'eip155:84532' },
      ],
      extensions: [],
      signers: {},
    });
  });
});

describe('verify', () => {
  it('accepts a v2 payment made by the x402 client for the v2 requirements, and a v1 one for v1', async () => {
    const o = offer(4_999);
    for (const version of [1, 2] as const) {
      expect(await ledger.verify(await paymentFor(payers.dana, o, version), requirementsOf(o, version))).toEqual({ isValid: true, payer: payers.dana.address });
    }
  });

  it('refuses, in @x402/evm words, what the requirements do not ask or the payer did not sign', async () => {
    const o = offer(1_250);
    const v2 = await paymentFor(payers.dana, o);
    const refused = async (payload: PaymentPayload, requirements = requirementsOf(o, 2)) => (await ledger.verify(payload, requirements)).invalidReason;
    expect(await refused(v2, requirementsOf(offer(1_251), 2))).toBe('invalid_exact_evm_payload_authorization_value_mismatch');
    expect(await refused(v2, requirementsOf(offer(1_250, { payTo: payers.eve.address }), 2))).toBe('invalid_exact_evm_recipient_mismatch');
    expect(await refused(v2, requirementsOf(offer(1_250, { network: x402Network('base') }), 2))).toBe('invalid_exact_evm_network_mismatch');
    expect(await refused(v2, { ...requirementsOf(o, 2), scheme: 'upto' })).toBe('invalid_exact_evm_scheme');
    // The value raised after signing: the signature no longer recovers to `from`.
    expect(await refused(withAuthorization(v2, { value: String(usdc(13)) }), requirementsOf(offer(1_300), 2))).toBe('invalid_exact_evm_signature');
    // Signed by someone else than `from`.
    expect(await refused(await resigned(v2, payers.eve, {}))).toBe('invalid_exact_evm_signature');
    // The high-s twin of the payer's own signature: it recovers to `from`, but USDC's ECRecover (EIP-2) refuses it.
    expect(await refused(withSignature(v2, highSTwin((v2.payload as { signature: `0x${string}` }).signature)))).toBe('invalid_exact_evm_signature');
    // v as the bare recovery id 0/1: it recovers to `from` too, and ECRecover refuses any v but 27/28.
    expect(await refused(withSignature(v2, bareRecoveryId((v2.payload as { signature: `0x${string}` }).signature)))).toBe('invalid_exact_evm_signature');
    expect(await refused(withAuthorization(v2, { validBefore: '1' }))).toBe('invalid_exact_evm_payload_authorization_valid_before');
    // Further out than the requirements' maxTimeoutSeconds (and a minute's skew) allow.
    expect(await refused(withAuthorization(v2, { validBefore: String(2n ** 256n - 1n) }))).toBe('invalid_exact_evm_payload_authorization_valid_before');
    expect(await refused(withAuthorization(v2, { validAfter: String(Math.floor(Date.now() / 1000) + 3600) }))).toBe('invalid_exact_evm_payload_authorization_valid_after');
    // A v1 payment carries no asset or resource: judged against v1 requirements, by network name.
    const v1 = await paymentFor(payers.dana, o, 1);
    expect(await refused(v1, requirementsOf(offer(1_250, { network: x402Network('base') }), 1))).toBe('invalid_exact_evm_network_mismatch');
  });

  it('a payment it cannot read is unsupported_payload_type, with what is wrong', async () => {
    const o = offer(500);
    const v2 = await paymentFor(payers.dana, o);
    const garbled = withAuthorization(v2, { nonce: '0x1234' });
    expect(await ledger.verify(garbled, requirementsOf(o, 2))).toMatchObject({ isValid: false, invalidReason: 'unsupported_payload_type', invalidMessage: expect.stringContaining('payload.authorization.nonce') });
    expect(await ledger.settle(garbled, requirementsOf(o, 2))).toMatchObject({ success: false, errorReason: 'unsupported_payload_type', transaction: '' });
    expect(await ledger.settle(withAuthorization(v2, { value: 'lots' }), requirementsOf(o, 2))).toMatchObject({ success: false, errorReason: 'unsupported_payload_type', errorMessage: expect.stringContaining('payload.authorization.value') });
  });

  it('a v2 payment is held to a resource only when the requirements name one (x402 v2 requirements do not)', async () => {
    const o = offer(700);
    const elsewhere = await paymentFor(payers.dana, offer(700, { resource: 'https://api.test.local/api/agent/cart/crt_other/checkout' }));
    expect((await ledger.verify(elsewhere, requirementsOf(o, 2))).isValid).toBe(true);
    const named = { ...requirementsOf(o, 2), resource: RESOURCE } as PaymentRequirements;
    expect(await ledger.verify(elsewhere, named)).toMatchObject({ isValid: false, invalidReason: 'resource_mismatch' });
    expect((await ledger.verify(await paymentFor(payers.dana, o), named)).isValid).toBe(true);
  });

  it('refuses a wallet that holds less than the value: invalid_exact_evm_insufficient_balance (and balanceReason says so read-only)', async () => {
    const o = offer(100_001); // 1,000.01 USDC: one cent more than an unseen address holds
    const payment = await paymentFor(payers.eve, o);
    expect(await ledger.verify(payment, requirementsOf(o, 2))).toEqual({ isValid: false, invalidReason: 'invalid_exact_evm_insufficient_balance', payer: payers.eve.address });
    expect(await ledger.balanceReason(sent(payment))).toBe('invalid_exact_evm_insufficient_balance');
    expect(await ledger.balanceReason(sent(await paymentFor(payers.eve, offer(100_000))))).toBeUndefined();
    // A read writes nothing: eve is still unseen.
    expect(await db().select().from(x402LedgerAccounts).where(eq(x402LedgerAccounts.address, payers.eve.address))).toEqual([]);
  });
});

describe('settle', () => {
  it('moves the value from the payer to payTo, once; the transaction is keccak256 of the signature, the network as the requirements name it', async () => {
    const shopBefore = await ledger.balance(SHOP.address);
    for (const version of [1, 2] as const) {
      const o = offer(2_500 + version);
      const payment = await paymentFor(payers.finn, o, version);
      const answer = await ledger.settle(payment, requirementsOf(o, version));
      expect(answer).toEqual({
        success: true,
        payer: payers.finn.address,
        transaction: keccak256((payment.payload as { signature: `0x${string}` }).signature),
        network: version === 1 ? 'base-sepolia' : 'eip155:84532',
      });
    }
    expect(await ledger.balance(payers.finn.address)).toBe(BigInt(LOCAL_BALANCE) - usdc(25) * 2n - 30_000n);
    expect(await ledger.balance(SHOP.address)).toBe(shopBefore + usdc(25) * 2n + 30_000n);
    const rows = await transfersOf(payers.finn.address);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ network: 'eip155:84532', asset: network.asset, to: SHOP.address });
  });

  it('the same authorization settled again answers the same success and moves nothing; verify then calls its nonce used', async () => {
    const o = offer(1_999);
    const payment = await paymentFor(payers.gus, o);
    const first = await ledger.settle(payment, requirementsOf(o, 2));
    expect(first.success).toBe(true);
    expect(await ledger.settle(payment, requirementsOf(o, 2))).toEqual(first);
    // The same authorization as x402 v1 (one authorization is valid in either): the same transfer.
    const asV1 = { x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: payment.payload } as unknown as PaymentPayload;
    expect(await ledger.settle(asV1, requirementsOf(o, 1))).toEqual({ ...first, network: 'base-sepolia' });
    expect(await transfersOf(payers.gus.address)).toHaveLength(1);
    expect(await ledger.balance(payers.gus.address)).toBe(BigInt(LOCAL_BALANCE) - usdc(19) - 990_000n);
    expect((await ledger.verify(payment, requirementsOf(o, 2))).invalidReason).toBe('invalid_exact_evm_nonce_already_used');
  });

  it('the nonce under another signature of the payer is spent: invalid_exact_evm_nonce_already_used, nothing moved', async () => {
    const o = offer(300);
    const payment = await paymentFor(payers.hal, o);
    expect((await ledger.settle(payment, requirementsOf(o, 2))).success).toBe(true);
    const balance = await ledger.balance(payers.hal.address);
    const validBefore = String(Number((payment.payload as { authorization: { validBefore: string } }).authorization.validBefore) - 1);
    const again = await resigned(payment, payers.hal, { validBefore });
    expect(await ledger.settle(again, requirementsOf(o, 2))).toEqual({
      success: false,
      errorReason: 'invalid_exact_evm_nonce_already_used',
      payer: payers.hal.address,
      transaction: '',
      network: 'eip155:84532',
    });
    expect(await ledger.balance(payers.hal.address)).toBe(balance);
    expect(await transfersOf(payers.hal.address)).toHaveLength(1);
  });

  it('past validBefore at settle time: invalid_exact_evm_payload_authorization_valid_before, nothing written; a settled one still answers its success', async () => {
    const o = offer(800, { maxTimeoutSeconds: 60 });
    const late = await paymentFor(payers.ivy, o);
    const settled = await paymentFor(payers.ivy, o);
    const first = await ledger.settle(settled, requirementsOf(o, 2));
    const restore = setClock(new Date(Date.now() + 61_000).toISOString());
    try {
      expect(await ledger.settle(late, requirementsOf(o, 2))).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_payload_authorization_valid_before' });
      expect(await ledger.settle(settled, requirementsOf(o, 2))).toEqual(first);
    } finally {
      restore();
    }
    expect(await transfersOf(payers.ivy.address)).toHaveLength(1);
  });

  it('a wallet that holds too little is refused and nothing is written; funded, the same authorization settles', async () => {
    const o = offer(150_000); // 1,500 USDC
    const payment = await paymentFor(payers.jo, o, 1);
    expect(await ledger.settle(payment, requirementsOf(o, 1))).toEqual({
      success: false,
      errorReason: 'invalid_exact_evm_insufficient_balance',
      payer: payers.jo.address,
      transaction: '',
      network: 'base-sepolia',
    });
    expect(await transfersOf(payers.jo.address)).toEqual([]);
    expect(await db().select().from(x402LedgerAccounts).where(eq(x402LedgerAccounts.address, payers.jo.address))).toEqual([]);

    expect(await ledger.fund(payers.jo.address.toLowerCase(), usdc(600))).toBe(usdc(1_600));
    expect((await ledger.settle(payment, requirementsOf(o, 1))).success).toBe(true);
    expect(await ledger.balance(payers.jo.address)).toBe(usdc(100));
  });

  it('a wallet paying itself needs the value all the same: more than it holds is refused, nothing written; less moves nothing but is recorded', async () => {
    const toSelf = (cents: number) => offer(cents, { payTo: payers.lee.address });
    const tooMuch = await paymentFor(payers.lee, toSelf(150_000)); // 1,500 USDC of 1,000
    expect(await ledger.settle(tooMuch, requirementsOf(toSelf(150_000), 2))).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_insufficient_balance' });
    expect(await transfersOf(payers.lee.address)).toEqual([]);
    expect(await db().select().from(x402LedgerAccounts).where(eq(x402LedgerAccounts.address, payers.lee.address))).toEqual([]);

    const affordable = await paymentFor(payers.lee, toSelf(90_000));
    expect((await ledger.settle(affordable, requirementsOf(toSelf(90_000), 2))).success).toBe(true);
    expect(await ledger.balance(payers.lee.address)).toBe(BigInt(LOCAL_BALANCE));
    expect(await transfersOf(payers.lee.address)).toHaveLength(1);
    // Now a row of its own: still refused past what it holds.
    const again = await paymentFor(payers.lee, toSelf(150_000));
    expect(await ledger.settle(again, requirementsOf(toSelf(150_000), 2))).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_insufficient_balance' });
    expect(await ledger.balance(payers.lee.address)).toBe(BigInt(LOCAL_BALANCE));
  });

  it('a payment for another amount, recipient or chain than the requirements is refused before anything is written', async () => {
    const o = offer(450);
    const payment = await paymentFor(payers.kim, o);
    expect((await ledger.settle(payment, requirementsOf(offer(451), 2))).errorReason).toBe('invalid_exact_evm_payload_authorization_value_mismatch');
    expect((await ledger.settle(payment, requirementsOf(offer(450, { payTo: payers.dana.address }), 2))).errorReason).toBe('invalid_exact_evm_recipient_mismatch');
    expect((await ledger.settle(payment, requirementsOf(offer(450, { network: x402Network('base') }), 2))).errorReason).toBe('invalid_exact_evm_network_mismatch');
    expect(await transfersOf(payers.kim.address)).toEqual([]);
  });
});

describe('fund', () => {
  it('an unseen address starts from X402_LOCAL_BALANCE; top-ups add up', async () => {
    const address = account('fd').address;
    expect(await ledger.balance(address)).toBe(BigInt(LOCAL_BALANCE));
    expect(await ledger.fund(address, 2_500_000n)).toBe(BigInt(LOCAL_BALANCE) + 2_500_000n);
    expect(await ledger.fund(address, usdc(1))).toBe(BigInt(LOCAL_BALANCE) + 3_500_000n);
    expect(await ledger.balance(address)).toBe(BigInt(LOCAL_BALANCE) + 3_500_000n);
    await expect(ledger.fund(address, 0n)).rejects.toThrow(RangeError);
  });

  it('a balance past a bigint is refused (x402_ledger_balance_limit), never a database overflow; nothing changes', async () => {
    const address = account('fb').address;
    const max = 2n ** 63n - 1n;
    await expect(ledger.fund(address, max)).rejects.toMatchObject({ code: 'x402_ledger_balance_limit' });
    const near = await ledger.fund(address, max - BigInt(LOCAL_BALANCE) - 5n);
    expect(near).toBe(max - 5n);
    await expect(ledger.fund(address, 6n)).rejects.toMatchObject({ code: 'x402_ledger_balance_limit', details: { max_balance: String(max) } });
    expect(await ledger.fund(address, 5n)).toBe(max);
  });
});

describe('POST /api/admin/x402/ledger/top-ups, through the real handler', () => {
  const ADMIN_TOKEN = 'ledger-admin-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ ADMIN_TOKEN }, tdb);
  });
  afterAll(async () => {
    await t?.close();
  });

  const topUp = (body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${ADMIN_TOKEN}` }, app = t) =>
    app.call('POST', '/api/admin/x402/ledger/top-ups', { headers, body });

  it('adds the amount to the wallet and answers its balance; the same Idempotency-Key adds nothing twice', async () => {
    const address = account('ad').address;
    const key = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Idempotency-Key': freshKey() };
    const res = await topUp({ address: address.toLowerCase(), amount: '12500000' }, key);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = { address, network: 'base-sepolia', asset: network.asset, amount: '12500000', balance: '1012500000' };
    expect(await res.json()).toEqual(answer);
    const again = await topUp({ address: address.toLowerCase(), amount: '12500000' }, key);
    expect(await again.json()).toEqual(answer);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ledger.balance(address)).toBe(1_012_500_000n);
  });

  it('refuses without the admin token, bad input, a balance past a bigint, and when a remote facilitator settles', async () => {
    const address = account('ae').address;
    expect((await topUp({ address, amount: '1' }, {})).status).toBe(401);
    expect(await (await topUp({ address, amount: '1' }, { Authorization: 'Bearer wrong' })).json()).toMatchObject({ code: 'admin_token_invalid' });
    for (const body of [{ address: '0x1234', amount: '1' }, { address, amount: '0' }, { address, amount: '1.5' }, { address, amount: '1000000000000000000' }, { address, amount: 1 }]) {
      expect(await (await topUp(body)).json(), JSON.stringify(body)).toMatchObject({ code: 'invalid_request' });
    }
    await ledger.fund(address, 2n ** 63n - 1n - BigInt(LOCAL_BALANCE));
    const full = await topUp({ address, amount: '1' });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'x402_ledger_balance_limit' });

    const remote = await testApp({ ADMIN_TOKEN, X402_FACILITATOR_URL: 'https://facilitator.example' }, tdb);
    try {
      const res = await topUp({ address, amount: '1' }, undefined, remote);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'x402_ledger_not_in_use' });
    } finally {
      await remote.close();
    }
    const disabled = await testApp({}, tdb);
    try {
      expect(await (await topUp({ address, amount: '1' }, undefined, disabled)).json()).toMatchObject({ code: 'admin_disabled' });
    } finally {
      await disabled.close();
    }
  });
});

describe('npm run x402:fund', () => {
  const root = path.resolve(import.meta.dirname, '..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-x402-fund-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The command as `npm run` runs it, on this file's Postgres database, or a PGlite folder of its own. */
  async function fund(args: string[], env: Record<string, string> = {}) {
    const database = tdb.url ? { DATABASE_URL: tdb.url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/x402-fund.ts', ...args], {
        cwd: root,
        env: { ...process.env, X402_LOCAL_BALANCE: '1000', ...database, ...env },
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (err: any) {
      return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
    }
  }

  it('with no server running, tops up an address in the database and prints what it did', async () => {
    const address = account('fe').address;
    const funded = await fund([address.toLowerCase(), '12.5']);
    expect(funded, funded.stderr).toMatchObject({ code: 0 });
    const where = tdb.url ? 'in the Postgres database directly' : `in ${dataDir} directly (no server is running on it)`;
    expect(funded.stdout).toContain(`Added 12.5 USDC to ${address} on the local ledger (base-sepolia, no money moves), ${where}: it holds 1012.5 USDC now.`);
    if (tdb.url) expect(await ledger.balance(address)).toBe(1_012_500_000n);
  }, 120_000);

  describe('while a server runs on the embedded database', () => {
    const ADMIN_TOKEN = 'fund-admin-token-0123456789abcdef';
    let server: TestServer;
    let busyDir: string;
    beforeAll(async () => {
      server = await testServer({ ADMIN_TOKEN }, tdb);
      // The folder as a running server leaves it: its pid (this process's, alive) in server.pid.
      busyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acapi-x402-fund-busy-'));
      fs.writeFileSync(path.join(busyDir, 'server.pid'), String(process.pid));
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(busyDir, { recursive: true, force: true });
    });
    const onBusyDir = (env: Record<string, string>) => ({ DATA_DIR: busyDir, DATABASE_URL: '', PORT: new URL(server.url).port, ...env });

    it('goes through the server’s admin API, with no downtime, and says so', async () => {
      const address = account('fc').address;
      const funded = await fund([address, '250'], onBusyDir({ ADMIN_TOKEN }));
      expect(funded, funded.stderr).toMatchObject({ code: 0 });
      expect(funded.stdout).toContain(`Added 250 USDC to ${address} on the local ledger (base-sepolia, no money moves), through the admin API of the server running on ${busyDir} (pid ${process.pid}): it holds 1250 USDC now.`);
      expect(await ledger.balance(address)).toBe(1_250_000_000n);
    }, 120_000);

    it('without ADMIN_TOKEN says which variable to set and how to make one; a wrong one, what the server answered', async () => {
      const address = account('fc').address;
      const off = await fund([address, '1'], onBusyDir({ ADMIN_TOKEN: '' }));
      expect(off.code).toBe(1);
      expect(off.stderr).toContain(`The server (pid ${process.pid}) is running on the embedded database in ${busyDir}`);
      expect(off.stderr).toContain('Set ADMIN_TOKEN in the server\'s environment (make one with: openssl rand -hex 32)');
      const wrong = await fund([address, '1'], onBusyDir({ ADMIN_TOKEN: 'not-the-servers-token-0123456789' }));
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('which answered 403 admin_token_invalid');
      expect(await ledger.balance(address)).toBe(1_250_000_000n);
    }, 120_000);
  });

  it('refuses with a remote facilitator configured, and a malformed address or amount', async () => {
    const address = account('fe').address;
    const remote = await fund([address, '1'], { X402_FACILITATOR_URL: 'https://facilitator.example' });
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain('X402_FACILITATOR_URL is set (https://facilitator.example): payments settle through that facilitator');
    for (const args of [[address], ['0x1234', '1'], [address, '1.1234567']]) {
      const refused = await fund(args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr).toContain('usage: npm run x402:fund -- <address> <usdc>');
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('settling in parallel (Postgres; PGlite runs one thing at a time)', () => {
  it('20 parallel settles of one authorization: one transfer, every answer the same success', async () => {
    const payer = account('20');
    const o = offer(3_333);
    const payment = await paymentFor(payer, o);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ledger.settle(payment, requirementsOf(o, 2))));
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ success: true, payer: payer.address, transaction: answers[0].transaction, network: 'eip155:84532' })]));
    expect(await transfersOf(payer.address)).toHaveLength(1);
    expect(await ledger.balance(payer.address)).toBe(BigInt(LOCAL_BALANCE) - 33_330_000n);
  });

  it('one wallet paying two authorizations at once with the balance for one: exactly one settles', async () => {
    const payer = account('21');
    const o = offer(60_000); // 600 USDC, twice, from 1,000
    const [a, b] = [await paymentFor(payer, o), await paymentFor(payer, o)];
    const answers = await Promise.all([a, b].map((p) => ledger.settle(p, requirementsOf(o, 2))));
    expect(answers.map((x) => x.success).sort()).toEqual([false, true]);
    expect(answers.find((x) => !x.success)?.errorReason).toBe('invalid_exact_evm_insufficient_balance');
    expect(await transfersOf(payer.address)).toHaveLength(1);
    expect(await ledger.balance(payer.address)).toBe(usdc(400));
  });

  it('transfers in opposite directions at once wait for each other instead of deadlocking', async () => {
    const [x, y] = [account('31'), account('32')];
    const xToY = offer(100, { payTo: y.address });
    const yToX = offer(100, { payTo: x.address });
    const payments = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? paymentFor(y, yToX) : paymentFor(x, xToY))));
    const answers = await Promise.all(payments.map((p, i) => ledger.settle(p, requirementsOf(i % 2 ? yToX : xToY, 2))));
    expect(answers.every((a) => a.success)).toBe(true);
    expect(await ledger.balance(x.address)).toBe(BigInt(LOCAL_BALANCE));
    expect(await ledger.balance(y.address)).toBe(BigInt(LOCAL_BALANCE));
    const all = await db().select().from(x402LedgerTransfers).where(and(eq(x402LedgerTransfers.network, network.caip2)));
    expect(all.filter((t) => t.from === x.address || t.from === y.address)).toHaveLength(8);
  });
});
