/**
 * What fetched documents may cost an instance's memory (issue #43 §1): the caches of one profile
 * fetcher hold at most PROFILE_CACHE_BYTES together, each digest measured once when kept and at
 * most CACHE_RULES.maxEntryBytes, the least recently used dropped first; what a digest keeps is
 * what is read of it. The probe's scenario runs in a process of its own
 * (test/support/hostile-documents.ts), so that it can force a GC and run under a 512 MB heap:
 * 1,000 hostile documents of each kind through the real fetcher, on PGlite and, with
 * DATABASE_URL, on Postgres.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CACHE_RULES, DocumentCache } from '../server/profiles/cache';
import { FetchRefused } from '../server/profiles/fetch';
import { heapBytes, KeptBytes } from '../server/profiles/kept-bytes';
import { FetchBudget } from '../server/profiles/budget';
import { documentKeys } from '../server/signatures/keys';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const MiB = 1024 * 1024;

describe('1,000 hostile documents of each kind, each 256 KiB of the worst shape', () => {
  it('grow the heap by at most PROFILE_CACHE_BYTES + 32 MiB, and the service still answers under a 512 MB heap', { timeout: 400_000 }, async () => {
    const script = path.join(root, 'test/support/hostile-documents.ts');
    const { stdout } = await run(process.execPath, ['--expose-gc', '--max-old-space-size=512', '--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test' },
      timeout: 390_000,
      maxBuffer: 1024 * 1024,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.documentBytes).toBeGreaterThan(255 * 1024);
    // Every document was fetched and read through the real paths: negotiated, verified, looked up.
    expect(report.answers).toEqual({ platform: { 200: 1000 }, agent: { 'signed;keyid="agent-key"': 1000 }, client: { 400: 1000 } });
    expect(report.still).toEqual({ platform: 200, agent: 'signed;keyid="agent-key"', client: 303 });
    expect(report.bound).toBe(32 * MiB);
    expect((report.after - report.before) / MiB, JSON.stringify(report)).toBeLessThanOrEqual((report.bound + 32 * MiB) / MiB);
  });
});

describe('the cache in bytes', () => {
  const clock = () => 1_000_000;
  const cacheOf = (load: (url: string) => unknown, kept: KeptBytes, maxEntries: number = CACHE_RULES.maxEntries) =>
    new DocumentCache<unknown>(async (url) => ({ value: load(url) }), clock, maxEntries, new FetchBudget(clock), undefined, kept);

  it('drops the least recently used entries, of any cache sharing the bound, to keep under it', async () => {
    const kept = new KeptBytes(64 * 1024);
    const digest = (url: string) => ({ url, text: 'x'.repeat(20_000) });
    const one = cacheOf(digest, kept);
    const two = cacheOf(digest, kept);
    await one.get('a');
    await two.get('b');
    await one.get('c');
    expect(one.peek('a')).toMatchObject({ ok: true }); // a used again: b is now the oldest
    await two.get('d');
    expect(kept.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(two.peek('b')).toBeUndefined();
    expect([one.peek('a'), one.peek('c'), two.peek('d')].every((l) => l?.ok)).toBe(true);
    one.clear();
    two.clear();
    expect(kept.bytes).toBe(0);
  });

  it('refuses a digest larger than one entry may be as the document’s fault, and keeps a short failure instead', async () => {
    const kept = new KeptBytes(CACHE_RULES.maxBytes);
    const cache = cacheOf(() => ({ contacts: Array.from({ length: 5_000 }, () => ({})) }), kept);
    const lookup = await cache.get('u');
    expect(lookup).toMatchObject({ ok: false, kind: 'malformed', reason: expect.stringMatching(/more than the 128 KiB it keeps of one document/) });
    expect(kept.bytes).toBeLessThan(2048);
  });

  it('keeps a failure’s reason short, however long the document made it', async () => {
    const kept = new KeptBytes(CACHE_RULES.maxBytes);
    const cache = new DocumentCache<unknown>(
      async () => {
        throw new FetchRefused(`names client_id ${'x'.repeat(200_000)}`, 'malformed');
      },
      clock,
      CACHE_RULES.maxEntries,
      new FetchBudget(clock),
      undefined,
      kept,
    );
    const lookup = await cache.get('u');
    expect(!lookup.ok && lookup.reason.length).toBe(CACHE_RULES.reasonChars + 1);
    expect(kept.bytes).toBeLessThan(2048);
  });

  it('counts what the heap holds: 87k `{}` as megabytes, not as their 256 KiB of JSON; a key shared by two sets once', () => {
    expect(heapBytes(Array.from({ length: 87_000 }, () => ({})))).toBeGreaterThan(87_000 * 56);
    const key = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43), kid: 'k' };
    const keys = Array.from({ length: 100 }, (_, i) => ({ ...key, kid: `k${i}` }));
    // A hundred keys fit one entry, read both as a profile's and a directory's.
    expect(heapBytes(documentKeys({ keys }))).toBeLessThan(CACHE_RULES.maxEntryBytes);
    expect(heapBytes(documentKeys({ keys }))).toBeLessThan(heapBytes(documentKeys({ signing_keys: keys })) * 1.1);
  });

  it('a key with a member longer than any key’s is not kept', () => {
    const keys = documentKeys({ signing_keys: [{ kty: 'EC', kid: 'ok', x: 'x' }, { kty: 'EC', kid: 'long', x: 'x'.repeat(1025) }] });
    expect(keys.profile.keys.map((k) => k.kid)).toEqual(['ok']);
  });
});
