/**
 * The shape of server/: its units (each folder, and each root file as a unit of its own) are layered,
 * and the README's map of the code is the one list of the layers. Read top to bottom, the map's
 * `server/` lines name every unit once, and a unit imports only units listed below it (type imports
 * included), so there are no cycles and each folder can be read knowing only what it imports. A new
 * folder needs its line in the map; an import pointing up needs the map reordered or the code moved.
 *
 * Two rules more keep the objects' wiring in one place: the composition root (the unit the map
 * calls so) builds the services and may import all it assembles, while only the process entry
 * imports it; and a domain folder's functions take the few collaborators they use (an interface of
 * their own), never the whole `Services` bag the pipeline's context carries. And a binding folder (a protocol's shapes over the domain) reaches the database only through the
 * domain: from `server/db/` it imports the `Db` type alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../server');
const README = path.resolve(import.meta.dirname, '../README.md');
const MAP_HEADING = 'Map of the code';
/** The composition root, and the units that may import it (tests, benchmarks and scripts start it from outside server/). */
const COMPOSITION_ROOT = 'app.ts';
const ROOT_IMPORTERS = ['main.ts'];
/** The folders of domain functions (a binding's included): none takes the whole `Services` bag. */
const DOMAIN = ['ucp', 'payments', 'carts', 'orders', 'webhooks', 'outbox'];

function unitOf(file: string): string {
  const rel = path.relative(ROOT, file);
  return path.dirname(rel) === '.' ? rel : path.dirname(rel).split(path.sep)[0];
}

interface Import {
  file: string;
  spec: string;
  from: string;
  to: string;
}

/** The file a relative import `spec` of `file` names. */
function targetOf(file: string, spec: string): string {
  const target = path.resolve(path.dirname(file), spec);
  return fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, 'index.ts') : `${target.replace(/\.ts$/, '')}.ts`;
}

/** Every relative import (static, re-export, side-effect or dynamic) that crosses from one unit to another. */
function crossings(files: string[]): Import[] {
  const found: Import[] = [];
  for (const file of files) {
    const from = unitOf(file);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = unitOf(targetOf(file, spec));
      if (to !== from) found.push({ file: path.relative(path.dirname(ROOT), file), spec, from, to });
    }
  }
  return found;
}

/** The binding folders: a protocol's shapes and mappings over the domain (ACP's `acp` joins when it comes). */
const BINDINGS = ['ucp', 'acp'];

/** Every relative import statement (static, re-export, side-effect or dynamic) of `file` into unit `to`, whitespace collapsed. */
function statementsInto(file: string, to: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/\b(?:import|export)\b[^;'"]*?\(?\s*'(\.[^']+)'\)?/g)]
    .filter(([, spec]) => unitOf(targetOf(file, spec)) === to)
    .map(([statement]) => statement.replace(/\s+/g, ' '));
}

/**
 * The README's map of the code, top to bottom: in the section headed "Map of the code", each line
 * `- \`server/NAME/\` — …` (a folder) or `- \`server/NAME.ts\` — …` (a root file), indented or not.
 */
function mapEntries(readme: string): { unit: string; line: string }[] {
  const lines = readme.split('\n');
  const at = lines.findIndex((line) => new RegExp(`^#{1,6}\\s+${MAP_HEADING}\\s*$`).test(line));
  if (at < 0) return [];
  const level = /^#+/.exec(lines[at])![0].length;
  const entries: { unit: string; line: string }[] = [];
  for (const line of lines.slice(at + 1)) {
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading && heading[1].length <= level) break;
    const unit = /^\s*- `server\/([\w.-]+?)\/?`/.exec(line)?.[1];
    if (unit) entries.push({ unit, line });
  }
  return entries;
}

const files = fs
  .readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(ROOT, f));
const map = mapEntries(fs.readFileSync(README, 'utf8'));
const layers = map.map(({ unit }) => unit);

describe('server/', () => {
  it(`is mapped in README.md's "${MAP_HEADING}", each unit once`, () => {
    expect(layers, `README.md has no lines "- \`server/NAME/\` — …" under a heading "${MAP_HEADING}"`).not.toEqual([]);
    const present = new Set(files.map(unitOf));
    const missing = [...present].filter((unit) => !layers.includes(unit)).map((unit) => `server/${unit} has no line in the map`);
    const unknown = layers.filter((unit) => !present.has(unit)).map((unit) => `the map names server/${unit}, which holds no .ts file`);
    const twice = layers.filter((unit, i) => layers.indexOf(unit) !== i).map((unit) => `the map names server/${unit} twice`);
    expect([...missing, ...unknown, ...twice]).toEqual([]);
  });

  it('imports only downwards: each unit imports only units listed below it in the map', () => {
    const rank = new Map(layers.map((unit, i) => [unit, i]));
    const crossed = crossings(files);
    expect(crossed.length).toBeGreaterThan(50);
    const upward = crossed
      .filter(({ from, to }) => rank.has(from) && rank.has(to) && rank.get(to)! <= rank.get(from)!)
      .map(({ file, spec, from, to }) => `${file} imports '${spec}': ${to} is listed above ${from}`);
    expect(upward).toEqual([]);
  });

  it(`is wired in one composition root, ${COMPOSITION_ROOT}, which only ${ROOT_IMPORTERS.join(', ')} imports`, () => {
    const line = map.find(({ unit }) => unit === COMPOSITION_ROOT)?.line ?? '';
    expect(line, `the map's line for server/${COMPOSITION_ROOT} calls it the composition root`).toMatch(/composition root/);
    const importers = crossings(files)
      .filter(({ from, to }) => to === COMPOSITION_ROOT && !ROOT_IMPORTERS.includes(from))
      .map(({ file, spec }) => `${file} imports '${spec}': only ${ROOT_IMPORTERS.join(', ')} may`);
    expect(importers).toEqual([]);
  });

  it('gives domain functions the collaborators they use, never the whole Services bag', () => {
    const bagged = files
      .filter((file) => DOMAIN.includes(unitOf(file)))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)]
          .filter(([, names, spec]) => unitOf(path.resolve(path.dirname(file), spec)) === 'trpc' && /(?:^|[\s,])(?:type\s+)?Services(?:[\s,]|$)/.test(names))
          .map(([, , spec]) => `${path.relative(path.dirname(ROOT), file)} imports Services from '${spec}': name what it uses in an interface of its own`),
      );
    expect(bagged).toEqual([]);
  });

  it(`binding folders (${BINDINGS.join(', ')}) import from db/ only the Db type`, () => {
    const inBindings = files.filter((file) => BINDINGS.includes(unitOf(file)));
    expect(inBindings.length).toBeGreaterThan(0);
    const reaching = inBindings.flatMap((file) =>
      statementsInto(file, 'db')
        .filter((statement) => !/^import type \{ Db \} from '(\.\.\/)+db\/client'$/.test(statement))
        .map((statement) => `${path.relative(path.dirname(ROOT), file)}: ${statement}`),
    );
    expect(reaching).toEqual([]);
  });
});
