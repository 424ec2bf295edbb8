/**
 * The shared store on Redis (REDIS_URL), through ioredis: a lease is one Lua script, which Redis
 * runs atomically, so no other instance's lease lands between reading the count and adding the
 * grant (two budgets one call needs, one script); a nonce is one `SET … PX NX`, the nonces of
 * concurrent calls pipelined together. Lifetimes are sent as milliseconds left by the service's
 * clock (PEXPIRE, not PEXPIREAT): Redis's own clock never decides a window.
 *
 * Keys are prefixed `acapi:`; services that must not share budgets use separate Redis databases
 * (`redis://host:6379/1`).
 */
import { Redis } from 'ioredis';
import { ApiError } from '../errors/catalogue';
import { nonceBatches } from './nonce-batch';
import { storeKey, type Grant, type SharedStore } from './store';

/** KEYS[1] the window's counter; ARGV want, quota, milliseconds it lives. Returns {granted, count}. */
const LEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local granted = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - count)
if granted > 0 then
  count = redis.call('INCRBY', KEYS[1], granted)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
else
  granted = 0
end
return {granted, count}
`;

/**
 * KEYS[1], KEYS[2] two counters; ARGV want, quota, ms for each. The second is leased only when the
 * first granted something. Returns {granted1, count1, granted2, count2}, the second pair -1 when not asked.
 */
const LEASE_BOTH = `
local function lease(key, want, quota, ttl)
  local count = tonumber(redis.call('GET', key) or '0')
  local granted = math.min(tonumber(want), tonumber(quota) - count)
  if granted > 0 then
    count = redis.call('INCRBY', key, granted)
    redis.call('PEXPIRE', key, ttl)
  else
    granted = 0
  end
  return granted, count
end
local g1, c1 = lease(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
if g1 == 0 then return {g1, c1, -1, -1} end
local g2, c2 = lease(KEYS[2], ARGV[4], ARGV[5], ARGV[6])
return {g1, c1, g2, c2}
`;

interface LeaseCommand {
  takeLease(key: string, want: number, quota: number, ttlMs: number): Promise<[number, number]>;
  takeLeases(first: string, then: string, ...args: number[]): Promise<[number, number, number, number]>;
}

export function redisStore(url: string): SharedStore {
  const client = new Redis(url, {
    keyPrefix: 'acapi:',
    // A request waits at most this long on Redis; a Redis out of reach answers 503, as an
    // unreachable database does, rather than queueing requests behind reconnects.
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  }) as Redis & LeaseCommand;
  client.defineCommand('takeLease', { numberOfKeys: 1, lua: LEASE });
  client.defineCommand('takeLeases', { numberOfKeys: 2, lua: LEASE_BOTH });
  // Connection errors are reported by the commands that meet them (as 503); the client reconnects.
  client.on('error', () => {});

  return {
    kind: 'redis',
    async lease(key, want, quota, expiresAtMs) {
      try {
        const [granted, count] = await client.takeLease(storeKey('r:', key), want, quota, ttl(expiresAtMs));
        return { granted: Number(granted), count: Number(count) } satisfies Grant;
      } catch (err) {
        throw unavailable(err);
      }
    },
    async leaseBoth(first, then) {
      try {
        const [g1, c1, g2, c2] = await client.takeLeases(
          storeKey('r:', first.key),
          storeKey('r:', then.key),
          first.want,
          first.quota,
          ttl(first.expiresAtMs),
          then.want,
          then.quota,
          ttl(then.expiresAtMs),
        );
        const granted: Grant = { granted: Number(g1), count: Number(c1) };
        return [granted, Number(g2) < 0 ? undefined : { granted: Number(g2), count: Number(c2) }];
      } catch (err) {
        throw unavailable(err);
      }
    },
    // Concurrent nonces in one pipelined round trip (limits/nonce-batch.ts), one `SET … PX NX` each.
    rememberNonce: nonceBatches(async (batch) => {
      let answers: [Error | null, unknown][] | null;
      try {
        answers = await client.pipeline(batch.map(({ key, expiresAtMs }) => ['set', storeKey('n:', key), '1', 'PX', ttl(expiresAtMs), 'NX'])).exec();
      } catch (err) {
        throw unavailable(err);
      }
      const fresh = new Set<string>();
      for (const [i, { key }] of batch.entries()) {
        const [err, answer] = answers?.[i] ?? [new Error('the pipeline was not run'), null];
        if (err) throw unavailable(err);
        if (answer === 'OK') fresh.add(key);
      }
      return fresh;
    }),
    sweep: async () => {},
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Milliseconds left until `expiresAtMs` by the service's clock; at least 1 (PX 0 is an error). */
function ttl(expiresAtMs: number): number {
  return Math.max(1, Math.ceil(expiresAtMs - Date.now()));
}

function unavailable(err: unknown): ApiError {
  return new ApiError('service_unavailable', { message: 'The shared rate-limit store (Redis) did not answer; retry after the Retry-After delay.', headers: { 'Retry-After': '5' }, cause: err });
}
