/** Money as the service writes it for people and in JSON-LD: integer cents, never floats. */

/** Integer cents as a decimal string with two places, without float rounding: 1250 → "12.50", -150 → "-1.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
