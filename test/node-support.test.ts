import { describe, expect, it } from 'vitest';
import { nodeSupportWarning } from '../server/lib/node-support';

describe('the Node.js line at start-up', () => {
  it('says Node 20 is past its end of life, in one line', () => {
    const line = nodeSupportWarning('v20.19.0');
    expect(line).toBe('Node v20.19.0 is past its end of life (Node 20: 2026-04-30) and gets no security fixes: the service still runs and is tested on it, but run it on Node 24 (LTS).');
    expect(line).not.toContain('\n');
  });

  it('says nothing on Node 22 and later', () => {
    for (const version of ['v22.12.0', 'v24.21.0', 'v25.0.0']) expect(nodeSupportWarning(version)).toBeUndefined();
  });
});
