import { describe, expect, it } from 'vitest';
import { centsToDecimal } from '../server/lib/money';

describe('centsToDecimal', () => {
  it('writes cents as a decimal with two places', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(123_456_789)).toBe('1234567.89');
  });

  it('writes a negative amount with one sign in front', () => {
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(-100)).toBe('-1.00');
  });
});
