/**
 * Next's production server replaces the global Date when prepared (node-environment-extensions);
 * server/main.ts puts the native one back (lib/native-date.ts), since this app's config does not
 * enable cacheComponents, the one feature the replacement serves. Here with Next's own extension.
 */
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreNativeDate } from '../server/lib/native-date';
import nextConfig from '../next.config.mjs';

const NATIVE = Date;
/** `Date` is the runtime's own, its prototype's constructor too. */
const isNativeDate = () => globalThis.Date === NATIVE && NATIVE.prototype.constructor === NATIVE;
const installNextsDate = () => createRequire(import.meta.url)('next/dist/server/node-environment-extensions/date.js');

afterAll(() => restoreNativeDate({}));

describe('the native Date under Next', () => {
  it('is replaced by Next, and put back while cacheComponents is off', () => {
    expect(isNativeDate()).toBe(true);
    installNextsDate();
    expect(globalThis.Date).not.toBe(NATIVE);
    expect(isNativeDate()).toBe(false);

    expect(restoreNativeDate({ cacheComponents: true })).toBe(false);
    expect(isNativeDate()).toBe(false);

    expect(restoreNativeDate({})).toBe(true);
    expect(isNativeDate()).toBe(true);
    expect(new Date(0)).toBeInstanceOf(NATIVE);
    expect(new Date('2026-01-02T03:04:05.678Z').constructor).toBe(NATIVE);
    expect(Date.now()).toBeGreaterThan(0);
  });

  it('is what this app serves with: its config leaves cacheComponents off', () => {
    expect((nextConfig as { cacheComponents?: boolean }).cacheComponents).toBeFalsy();
  });
});
