/**
 * Statements compiled once per shape. A statement whose text depends only on its shape (which
 * parameters are present, the sort, the page size) and whose every value is a `sql.placeholder`
 * is built and compiled the first time its shape is seen; each later statement of that shape only
 * fills in its values. Building and compiling the search statement costs ~0.5 ms; filling one in
 * costs a few µs. (prepared.ts is the other way to build once: one fixed statement, run through
 * the driver's prepared query; a template is many statements, one per shape, run as plain SQL.)
 */
import { Placeholder, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

interface CompiledTemplate {
  /** Statement text around its parameters: pieces[0] $1 pieces[1] $2 … */
  pieces: StringChunk[];
  /** Each parameter: a placeholder to fill, or a constant of the shape. */
  params: unknown[];
}

const dialect = new PgDialect();
/** Shapes kept per template; they are few (each a combination of present parameters, sort and page size). */
const TEMPLATES_MAX = 1000;

/** A member of a shape: a structural choice (a presence, a size, the name of a sort), never a value. */
type Choice = boolean | number | string | null;

/**
 * `build` turns a shape into its statement. It reads nothing but the shape, whose members are
 * therefore its cache key: two shapes that build different text differ in a member, by
 * construction, with no list of members to keep in step with the builder. The answer gives the
 * statement of a shape with `values`, by placeholder name.
 */
export function statementTemplates<S extends { [member in keyof S]: Choice }>(
  name: string,
  build: (shape: S) => SQL,
): (shape: S, values: Record<string, unknown>) => SQL {
  const templates = new Map<string, CompiledTemplate>();

  function compiled(shape: S): CompiledTemplate {
    // The members joined, in order (one function builds every shape): a third of JSON.stringify's
    // cost on the search's hot path, and as exact, since no choice is free text.
    let key = '';
    for (const member in shape) key += `${String(shape[member])},`;
    let template = templates.get(key);
    if (!template) {
      const { sql: text, params } = dialect.sqlToQuery(build(shape));
      const pieces = text.split(/\$\d+/);
      const numbers = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      if (pieces.length !== params.length + 1 || numbers.some((n, i) => n !== i + 1)) {
        throw new Error(`${name} template: its text must hold its parameters as $1…$n, in order`);
      }
      template = { pieces: pieces.map((piece) => new StringChunk(piece)), params };
      if (templates.size >= TEMPLATES_MAX) templates.delete(templates.keys().next().value!);
      templates.set(key, template);
    }
    return template;
  }

  return (shape, values) => {
    const { pieces, params } = compiled(shape);
    const chunks: unknown[] = [pieces[0]];
    params.forEach((param, i) => {
      if (param instanceof Placeholder) {
        if (!(param.name in values) || values[param.name] === undefined) throw new Error(`${name} template: no value for ${param.name}`);
        chunks.push(values[param.name], pieces[i + 1]);
      } else {
        chunks.push(param, pieces[i + 1]);
      }
    });
    return new SQL(chunks as never);
  };
}
