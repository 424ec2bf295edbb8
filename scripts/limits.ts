// npm run limits                                  — show the live cart limits
// npm run limits -- set max_item_quantity=30 [max_cart_total_cents=150000]
// Writes the database row every instance reads (each sees the change within 1 s).
import { z } from 'zod';
import { LIMIT_FIELDS, readLimits, updateLimits, type LimitsPatch } from '../server/domain/limits';
import { fail, openCommandDatabase } from './support/cli';

const USAGE = `usage: npm run limits [-- set ${LIMIT_FIELDS.map((f) => `${f}=<positive integer>`).join(' ')}]`;

function parseAssignments(args: string[]): LimitsPatch {
  if (!args.length) fail(USAGE);
  const patch: Record<string, number> = {};
  for (const arg of args) {
    const [name, value] = arg.split('=');
    if (!(LIMIT_FIELDS as readonly string[]).includes(name)) fail(`Unknown limit "${name}". ${USAGE}`);
    const parsed = z.coerce.number().int().positive().max(2_000_000_000).safeParse(value);
    if (!parsed.success || !/^\d+$/.test(value ?? '')) fail(`${name} must be a positive integer, got "${value}".`);
    patch[name] = parsed.data;
  }
  return patch;
}

const [command, ...rest] = process.argv.slice(2);
if (command !== undefined && command !== 'set') fail(USAGE);
const patch = command === 'set' ? parseAssignments(rest) : undefined;

const database = await openCommandDatabase('npm run limits');
const limits = patch ? await updateLimits(database.db, patch) : await readLimits(database.db);
await database.close();
console.log(JSON.stringify(limits, null, 2));
