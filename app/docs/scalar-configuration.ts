/**
 * How the API reference page configures Scalar. Everything the reference needs comes from this
 * service: without these options Scalar fetches its fonts from fonts.scalar.com, offers its hosted
 * AI chat (on by default on localhost; its "Upload API" sends this document to api.scalar.com), and
 * a developer toolbar whose "Deploy on Scalar" does the same. `mcp` turns off the "Generate MCP"
 * upload of later Scalar versions (≥ 1.47, which need Node 22); the pinned 1.46 has none and ignores
 * the key. test/docs-page.test.ts parses this with the installed Scalar's own configuration schema.
 */
export const SCALAR_CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  defaultOpenAllTags: true,
} as const;
