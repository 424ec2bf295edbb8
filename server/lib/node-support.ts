/**
 * The Node.js lines the service is tested on: .ci/run runs the suite and the browser tests on 20 (the
 * oldest package.json's `engines` admits) and on 24, the current LTS line.
 */

/** Node 20's end of life: no security fixes since. */
const NODE_20_END_OF_LIFE = '2026-04-30';

/**
 * The start-up line for a service running on a Node.js line past its end of life, given
 * `process.version`; undefined on a supported line. oidc-provider prints its own "Unsupported
 * runtime" when it loads on anything before Node 22; this line says what that means here.
 */
export function nodeSupportWarning(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (Number.isNaN(major) || major > 20) return undefined;
  return `Node ${version} is past its end of life (Node 20: ${NODE_20_END_OF_LIFE}) and gets no security fixes: the service still runs and is tested on it, but run it on Node 24 (LTS).`;
}
