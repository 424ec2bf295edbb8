/**
 * Each operation's example calls in /api/openapi.json, with the answers recorded for them
 * (recorded-examples.json, data written by `npm run openapi:examples`).
 */
import type { Operation } from '../../trpc/meta';
import type { Json } from './components';
import recordedExamples from './recorded-examples.json' with { type: 'json' };

export interface RecordedAnswer {
  status: number;
  body: unknown;
}

/** What `npm run openapi:examples` records: the origin it ran at, then operation name → example name → answer. */
export interface ExampleRecording {
  base: string;
  examples: Record<string, Record<string, RecordedAnswer>>;
}

export const RECORDED: ExampleRecording = recordedExamples;

/** The agent profile and idempotency key the example calls are made (and recorded) with. */
export const EXAMPLE_AGENT = 'profile="https://agent.shopbot.dev/profile.json"';
export const EXAMPLE_IDEMPOTENCY_KEY = '5f0c8e3a-2b7d-4c1e-9a6f-3d8b1e7c4a20';

/** Recorded answers name the recording's origin; the document names this deployment's. */
function rebased(value: unknown, base: string): unknown {
  if (typeof value === 'string') return value.replaceAll(RECORDED.base, base);
  if (Array.isArray(value)) return value.map((v) => rebased(v, base));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebased(v, base)]));
  return value;
}

export function addParameterExamples(operation: Operation, parameters: Json[]): void {
  for (const param of parameters) {
    if (param.in !== 'path' && param.in !== 'query') continue;
    const examples: Json = {};
    for (const [name, example] of Object.entries(operation.examples)) {
      const value = example.input[param.name];
      // A value outside a published enum (the docs slug the server still answers 404 for) shows in
      // the answer's example only: a parameter example must conform to the parameter's schema.
      if (value === undefined || (param.schema?.enum && !param.schema.enum.includes(value))) continue;
      examples[name] = { summary: example.summary, value };
    }
    if (Object.keys(examples).length) param.examples = examples;
  }
}

export function requestBodyExamples(operation: Operation, pathParams: readonly string[]): Json | undefined {
  const examples: Json = {};
  for (const [name, example] of Object.entries(operation.examples)) {
    const body = Object.fromEntries(Object.entries(example.input).filter(([k]) => !pathParams.includes(k)));
    examples[name] = { summary: example.summary, value: body };
  }
  return Object.keys(examples).length ? examples : undefined;
}

/** The recorded answers of an operation's examples, by status. */
export function recordedAnswers(operation: Operation, base: string): Map<number, Json> {
  const byStatus = new Map<number, Json>();
  const recorded = RECORDED.examples[operation.name] ?? {};
  for (const [name, example] of Object.entries(operation.examples)) {
    const answer = recorded[name];
    if (!answer) continue;
    const examples = byStatus.get(answer.status) ?? {};
    examples[name] = { summary: example.summary, value: rebased(answer.body, base) };
    byStatus.set(answer.status, examples);
  }
  return byStatus;
}
