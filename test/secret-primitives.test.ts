/**
 * lib/secrets.ts's HMAC and seal take the key as a KeyObject made once per key Buffer (Node 24
 * imports a raw key on every call). What they produce must be what node:crypto makes from the
 * raw bytes: tokens, cursors and codes made before stay valid, and sealed text opens as before.
 */
import { createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, seal, unseal } from '../server/lib/secrets';

describe('the secret primitives', () => {
  it('HMAC-SHA256 as createHmac makes it from the raw key, for the same key Buffer again and for another', () => {
    const key = randomBytes(32);
    const other = randomBytes(32);
    for (const [k, text] of [[key, 'link_01'], [key, 'link_02'], [other, 'link_01'], [key, '']] as const) {
      expect(hmacSha256(k, text).equals(createHmac('sha256', k).update(text).digest())).toBe(true);
    }
    expect(hmacSha256(key, 'x').equals(hmacSha256(other, 'x'))).toBe(false);
  });

  it('seals as AES-256-GCM of the raw key (iv, tag, ciphertext), which opens under that key alone', () => {
    const key = randomBytes(32);
    const text = JSON.stringify({ url: 'https://api.test.local/pay/abc', note: 'é✓' });
    const sealed = seal(text, key);
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    expect(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')).toBe(text);
    expect(unseal(sealed, key)).toBe(text);
    expect(() => unseal(sealed, randomBytes(32))).toThrow();
    expect(seal(text, key)).not.toBe(sealed); // a fresh IV each time
  });
});
