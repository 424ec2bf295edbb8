import { describe, expect, it } from 'vitest';
import { randomDraw } from '../server/lib/random-pool';

describe('randomDraw', () => {
  it('gives each draw bytes of its own, across a refill of the pool too', () => {
    // Writing into one draw must not show in any other still in use: no two share a byte.
    for (let i = 0; i < 2000; i++) {
      const a = randomDraw(12);
      const b = randomDraw(10);
      expect([a.length, b.length]).toEqual([12, 10]);
      const before = Buffer.from(b);
      a.fill(a[0] ^ 0xff);
      expect(b.equals(before)).toBe(true);
    }
  });

  it('draws different bytes each time', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomDraw(12).toString('hex')));
    expect(seen.size).toBe(1000);
  });
});
