/**
 * Every relative link in README.md and docs/ leads somewhere: to a file or folder of the repository
 * (not one git ignores), and when it names a `#fragment`, to a heading of that markdown file by
 * GitHub's anchors (or to a line `#L12` of another file). Links with a scheme (https:, mailto:) leave
 * the repository and are not followed. Links inside code are not links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocs, REPOSITORY } from '../scripts/support/doc-files';

interface Link {
  file: string;
  line: number;
  target: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)((?:(?!\1)[\s\S])*?)\1/g;

/** Each line outside fenced code, with its number. */
function proseLines(text: string): [number, string][] {
  const lines: [number, string][] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening?.[0] === fence[0] && opening.length >= fence.length) fence = undefined;
    } else if (opening) fence = opening;
    else lines.push([i + 1, line]);
  });
  return lines;
}

/** The inline links and images `[text](target "title")` and reference definitions `[label]: target` of a file. */
function linksOf(file: string, text: string): Link[] {
  const links: Link[] = [];
  for (const [line, raw] of proseLines(text)) {
    // Code spans blanked: nothing in them is a link.
    const prose = raw.replace(CODE_SPAN, (span) => ' '.repeat(span.length));
    for (const [, target] of prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)/g)) links.push({ file, line, target: target.replace(/^<|>$/g, '') });
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(prose)?.[1];
    if (definition) links.push({ file, line, target: definition.replace(/^<|>$/g, '') });
  }
  return links;
}

/** A heading's text as GitHub renders it: code spans, links and inline HTML reduced to their text. */
const rendered = (heading: string) =>
  heading
    .replace(CODE_SPAN, '$2')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');

/** GitHub's slug: lower case, punctuation dropped (`-` and `_` kept), each space a `-`. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The anchors a markdown file has: its headings' slugs (a repeated one gets -1, -2 …) and any `<a id|name>`. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, line] of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const base = slug(rendered(heading[1] ?? '').trim());
      let anchor = base;
      // github-slugger's rule: count repeats of the base, skipping any suffix already taken.
      while (seen.has(anchor)) {
        seen.set(base, seen.get(base)! + 1);
        anchor = `${base}-${seen.get(base)}`;
      }
      seen.set(anchor, 0);
      anchors.add(anchor);
    }
    for (const [, id] of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/** Where a link leads: a path relative to the repository (a leading `/` is its root) and the fragment after `#`. */
function destination({ file, target }: Link): { to: string; fragment: string } {
  const [pathPart, fragment = ''] = target.split(/#(.*)/s);
  const relative = decodeURIComponent(pathPart.replace(/\?.*$/, ''));
  const from = relative.startsWith('/') ? REPOSITORY : path.join(REPOSITORY, path.dirname(file));
  return { to: relative ? path.relative(REPOSITORY, path.join(from, relative)) : file, fragment: decodeURIComponent(fragment) };
}

/**
 * Whether .gitignore keeps a path out of the repository. Read from the file rather than asked of
 * git: CI also runs the suite from an archive of the checkout, which has no .git. The file's
 * patterns are plain names and `*` globs (a trailing `/` a folder, a leading `/` the root).
 */
function gitIgnores(to: string): boolean {
  const patterns = fs
    .readFileSync(path.join(REPOSITORY, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const segments = to.split(path.sep);
  return patterns.some((pattern) => {
    const glob = new RegExp(`^${pattern.replace(/^\/|\/$/g, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
    return pattern.startsWith('/') ? glob.test(segments[0]) : segments.some((segment) => glob.test(segment));
  });
}

/** Why a link leads nowhere, or undefined when it resolves. */
function brokenBecause({ to, fragment }: { to: string; fragment: string }): string | undefined {
  if (to === '..' || to.startsWith(`..${path.sep}`)) return `${to} is outside the repository`;
  const absolute = path.join(REPOSITORY, to);
  if (!fs.existsSync(absolute)) return `${to} does not exist`;
  if (gitIgnores(to)) return `${to} is ignored by git, so not in the repository`;
  if (!fragment) return undefined;
  if (fs.statSync(absolute).isDirectory()) return `${to} is a folder, it has no #${fragment}`;
  const text = fs.readFileSync(absolute, 'utf8');
  if (to.endsWith('.md')) return anchorsOf(text).has(fragment) ? undefined : `${to} has no heading #${fragment}`;
  const lines = /^L(\d+)(?:-L(\d+))?$/.exec(fragment);
  if (!lines) return `${to} is not markdown: it has no headings, only lines (#L12)`;
  const count = text.split('\n').length;
  return Number(lines[2] ?? lines[1]) <= count ? undefined : `${to} has ${count} lines, not #${fragment}`;
}

describe('links in README.md and docs/', () => {
  const links = [...readDocs()].flatMap(([file, text]) => linksOf(file, text)).filter(({ target }) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target));

  it('are found', () => {
    expect(links.length).toBeGreaterThan(0);
  });

  it('each resolve to a file of the repository and, with a #fragment, to a heading of it', () => {
    const destinations = links.map(destination);
    const broken = links.flatMap((link, i) => {
      const why = brokenBecause(destinations[i]);
      return why ? [`${link.file}:${link.line} (${link.target}): ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
