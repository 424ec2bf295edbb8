/** A background job's failure is logged under one stable event name with the job's name, never thrown, and never with a statement's parameters. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_JOB_FAILED, inBackground } from '../server/errors/background';

afterEach(() => vi.restoreAllMocks());

describe('inBackground', () => {
  it('logs a failure as one line naming the job, and resolves', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = Object.assign(new Error('Failed query: delete from carts where id = $1\nparams: cart_secret_value_1'), {
      cause: Object.assign(new Error('relation "carts" does not exist'), { code: '42P01' }),
    });
    await expect(inBackground('carts sweep', Promise.reject(failure))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    const [line] = warn.mock.calls[0] as [string];
    expect(line).toBe(`${BACKGROUND_JOB_FAILED}: carts sweep: relation "carts" does not exist`);
    expect(line).not.toContain('cart_secret_value_1');
  });

  it('logs nothing when the job succeeds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await inBackground('carts sweep', Promise.resolve(3));
    expect(warn).not.toHaveBeenCalled();
  });
});
