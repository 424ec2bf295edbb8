/**
 * No error in server/ is dropped without a word of why. An empty `catch {}` (or `catch (e) {}`)
 * and a `.catch(() => {})` (or `=> undefined`) throw a failure away; where that is deliberate (a
 * promise awaited later, where its error surfaces; a best-effort step whose failure changes
 * nothing) a comment says so on the same line or the line before. Everywhere else a failure is
 * handled, or logged (a background job's through errors/background.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../server');

/** An empty catch clause, or a .catch whose handler does nothing. */
const SILENT = /\bcatch\s*(?:\([^)]*\))?\s*\{\s*\}|\.catch\(\s*(?:\(\s*(?:\w+\s*(?::\s*\w+)?)?\s*\)|\w+)\s*=>\s*(?:\{\s*\}|undefined|null|void 0)\s*\)/g;

const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)|\*\/\s*$/;

/** The lines (1-based) of `source` that drop an error with no comment on that line or the one before. */
function silentCatches(source: string): number[] {
  const lines = source.split('\n');
  const found: number[] = [];
  for (const m of source.matchAll(SILENT)) {
    const end = m.index + m[0].length;
    const lineEnd = source.indexOf('\n', end);
    const rest = source.slice(end, lineEnd < 0 ? undefined : lineEnd);
    const line = source.slice(0, m.index).split('\n').length - 1;
    const commented = /\/\/|\/\*/.test(rest) || (line > 0 && COMMENT_LINE.test(lines[line - 1]));
    if (!commented) found.push(line + 1);
  }
  return found;
}

describe('silentCatches', () => {
  it('finds a dropped error, and takes a comment on its line or the line before as the reason', () => {
    expect(silentCatches('try { a(); } catch {}')).toEqual([1]);
    expect(silentCatches('x;\ntry {\n  a();\n} catch (err) {\n}\n')).toEqual([4]);
    expect(silentCatches('p.catch(() => {});\nq.catch((e) => undefined);\nr.catch((err: unknown) => {});')).toEqual([1, 2, 3]);
    expect(silentCatches('p.catch(() => {}); // awaited below, where it fails')).toEqual([]);
    expect(silentCatches('// awaited below\np.catch(() => {});')).toEqual([]);
    expect(silentCatches('try { a(); } catch {\n  // a missing file is a first start\n}')).toEqual([]);
    expect(silentCatches("fetch('https://x').catch(() => {});")).toEqual([1]);
    expect(silentCatches('p.catch((err) => log(err));\ntry { a(); } catch { return 1; }')).toEqual([]);
  });
});

describe('server/', () => {
  it('drops no error without a comment saying why', () => {
    const files = fs
      .readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort();
    const silent = files.flatMap((f) => silentCatches(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((line) => `server/${f}:${line}`));
    expect(silent, 'each drops an error: handle or log it, or say why on that line or the one before').toEqual([]);
  });
});
