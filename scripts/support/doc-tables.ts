/**
 * The documentation's reference tables, generated from their sources so they cannot drift: the MCP
 * tools from the tool registry (the tools the MCP server lists), the error codes from the error
 * catalogue, the default limits from the database schema's defaults, the configuration's defaults
 * and the constants the code enforces, the configuration from the list of variables loadConfig
 * reads. Each table lives once, between its markers, in README.md or a file under docs/ (whichever
 * holds them); `npm run docs:tables` writes them there and test/doc-tables.test.ts fails when a
 * file holds anything else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { OAUTH_LIMITS } from '../../server/oauth/authorization-server';
import { CODES_PER_HOUR, LOCK_MINUTES, WRONG_CODES } from '../../server/buyers/buyers';
import { MAX_WALLETS } from '../../server/buyers/wallets';
import { MAX_CART_LINES } from '../../server/carts/items';
import { CONFIG_VARIABLES, loadConfig, type RatePolicy } from '../../server/config';
import { platformLimits } from '../../server/db/schema';
import { centsToDecimal } from '../../server/lib/money';
import { ERROR_CATALOGUE, type ErrorCode } from '../../server/errors/catalogue';
import { MAX_ACTIVE_KEYS, MINTS_PER_HOUR } from '../../server/keys/network-keys';
import { MAX_INPUT_DEPTH, MAX_QUERY_WORDS } from '../../server/lib/input-limits';
import { MAX_BODY_BYTES } from '../../server/lib/request-limits';
import { ADMIN_TOKEN_TRIES } from '../../server/limits/admin-tries';
import { FETCH_BUDGET } from '../../server/profiles/budget';
import { agentTrustTiers } from '../../server/docs/overview';
import { buildTools } from '../../server/mcp/tools';
import { appRouter } from '../../server/routers';
import { RETENTION_HOURS } from '../../server/trpc/idempotency';
import type { Access } from '../../server/trpc/meta';
import { describeOperations } from '../../server/trpc/operations';
import { REPOSITORY } from './doc-files';

export const TABLES = ['mcp-tools', 'error-codes', 'default-limits', 'configuration', 'agent-trust'] as const;
export type TableName = (typeof TABLES)[number];

const cell = (text: string | number) => String(text).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const row = (cells: (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function needs(access: Access): string {
  switch (access.kind) {
    case 'open':
      return 'agent profile';
    case 'discovery':
      return 'nothing';
    case 'credential':
      return `credential: ${access.scope}`;
    case 'admin':
      return 'ADMIN_TOKEN';
    case 'binding':
      return 'platform profile (UCP-Agent)';
    case 'acp':
      return 'network key: acp:platform';
  }
}

function mcpTools(): string {
  const tools = buildTools(describeOperations(appRouter));
  return table(
    ['tool', 'what it does', 'REST', 'needs', 'changes data'],
    tools.map(({ name, title, operation, annotations }) => [
      `\`${name}\``,
      title,
      operation.rest ? `\`${operation.rest.method} ${operation.rest.path}\`` : '—',
      needs(operation.access),
      annotations.readOnlyHint ? 'no' : `yes${annotations.destructiveHint ? ' (removes)' : ''}, with \`idempotency_key\``,
    ]),
  );
}

function errorCodes(): string {
  return table(
    ['code', 'status', 'what it means', 'what to do'],
    (Object.entries(ERROR_CATALOGUE) as [ErrorCode, (typeof ERROR_CATALOGUE)[ErrorCode]][]).map(([code, spec]) => [
      `\`${code}\``,
      'retryable' in spec && spec.retryable ? `${spec.status}, retryable` : spec.status,
      spec.message,
      spec.hint,
    ]),
  );
}

/** "30 an hour", "120 a minute", "5 in 15 minutes". */
function per({ limit, windowSeconds }: { limit: number; windowSeconds: number }): string {
  if (windowSeconds === 3600) return `${limit} an hour`;
  if (windowSeconds === 60) return `${limit} a minute`;
  return `${limit} in ${windowSeconds / 60} minutes`;
}

/** The profile fetch budget in the shape `per` reads. */
const FETCH_BUDGET_RULE = { limit: FETCH_BUDGET.perAddress, windowSeconds: FETCH_BUDGET.windowSeconds };

