/** GET /api/agent/docs/errors: the error body (text/errors.yaml) and every code of the catalogue. */
import { ERROR_CATALOGUE, type ErrorSpec } from '../errors/catalogue';
import { fill, readText } from './text';

const TEXT = readText('errors');

export function errorsPage() {
  const codes = Object.entries(ERROR_CATALOGUE).map(([code, spec]: [string, ErrorSpec]) => ({
    anchor: code,
    code,
    status: spec.status,
    message: spec.message,
    hint: spec.hint,
    retryable: spec.retryable === true,
  }));
  return fill(TEXT.page, { codes }, 'text/errors.yaml');
}
