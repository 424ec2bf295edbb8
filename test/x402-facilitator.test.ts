/**
 * Which facilitator settles (server/x402/facilitator.ts) and what the remote one's client does
 * with each answer a facilitator can give: @x402/core's HTTPFacilitatorClient against a local
 * stand-in, with the bearer token on every call and X402_FACILITATOR_TIMEOUT_MS as its timeout.
 * The answers here are what settlement classifies as settled, a definite failure (void the order)
 * or unknown (keep it pending). Also the x402 configuration: what start-up refuses, and the pay-to
 * address derived from SECRETS_KEY and stored nowhere.
 */
import { x402Client } from '@x402/core/client';
import { FacilitatorResponseError, FacilitatorTimeoutError, HTTPFacilitatorClient } from '@x402/core/http';
import { SettleError, VerifyError, type PaymentPayload, type PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { serviceSettings } from '../server/db/schema';
import { ServiceKeys } from '../server/secrets/keys';
import { createX402, describeX402, type X402 } from '../server/x402/facilitator';
import { Ledger } from '../server/x402/ledger';
import { x402Network } from '../server/x402/networks';
import { payToAddress } from '../server/x402/pay-to';
import { v2Requirement, type Offer } from '../server/x402/requirements';
import { TEST_SECRETS_KEY, testApp, testConfig, type TestApp } from './support/app';
import { STANDIN_FACILITATOR_TOKEN, startFacilitatorStandin, type FacilitatorStandin } from './support/facilitator-stand-in';

const TIMEOUT_MS = 400;
const network = x402Network('base-sepolia');
const payer = privateKeyToAccount(`0x${'a7'.repeat(32)}`);

/** Keys whose database must never be read: deriving the pay-to address needs none. */
const keysOf = (secretsKey: string) => new ServiceKeys(new Proxy({}, { get: () => { throw new Error('the database was used'); } }) as Db, Buffer.from(secretsKey, 'base64'), undefined);
const noDatabase = { scoped: () => { throw new Error('the database was used'); } };

let standin: FacilitatorStandin;
let remote: X402;
let payment: PaymentPayload;
let requirements: PaymentRequirements;

beforeAll(async () => {
  standin = await startFacilitatorStandin();
  const config = testConfig({ ...standin.env, X402_FACILITATOR_TIMEOUT_MS: String(TIMEOUT_MS) });
  remote = createX402(config, noDatabase, keysOf(TEST_SECRETS_KEY));
  const offer: Offer = { network, payTo: remote.payTo, amount: 1_234_500n, resource: 'https://api.test.local/api/agent/cart/crt_remote/checkout', description: 'a cart', maxTimeoutSeconds: 300 };
  const client = new x402Client().setSpendControls({ maxAmountPerPayment: '$100' });
  registerExactEvmScheme(client, { signer: payer });
  payment = await client.createPaymentPayload({ x402Version: 2, resource: { url: offer.resource, description: offer.description, mimeType: 'application/json' }, accepts: [v2Requirement(offer)] } as never);
  requirements = v2Requirement(offer) as unknown as PaymentRequirements;
});
afterAll(async () => {
  await standin?.close();
});

/** What the client does with one scripted settle: its answer, or what it threw. */
async function settleOnce(...answers: Parameters<FacilitatorStandin['next']>[1][]): Promise<unknown> {
  standin.next('/settle', ...answers);
  try {
    return await remote.facilitator.settle(payment, requirements);
  } catch (err) {
    return err;
  }
}

describe('createX402', () => {
  it('with X402_FACILITATOR_URL: the HTTP client at that URL with the configured timeout; no ledger', () => {
    expect(remote.facilitator).toBeInstanceOf(HTTPFacilitatorClient);
    expect((remote.facilitator as HTTPFacilitatorClient).url).toBe(standin.url);
    expect((remote.facilitator as HTTPFacilitatorClient).timeoutMs).toBe(TIMEOUT_MS);
    expect(remote.ledger).toBeUndefined();
    expect(remote).toMatchObject({ network, maxTimeoutSeconds: 300 });
  });

  it('without it: the local ledger is the facilitator', () => {
    const local = createX402(testConfig({ X402_LOCAL_BALANCE: '25.5' }), noDatabase, keysOf(TEST_SECRETS_KEY));
    expect(local.ledger).toBeInstanceOf(Ledger);
    expect(local.facilitator).toBe(local.ledger);
    expect(local.ledger!.localBalance).toBe(25_500_000);
  });

  it('sends the bearer token on verify, settle and supported', async () => {
    const from = standin.calls.length;
    expect(await remote.facilitator.verify(payment, requirements)).toEqual({ isValid: true, payer: payer.address });
    expect(await remote.facilitator.settle(payment, requirements)).toMatchObject({ success: true, payer: payer.address, network: 'eip155:84532' });
    expect((await remote.facilitator.getSupported()).kinds).toHaveLength(2);
    const calls = standin.calls.slice(from);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.authorization}`)).toEqual([
      `POST /verify Bearer ${STANDIN_FACILITATOR_TOKEN}`,
      `POST /settle Bearer ${STANDIN_FACILITATOR_TOKEN}`,
      `GET /supported Bearer ${STANDIN_FACILITATOR_TOKEN}`,
    ]);
    // The payment in its own version, with the requirements, as x402's facilitator API takes them.
    expect(calls[1].body).toEqual({ x402Version: 2, paymentPayload: payment, paymentRequirements: requirements });
  });

  it('without X402_FACILITATOR_TOKEN no Authorization is sent (and this stand-in refuses: a plain Error, not a SettleError)', async () => {
    const bare = createX402(testConfig({ X402_FACILITATOR_URL: standin.url }), noDatabase, keysOf(TEST_SECRETS_KEY));
    const from = standin.calls.length;
    const thrown = await bare.facilitator.settle(payment, requirements).catch((err: unknown) => err);
    expect(standin.calls[from]).toMatchObject({ path: '/settle', outcome: 'unauthorized' });
    expect(standin.calls[from].headers.authorization).toBeUndefined();
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(SettleError);
    expect((thrown as Error).message).toMatch(/^Facilitator settle failed \(401\)/);
  });
});

/**
 * The table settlement classifies by (payments/x402-settlement.ts settleOnce): what HTTPFacilitatorClient
 * answers or throws for each thing a facilitator can do.
 */
describe('HTTPFacilitatorClient: how each answer of settle surfaces', () => {
  it('200 {success: true} → returned', async () => {
    expect(await settleOnce('ok')).toMatchObject({ success: true, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/), network: 'eip155:84532', payer: payer.address });
  });

  it('200 {success: false, errorReason} → returned as it is (definite failure)', async () => {
    expect(await settleOnce({ refuse: 'invalid_exact_evm_insufficient_balance' })).toEqual({
      success: false,
      errorReason: 'invalid_exact_evm_insufficient_balance',
      errorMessage: 'refused by the stand-in: invalid_exact_evm_insufficient_balance',
      payer: payer.address,
      transaction: '',
      network: 'eip155:84532',
    });
  });

  it('200 {success: false, errorReason: settlement_pending} → returned (unknown: the money may move)', async () => {
    expect(await settleOnce('pending')).toMatchObject({ success: false, errorReason: 'settlement_pending' });
  });

  it('4xx with a SettleError body → throws SettleError {statusCode, errorReason, errorMessage, payer, transaction, network}', async () => {
    const thrown = await settleOnce({ refuse: 'invalid_exact_evm_nonce_already_used', status: 400 });
    expect(thrown).toBeInstanceOf(SettleError);
    expect(thrown).toMatchObject({
      statusCode: 400,
      errorReason: 'invalid_exact_evm_nonce_already_used',
      errorMessage: 'refused by the stand-in: invalid_exact_evm_nonce_already_used',
      payer: payer.address,
      transaction: '',
      network: 'eip155:84532',
      message: 'invalid_exact_evm_nonce_already_used: refused by the stand-in: invalid_exact_evm_nonce_already_used',
    });
  });

  it('5xx with a SettleError body → ALSO throws SettleError, with statusCode 500 (so the class alone does not tell definite from unknown)', async () => {
    const thrown = await settleOnce({ status: 500, body: { success: false, errorReason: 'unexpected_settle_error', transaction: '', network: 'eip155:84532' } });
    expect(thrown).toBeInstanceOf(SettleError);
    expect(thrown).toMatchObject({ statusCode: 500, errorReason: 'unexpected_settle_error' });
  });

  it('5xx with another JSON body → throws a plain Error "Facilitator settle failed (500): <body>"', async () => {
    const thrown = await settleOnce({ status: 500, body: { error: 'internal' } });
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(SettleError);
    expect(thrown).not.toBeInstanceOf(FacilitatorResponseError);
    expect((thrown as Error).message).toBe('Facilitator settle failed (500): {"error":"internal"}');
  });

  it('5xx with no body → throws a plain Error "Facilitator settle failed (500): <empty response>"', async () => {
    const thrown = await settleOnce({ status: 500 });
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(SettleError);
    expect((thrown as Error).message).toBe('Facilitator settle failed (500): <empty response>');
  });

  it('200 with a body that is no settle response → throws FacilitatorResponseError', async () => {
    const thrown = await settleOnce({ status: 200, body: { ok: true } });
    expect(thrown).toBeInstanceOf(FacilitatorResponseError);
    expect(thrown).not.toBeInstanceOf(FacilitatorTimeoutError);
    expect((thrown as Error).message).toMatch(/^Facilitator settle returned invalid data/);
  });

  it('no answer within X402_FACILITATOR_TIMEOUT_MS → throws FacilitatorTimeoutError {operation, timeoutMs} (a FacilitatorResponseError too)', async () => {
    const started = performance.now();
    const thrown = await settleOnce('hang');
    const waited = performance.now() - started;
    expect(thrown).toBeInstanceOf(FacilitatorTimeoutError);
    expect(thrown).toBeInstanceOf(FacilitatorResponseError);
    expect(thrown).toMatchObject({ operation: 'settle', timeoutMs: TIMEOUT_MS, message: `Facilitator settle request timed out after ${TIMEOUT_MS}ms` });
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(waited).toBeLessThan(TIMEOUT_MS + 2_000);
    // The next settle is answered as usual.
    expect(await settleOnce('ok')).toMatchObject({ success: true });
  });

  it('nobody listening → throws TypeError "fetch failed" (its cause ECONNREFUSED)', async () => {
    const closed = await startFacilitatorStandin();
    await closed.close();
    const down = createX402(testConfig({ ...closed.env, X402_FACILITATOR_TIMEOUT_MS: String(TIMEOUT_MS) }), noDatabase, keysOf(TEST_SECRETS_KEY));
    const thrown = await down.facilitator.settle(payment, requirements).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({ message: 'fetch failed', cause: expect.objectContaining({ code: 'ECONNREFUSED' }) });
  });
});

describe('HTTPFacilitatorClient: verify', () => {
  const verifyOnce = async (...answers: Parameters<FacilitatorStandin['next']>[1][]) => {
    standin.next('/verify', ...answers);
    return remote.facilitator.verify(payment, requirements).catch((err: unknown) => err);
  };

  it('200 {isValid: false} → returned; 4xx with a verify body → throws VerifyError {statusCode, invalidReason}', async () => {
    expect(await verifyOnce({ refuse: 'invalid_exact_evm_authorization_value' })).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_authorization_value', payer: payer.address });
    const thrown = await verifyOnce({ refuse: 'invalid_exact_evm_signature', status: 400 });
    expect(thrown).toBeInstanceOf(VerifyError);
    expect(thrown).toMatchObject({ statusCode: 400, invalidReason: 'invalid_exact_evm_signature', payer: payer.address });
  });

  it('5xx with a verify body → ALSO VerifyError, statusCode 500; 5xx without → a plain Error; no answer → FacilitatorTimeoutError {operation: verify}', async () => {
    const withBody = await verifyOnce({ status: 500, body: { isValid: false, invalidReason: 'unexpected_verify_error' } });
    expect(withBody).toBeInstanceOf(VerifyError);
    expect(withBody).toMatchObject({ statusCode: 500, invalidReason: 'unexpected_verify_error' });
    const failed = await verifyOnce({ status: 503 });
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe('Facilitator verify failed (503): <empty response>');
    expect(await verifyOnce('hang')).toMatchObject({ name: 'FacilitatorTimeoutError', operation: 'verify', timeoutMs: TIMEOUT_MS });
  });
});

describe('describeX402 (start-up lines)', () => {
  it('local: says no money moves, the chain, payTo, what an unseen address holds and how to top up', async () => {
    const local = createX402(testConfig(), noDatabase, keysOf(TEST_SECRETS_KEY));
    const lines = (await describeX402(local)).join('\n');
    expect(lines).toContain('no money moves');
    expect(lines).toContain('base-sepolia (eip155:84532)');
    expect(lines).toContain(local.payTo);
    expect(lines).toContain('1,000 USDC');
    expect(lines).toContain('npm run x402:fund -- <address> <usdc>');
  });

  it('remote: lists what /supported answers; says who decides a lost settle: the chain (its host, never its URL) or an operator', async () => {
    const lines = await describeX402(remote);
    expect(lines.join('\n')).toContain(`the facilitator at ${standin.url}`);
    expect(lines.join('\n')).toContain('exact v1 base-sepolia, exact v2 eip155:84532');
    expect(lines.filter((l) => l.includes('warning'))).toEqual(['x402: warning: X402_RPC_URL is unset: a settle whose answer is lost is left for review once its validBefore has passed (npm run x402:reconcile).']);
    const rpcUrl = 'https://base-sepolia.rpc.example/v2/provider-key-0123';
    const withChain = createX402(testConfig({ ...standin.env, X402_RPC_URL: rpcUrl }), noDatabase, keysOf(TEST_SECRETS_KEY));
    const said = (await describeX402(withChain)).join('\n');
    expect(said).toContain('decided by the chain at base-sepolia.rpc.example once its validBefore has passed');
    expect(said).not.toContain('provider-key');
    expect(said).not.toContain('warning');
  });

  it('remote, not answering or not listing our chain: a warning line, never a throw', async () => {
    standin.next('/supported', { status: 500, body: { error: 'down' } });
    expect((await describeX402(remote)).at(-1)).toMatch(/^x402: warning: the facilitator did not answer \/supported \(Facilitator getSupported failed \(500\)/);
    standin.next('/supported', 'hang');
    expect((await describeX402(remote)).at(-1)).toMatch(/timed out after 400ms/);
    standin.next('/supported', { status: 200, body: { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }], extensions: [], signers: {} } });
    expect((await describeX402(remote)).at(-1)).toBe('x402: warning: it lists no exact kind for eip155:84532: settlements will fail until it does.');
  });
});

describe('configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });

  it('defaults: base-sepolia, the ledger (no URL), 10 s timeout, 300 s, 1,000 USDC', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).x402).toEqual({
      network: 'base-sepolia',
      facilitatorUrl: undefined,
      facilitatorToken: undefined,
      facilitatorTimeoutMs: 10_000,
      payTo: undefined,
      maxTimeoutSeconds: 300,
      localBalance: 1_000_000_000,
      rpcUrl: undefined,
    });
  });

  it('X402_NETWORK=base without X402_FACILITATOR_URL or X402_PAY_TO fails: the ledger never stands for real money', () => {
    const url = 'https://facilitator.example';
    const payTo = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';
    expect(load({ X402_NETWORK: 'base' })).toThrow(/X402_NETWORK=base moves real money/);
    expect(load({ X402_NETWORK: 'base', X402_FACILITATOR_URL: url })).toThrow(/X402_PAY_TO/);
    expect(load({ X402_NETWORK: 'base', X402_PAY_TO: payTo })).toThrow(/X402_FACILITATOR_URL/);
    expect(load({ X402_NETWORK: 'base', X402_FACILITATOR_URL: url, X402_PAY_TO: payTo })().x402).toMatchObject({ network: 'base', facilitatorUrl: url, payTo });
    expect(load({ X402_NETWORK: 'polygon' })).toThrow(/X402_NETWORK must be one of base-sepolia, base/);
  });

  it('malformed values fail start-up', () => {
    expect(load({ X402_PAY_TO: '0x1234' })).toThrow(/X402_PAY_TO must be an EVM address/);
    expect(load({ X402_PAY_TO: 'vitalik.eth' })).toThrow(/X402_PAY_TO/);
    expect(load({ X402_FACILITATOR_URL: 'ftp://facilitator.example' })).toThrow(/X402_FACILITATOR_URL must be an http\(s\) URL/);
    expect(load({ X402_FACILITATOR_URL: 'facilitator.example' })).toThrow(/X402_FACILITATOR_URL/);
    expect(load({ X402_FACILITATOR_URL: 'https://exa mple.com' })).toThrow();
    for (const balance of ['-1', 'lots', '1.1234567', '1e6']) expect(load({ X402_LOCAL_BALANCE: balance }), balance).toThrow(/X402_LOCAL_BALANCE/);
    expect(load({ X402_LOCAL_BALANCE: '12.5' })().x402.localBalance).toBe(12_500_000);
    expect(load({ X402_FACILITATOR_TIMEOUT_MS: '0' })).toThrow(/X402_FACILITATOR_TIMEOUT_MS/);
    expect(load({ X402_MAX_TIMEOUT_SECONDS: 'soon' })).toThrow(/X402_MAX_TIMEOUT_SECONDS/);
    expect(load({ X402_RPC_URL: 'wss://rpc.example/key' })).toThrow(/^X402_RPC_URL must be an http\(s\) URL$/);
  });

  it('X402_PAY_TO is used checksummed; unset on base-sepolia, the address comes from SECRETS_KEY alone', () => {
    expect(payToAddress({ network: 'base-sepolia', payTo: '0x209693bc6afc0c5328ba36faf03c514ef312287c' }, keysOf(TEST_SECRETS_KEY))).toBe('0x209693Bc6afc0C5328bA36FaF03C514EF312287C');
    const derived = payToAddress({ network: 'base-sepolia', payTo: undefined }, keysOf(TEST_SECRETS_KEY));
    expect(derived).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // Stable: the same SECRETS_KEY gives the same address (another process, another instance).
    expect(payToAddress({ network: 'base-sepolia', payTo: undefined }, keysOf(TEST_SECRETS_KEY))).toBe(derived);
    expect(payToAddress({ network: 'base-sepolia', payTo: undefined }, keysOf(Buffer.alloc(32, 7).toString('base64')))).not.toBe(derived);
  });

  describe('the running service', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('derives the same address, with the ledger as its facilitator, and stores nothing of it', async () => {
      const derived = payToAddress({ network: 'base-sepolia', payTo: undefined }, keysOf(TEST_SECRETS_KEY));
      expect(t.app.services.x402.payTo).toBe(derived);
      expect(t.app.services.x402.ledger).toBeInstanceOf(Ledger);
      const settings = JSON.stringify(await t.app.services.db.select().from(serviceSettings));
      expect(settings.toLowerCase()).not.toContain(derived.slice(2).toLowerCase());
      expect(settings).not.toContain('x402');
    });
  });
});