/** A request-rate policy in the shape `per` reads. */
const rate = (policy: RatePolicy) => ({ limit: policy.quota, windowSeconds: policy.windowSeconds });

/** A column's default in the database schema (the platform_limits row every install starts with). */
function schemaDefault(column: string): number {
  const found = getTableConfig(platformLimits).columns.find((c) => c.name === column);
  if (typeof found?.default !== 'number') throw new Error(`platform_limits.${column} has no numeric default`);
  return found.default;
}

function defaultLimits(): string {
  // The defaults: an environment that sets nothing (NODE_ENV only for the type; loadConfig ignores it).
  const config = loadConfig({ NODE_ENV: 'production' });
  const maxTotal = schemaDefault('max_cart_total_cents');
  const status = (code: ErrorCode) => `\`${code}\` (${ERROR_CATALOGUE[code].status})`;
  return table(
    ['limit', 'default', 'changed by', 'beyond it'],
    [
      ['`max_item_quantity`: units on one cart line', schemaDefault('max_item_quantity'), 'live: `npm run limits`, `PUT /api/admin/platform/limits`', status('quantity_exceeds_limit')],
      ['`max_cart_total_cents`: a cart’s subtotal + delivery', `${maxTotal} (${centsToDecimal(maxTotal)} USD)`, 'live: `npm run limits`, `PUT /api/admin/platform/limits`', `${status('cart_total_exceeds_limit')} on the payment link; the cart says so before`],
      ['lines in a cart', MAX_CART_LINES, 'fixed', status('cart_line_limit')],
      ['an open cart’s life after its last change', `${config.cartTtlHours} hours`, '`CART_TTL_HOURS`', 'the cart expires'],
      ['a payment link’s life', `${config.paymentLinkTtlHours} hours`, '`PAYMENT_LINK_TTL_HOURS`', 'the link expires, the cart is open again'],
      ['request body', `${MAX_BODY_BYTES / 1024 / 1024} MiB`, 'fixed', status('payload_too_large')],
      ['JSON nesting (bodies and tool arguments)', `${MAX_INPUT_DEPTH} levels`, 'fixed', status('invalid_request')],
      ['words in a search query `q`', MAX_QUERY_WORDS, 'fixed', status('invalid_request')],
      ['idempotency records kept', `at least ${RETENTION_HOURS} hours`, 'fixed', 'the key may count as new'],
      ['active network keys per account', MAX_ACTIVE_KEYS, 'fixed', status('key_limit_reached')],
      ['network keys minted per account', `${MINTS_PER_HOUR} an hour`, 'fixed', status('rate_limited')],
      ['buyer codes mailed per buyer', `${CODES_PER_HOUR} an hour`, 'fixed', status('rate_limited')],
      ['wrong buyer codes before verification locks', `${WRONG_CODES} in ${LOCK_MINUTES} minutes`, 'fixed', status('code_attempts_exceeded')],
      ['tries at `ADMIN_TOKEN` per client address (a right one clears them)', per(ADMIN_TOKEN_TRIES), 'fixed', `${status('rate_limited')} with \`Retry-After\``],
      ['wallets linked per buyer (or person)', MAX_WALLETS, 'fixed', status('wallet_limit_reached')],
      ['OAuth client registrations per client IP', per(OAUTH_LIMITS.registration), 'fixed', '429 with `Retry-After`'],
      ['OAuth token requests per client IP', per(OAUTH_LIMITS.token), 'fixed', '429 with `Retry-After`'],
      ['OAuth authorization requests per client address', per(OAUTH_LIMITS.authorize), 'fixed', 'the HTML error page, 429 with `Retry-After`'],
      ['documents fetched for one client address (profiles, key directories, client metadata), per instance', per(FETCH_BUDGET_RULE), 'fixed', 'not fetched: an open call is served unsigned with the advisory `profile_fetch_limited`'],
      ['agent-surface calls per agent profile and client address (open)', per(rate(config.rateLimits.open)), '`RATE_LIMIT_OPEN`, `RATE_LIMITS=off`', `${status('rate_limited')} with \`Retry-After\``],
      ['open calls per client address, across profiles', per(rate(config.rateLimits.address)), '`RATE_LIMIT_OPEN_ADDRESS`, `RATE_LIMITS=off`', `${status('rate_limited')} with \`Retry-After\``],
      ['agent-surface calls per verified profile (signed)', per(rate(config.rateLimits.signed)), '`RATE_LIMIT_SIGNED`, `RATE_LIMITS=off`', `${status('rate_limited')} with \`Retry-After\``],
      ['agent-surface calls per caller of a credential', per(rate(config.rateLimits.credential)), '`RATE_LIMIT_CREDENTIAL`, `RATE_LIMITS=off`', `${status('rate_limited')} with \`Retry-After\``],
    ],
  );
}

