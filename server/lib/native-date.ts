/**
 * Next's production server replaces the global `Date` when it is prepared
 * (next/dist/server/node-environment-extensions/date.js), so that a prerender with
 * `cacheComponents` notices a read of the clock. Every `new Date(…)` and `Date.now()` in the
 * process then looks up two AsyncLocalStorage stores first, and a construction goes through
 * Reflect.construct, several times a native construction; postgres.js makes one for every
 * timestamp it reads. This app does not enable `cacheComponents` (next.config.mjs), so outside
 * such a prerender the replacement only passes the call through: the native `Date`, taken here
 * before Next is loaded, is put back.
 */
const NATIVE_DATE = Date;

/**
 * Puts the native `Date` back, unless `config` enables cacheComponents (whose prerenders rely on
 * Next's). Answers whether it did.
 */
export function restoreNativeDate(config: { cacheComponents?: boolean }): boolean {
  if (config.cacheComponents) return false;
  globalThis.Date = NATIVE_DATE;
  // Next points the prototype's constructor at its replacement too.
  Object.defineProperty(NATIVE_DATE.prototype, 'constructor', { value: NATIVE_DATE });
  return true;
}
