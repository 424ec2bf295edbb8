/**
 * A failure as the server log shows it: never what a statement carried. drizzle's
 * DrizzleQueryError writes the statement's parameters into its message ("params: …"), which tRPC
 * copies into the TRPCError around it; the drivers keep them on their error (PGlite's `params`,
 * postgres.js's `parameters`), and Postgres's `detail` holds a failing row. console's inspection
 * of the error prints all of it: a buyer's signed x402 payment, an address, a sealed answer.
 * Every place that logs a thrown thing logs it through here.
 */

/** An error and its causes, outermost first (a cycle or a deep chain stops at 8). */
export function* causes(err: unknown): Generator<unknown> {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** Shorter values are ordinary words and numbers: blanking them would hide the message, not a secret. */
const SHORTEST_REDACTED = 8;

/** The parameters an error of the chain holds, as they could appear in a message. */
function parametersOf(e: unknown): string[] {
  const holder = e as { params?: unknown; parameters?: unknown };
  const values = Array.isArray(holder.params) ? holder.params : Array.isArray(holder.parameters) ? holder.parameters : [];
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')).filter((v) => v.length >= SHORTEST_REDACTED);
}

/** A message cut before drizzle's "params:", each parameter the chain holds in it made "…". */
function scrubber(chain: unknown[]): (text: string) => string {
  const values = chain.flatMap(parametersOf);
  return (text) => values.reduce((t, v) => t.replaceAll(v, '…'), text.replace(/\nparams: [\s\S]*$/, ''));
}

/**
 * Each error of the chain (the cause last) as its name, code (the SQLSTATE of a database error)
 * and message, with its stack frames unless `frames` is false (one line, for a recurring warning).
 * A message stops before drizzle's "params:", and a parameter's value anywhere in it (Postgres
 * quotes the input it could not read) becomes "…". Other fields are left out.
 */
export function forLog(err: unknown, { frames = true }: { frames?: boolean } = {}): string {
  const chain = [...causes(err)];
  const scrub = scrubber(chain);
  const described = chain.map((e) => {
    if (!(e instanceof Error)) return scrub(String(e));
    const code = (e as { code?: unknown }).code;
    const head = `${e.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${scrub(e.message)}`;
    return frames ? [head, ...(e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n') : head;
  });
  return described.join(frames ? '\ncaused by: ' : ' ← ');
}

/**
 * Why a step failed, in one line for a warning and a row's last_error: the outermost message that
 * is not a failed statement's (drizzle's "Failed query: <SQL>" gives way to the database's own
 * words beneath it), scrubbed as forLog scrubs.
 */
export function reasonOf(err: unknown): string {
  const chain = [...causes(err)];
  const told = chain.find((e) => !(e instanceof Error) || !e.message.startsWith('Failed query: ')) ?? err;
  return scrubber(chain)(told instanceof Error ? told.message : String(told));
}
