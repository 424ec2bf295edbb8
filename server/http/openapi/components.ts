/**
 * The parts of /api/openapi.json that every operation shares: the tags, the advisory schemas, the
 * product's @context, and the response headers declared once under components.headers.
 */
import { PRODUCT_CONTEXT } from '../../catalog/jsonld';
import { ADVISORY_CATALOGUE } from '../../identity/advisories';

// The document is built by hand around what trpc-to-openapi generates: plain JSON, loosely typed.
export type Json = Record<string, any>;

export const TAGS = [
  { name: 'catalog', description: 'Search and browse the network catalog (JSON-LD); look up sellers, their delivery and their store policies.' },
  { name: 'platform', description: 'The live cart limits, the service’s documentation and problem reports.' },
  { name: 'discovery', description: 'UCP business profiles of the network and of each seller, for crawlers and tool loaders.' },
  { name: 'carts', description: 'Carts across sellers: items, quantities, the shipping address and delivery per seller, totals priced from the catalog; quick-buy in one call.' },
  {
    name: 'checkout',
    description:
      'Autonomous settlement (x402): a buyer’s agent pays a cart in USDC from a wallet the buyer linked, and the order is placed with no person confirming. Needs a buyer token or OAuth access token carrying checkout:write; REST only, never an MCP tool.',
  },
  { name: 'payments', description: 'Payment links a human opens to confirm and pay by card: the checkout of open callers and MCP tools.' },
  { name: 'buyer', description: 'Buyer identity, order history and the wallets x402 checkouts are paid from; every operation needs an issued credential.' },
  { name: 'developer', description: 'Network API keys, minted and revoked from a signed-in developer session.' },
  { name: 'admin', description: 'The operator API behind the ADMIN_TOKEN bearer.' },
];


const SCHEMA_REF = '#/components/schemas/';
export const ref = (name: string) => ({ $ref: SCHEMA_REF + name });
/** The name of the component schema a `$ref` points to, or undefined. */
export const refName = (schema: Json): string | undefined => (schema.$ref?.startsWith(SCHEMA_REF) ? schema.$ref.slice(SCHEMA_REF.length) : undefined);

/**
 * get_product's @context as JSON Schema 2020-12 says it: schema.org's IRI, then the object defining
 * the term `options`. The zod schema says an array of two of anything in prose (an MCP client's
 * draft-07 validator reads no prefixItems), which here would be `items: {}`: a schema of no type,
 * which Scalar's reference refuses (typed-schemas.ts). A closed tuple of two, as strict ajv
 * wants one; `items` (what an entry past the two would be: none can be) is there for Spectral, which
 * asks for it beside every array, and typed for Scalar, which refuses `items: false`.
 */
const CONTEXT_TERMS = {
  type: 'object',
  properties: {
    options: {
      type: 'object',
      properties: { '@id': { type: 'string', const: PRODUCT_CONTEXT[1].options['@id'] }, '@type': { type: 'string', const: PRODUCT_CONTEXT[1].options['@type'] } },
      required: ['@id', '@type'],
      additionalProperties: false,
    },
  },
  required: ['options'],
  additionalProperties: false,
};
export const PRODUCT_CONTEXT_SCHEMA = {
  type: 'array',
  description: 'schema.org’s, and the term options (a variant’s option values) as a JSON literal.',
  prefixItems: [{ type: 'string', const: PRODUCT_CONTEXT[0] }, CONTEXT_TERMS],
  items: CONTEXT_TERMS,
  minItems: 2,
  maxItems: 2,
};

export const ADVISORY_SCHEMA = {
  type: 'object',
  description: 'Something about the request that should change; it did not change the status.',
  required: ['code', 'message', 'documentation', 'refused_from'],
  properties: {
    code: { type: 'string', enum: Object.keys(ADVISORY_CATALOGUE) },
    message: { type: 'string' },
    documentation: { type: 'string', format: 'uri', description: 'Where the advisory is explained.' },
    refused_from: {
      anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
      description: 'The day from which what the advisory announces is refused; null when it announces no refusal.',
    },
  },
  additionalProperties: false,
};

export const ADVISORIES_SCHEMA = {
  type: 'array',
  description: 'Present when something about the request should change (the Service-Advisory header says the same); the status is unaffected.',
  items: ref('Advisory'),
};


export const HEADERS = {
  'Request-Id': {
    description: 'The request’s id: the Request-Id sent, when well-formed, otherwise a new one. Quote it in feedback.',
    required: true,
    schema: { type: 'string' },
    example: 'req_01kt2j28pzwq817ysfzgf1gjtv',
  },
  'Service-Agent-Trust': {
    description:
      'What the service took the caller for (an RFC 8941 Item): none (nothing identified), open (an agent profile), signed;keyid="<kid>" (a request signature that verified; ;web-bot-auth, ;buyer=attested when so), credential;kind=key|oauth|buyer|session.',
    required: true,
    schema: { type: 'string' },
    example: 'open',
  },
  'RateLimit-Policy': {
    description:
      'The caller’s own rate-limit policy (draft-ietf-httpapi-ratelimit-headers-11): open per agent profile, signed per verified profile, credential per caller; q calls per fixed window of w seconds. Sent on every answer past identification, errors and 429 included (not with RATE_LIMITS=off).',
    schema: { type: 'string' },
    example: '"open";q=600;w=60',
  },
  RateLimit: {
    description: 'What is left of the policy’s window (r) and the seconds until it ends (t), sent with RateLimit-Policy.',
    schema: { type: 'string' },
    example: '"open";r=599;t=42',
  },
  'Service-Advisory': {
    description: 'The advisories of the body’s service:advisories, as a list of codes, each with its refused_from day when it announces a refusal.',
    schema: { type: 'string' },
    example: 'reserved_profile_host;refused_from="2027-03-01"',
  },
  'Idempotent-Replayed': {
    description: 'Present (true) when the answer is the stored outcome of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (sent with 503, 429, and 409 idempotency_request_in_progress and payment_in_progress).',
    schema: { type: 'integer', minimum: 0 },
    example: 5,
  },
  Allow: { description: 'The methods the path accepts.', required: true, schema: { type: 'string' }, example: 'GET' },
  'WWW-Authenticate': {
    description: 'The bearer challenge, naming the realm and the scope needed (RFC 6750).',
    required: true,
    schema: { type: 'string' },
    example: 'Bearer realm="agent-commerce", scope="checkout:write"',
  },
};
