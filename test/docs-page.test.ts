/**
 * The API reference page (/docs) configures Scalar so that nothing leaves this service: no hosted
 * AI chat, no upload of the OpenAPI document to Scalar (the chat's "Upload API", the developer
 * toolbar's "Deploy on Scalar", later versions' "Generate MCP"), no fonts from Scalar's CDN. The
 * configuration is parsed by the installed Scalar's own schema, so an option that version no
 * longer reads (and would silently drop) fails here; e2e/docs-and-errors.spec.ts looks at the page.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCALAR_CONFIGURATION } from '../app/docs/scalar-configuration';

/** The configuration schema of the Scalar types package that @scalar/api-reference itself depends on. */
async function scalarSchema() {
  const fromScalar = createRequire(path.resolve(import.meta.dirname, '../node_modules/@scalar/api-reference/package.json'));
  const types = (await import(fromScalar.resolve('@scalar/types/api-reference'))) as typeof import('@scalar/types/api-reference');
  return types.apiReferenceConfigurationWithSourceSchema;
}

describe('the API reference page', () => {
  it('keeps Scalar’s AI chat, its upload buttons, its toolbar and its fonts off', () => {
    expect(SCALAR_CONFIGURATION).toMatchObject({
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
      withDefaultFonts: false,
      telemetry: false,
      url: '/api/openapi.json',
    });
  });

  it('says so in options the installed Scalar reads', async () => {
    const parsed = (await scalarSchema()).parse(SCALAR_CONFIGURATION);
    expect(parsed.agent).toEqual({ disabled: true });
    expect(parsed.showDeveloperTools).toBe('never');
    expect(parsed.withDefaultFonts).toBe(false);
    expect(parsed.telemetry).toBe(false);
  });
});
