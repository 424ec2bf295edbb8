/**
 * The served documentation's words live in YAML files beside this module (server/docs/text/), one
 * a page or a capability, and code supplies only what it computes: the deployment's base URL, the
 * limits in force, lists read from catalogues. A file is read and parsed once, when its module is
 * first imported (at start), found next to this module's own URL: the same in development, tests,
 * `npm start` (tsx runs the sources) and a bare clone of the repository.
 *
 * A placeholder is `{{name}}` or `{{name.member}}`, looked up in the values the caller gives. A
 * string that is one placeholder and nothing else takes the value itself (a number, a list, an
 * object), so a computed member keeps its place among the words; inside other text the value is
 * written as text. A placeholder with no value throws, naming the file, so a misspelt one fails at
 * start and in every test rather than serving the braces.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Text = Record<string, unknown>;

/** The parsed file `server/docs/text/<name>.yaml`. */
export function readText(name: string): Text {
  return parse(readFileSync(new URL(`./text/${name}.yaml`, import.meta.url), 'utf8')) as Text;
}

const PLACEHOLDER = /\{\{([\w.]+)\}\}/g;
const WHOLE = /^\{\{([\w.]+)\}\}$/;

/** `template` with every placeholder filled from `values`; `where` names the file in an error. */
export function fill<T = Record<string, unknown>>(template: unknown, values: Record<string, unknown>, where: string): T {
  const lookup = (name: string) => {
    let value: unknown = values;
    for (const key of name.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined) throw new Error(`${where}: no value for the placeholder {{${name}}}`);
    return value;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = WHOLE.exec(node);
      return whole ? lookup(whole[1]) : node.replace(PLACEHOLDER, (_, name: string) => String(lookup(name)));
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
    return node;
  };
  return walk(template) as T;
}