/**
 * docs/agents.md's tiers of Service-Agent-Trust: who each is and what it is counted per in the served
 * overview's words (server/docs/text/overview.yaml, one source for both), with its default allowance.
 */
function agentTrust(): string {
  const { open, address, signed, credential } = loadConfig({ NODE_ENV: 'production' }).rateLimits;
  const quota = (variable: string, policy: RatePolicy) => `\`${variable}\` ${policy.quota}/${policy.windowSeconds}`;
  const allowance: Record<string, string> = {
    none: '—',
    open: `${quota('RATE_LIMIT_OPEN', open)}, and ${quota('RATE_LIMIT_OPEN_ADDRESS', address)}`,
    signed: quota('RATE_LIMIT_SIGNED', signed),
    credential: quota('RATE_LIMIT_CREDENTIAL', credential),
  };
  return table(
    ['`Service-Agent-Trust`', 'who, and what it is counted per (the served overview’s words)', 'rate limit (default)'],
    Object.entries(agentTrustTiers()).map(([tier, who]) => [`\`${tier}\``, who, allowance[tier.split(';')[0]]]),
  );
}

function configuration(): string {
  return table(
    ['variable', 'default', 'meaning'],
    CONFIG_VARIABLES.map((variable) => [`\`${variable.name}\``, variable.default, variable.meaning]),
  );
}

const GENERATORS: Record<TableName, () => string> = {
  'mcp-tools': mcpTools,
  'error-codes': errorCodes,
  'default-limits': defaultLimits,
  configuration,
  'agent-trust': agentTrust,
};

export function generateTable(name: TableName): string {
  return GENERATORS[name]();
}

const start = (name: TableName) => `<!-- table ${name}: generated by npm run docs:tables; edit its source, not here -->`;
const end = (name: TableName) => `<!-- end of table ${name} -->`;

/** Writes a file of the documentation, by its path relative to the repository. */
export function writeDoc(file: string, text: string): void {
  fs.writeFileSync(path.join(REPOSITORY, file), text);
}

/** The files holding a table's start marker, a file once per marker it holds. */
export function placesOf(docs: Map<string, string>, name: TableName): string[] {
  return [...docs].flatMap(([file, text]) => text.split(start(name)).slice(1).map(() => file));
}

/** What is wrong with where the tables are: each must be in exactly one file, once. */
export function misplacedTables(docs: Map<string, string>): string[] {
  return TABLES.flatMap((name) => {
    const places = placesOf(docs, name);
    if (places.length === 1) return [];
    const files = [...docs.keys()].join(', ');
    return [places.length ? `the table ${name} is in ${places.join(', ')}: it must be in one place` : `no file holds the table ${name} (${start(name)} … ${end(name)}) among ${files}`];
  });
}

/** A file's text between a table's markers, or undefined when the markers are missing. */
export function tableIn(text: string, name: TableName): string | undefined {
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name), from);
  if (from < 0 || to < 0) return undefined;
  return text.slice(from + start(name).length, to).trim();
}

/** A file's text with each table it holds regenerated between its markers. */
export function withTables(file: string, text: string): string {
  let out = text;
  for (const name of TABLES) {
    const from = out.indexOf(start(name));
    if (from < 0) continue;
    const to = out.indexOf(end(name), from);
    if (to < 0) throw new Error(`${file} opens the table ${name} but never closes it: ${end(name)}`);
    out = `${out.slice(0, from + start(name).length)}\n${generateTable(name)}\n${out.slice(to)}`;
  }
  return out;
}
