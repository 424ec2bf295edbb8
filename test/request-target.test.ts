/**
 * The gateway reads a request target as the URL parser does, whether it takes the plain path as it
 * stands or parses it (server/http/rest-input.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestTarget } from '../server/http/rest-input';

const BASE = 'https://api.test.local';

/** What is read of a target, or that it cannot be read (`//`, no host, throws either way). */
function readWith(read: () => Pick<URL, 'pathname' | 'search' | 'searchParams'>) {
  try {
    const url = read();
    return { pathname: url.pathname, search: url.search, query: [...url.searchParams] };
  } catch (err) {
    return { refused: (err as Error).name };
  }
}

const parsed = (target: string) => readWith(() => new URL(target, BASE));
const read = (target: string) => readWith(() => requestTarget(target, BASE));

describe('a request target', () => {
  it.each([
    '/',
    '/api/agent/platform/limits',
    '/api/agent/cart/cart_01abc/items/item_01xyz',
    '/api/openapi.json',
    '/api/agent/docs/',
    '/.well-known/ucp',
    '/api/agent/./platform/limits',
    '/api/agent/../agent/platform/limits',
    '/api/agent/platform/limits/..',
    '/api/agent/platform/limits/.',
    '//api/agent/platform/limits',
    '/api//agent',
    '/api/agent/search?q=lamp&limit=2',
    '/api/agent/search?',
    '/api/agent/%70latform/limits',
    '/api/agent/platform/limits#x',
    '/api\\agent\\platform',
    '/api/agent/platform/limits\t',
    '/api/ägent',
  ])('%s reads as the URL parser reads it', (target) => {
    expect(read(target)).toEqual(parsed(target));
  });

  it('any target made of path characters reads as the URL parser reads it', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.~%/?#&=\\-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (parts) => {
        const target = `/${parts.join('/')}`;
        expect(read(target)).toEqual(parsed(target));
      }),
      { numRuns: 2000 },
    );
  });
});
