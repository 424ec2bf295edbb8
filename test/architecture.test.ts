/**
 * The shape of server/: no import cycles between its folders (a root file counts as a folder of
 * its own), type imports included, so each folder can be read knowing only what it imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../server');

function unitOf(file: string): string {
  const rel = path.relative(ROOT, file);
  return path.dirname(rel) === '.' ? rel : path.dirname(rel).split(path.sep)[0];
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = fs.readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files.map((f) => path.join(ROOT, f))) {
    const from = unitOf(file);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      let target = path.resolve(path.dirname(file), spec);
      target = fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, 'index.ts') : `${target.replace(/\.ts$/, '')}.ts`;
      const to = unitOf(target);
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

describe('server/', () => {
  it('has no import cycles between its folders', () => {
    const graph = importGraph();
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (next === trail[0]) cycles.push([...trail, next].join(' → '));
        else if (!trail.includes(next)) visit(next, [...trail, next]);
      }
    };
    for (const start of graph.keys()) visit(start, [start]);
    expect(graph.size).toBeGreaterThan(8);
    expect(cycles).toEqual([]);
  });
});
