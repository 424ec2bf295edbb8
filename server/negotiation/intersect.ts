/**
 * Which capabilities a call runs with: UCP's Intersection Algorithm (overview.md § Negotiation
 * Protocol), and, of those, the ones an answer names (§ Response Capability Selection).
 */
import type { CapabilityVersion, Intersection } from './types';

/**
 * The algorithm's four steps: each business capability the platform also declares (1), at the
 * highest version both declare, or not at all when they share none (2); then extensions none of
 * whose parents is left are removed (3: a single parent must be there, of several at least one),
 * until none is (4: chains of extensions).
 *
 * An entry is the business's at the chosen version — its `extends`, since it is the business's
 * implementation that extends — with the `config` of the platform's entry at that version (a
 * platform's settings for the capability, such as a webhook URL).
 */
export function intersect(
  business: Readonly<Record<string, CapabilityVersion | readonly CapabilityVersion[]>>,
  platform: Readonly<Record<string, readonly CapabilityVersion[]>>,
): Intersection {
  const result: Intersection = {};
  for (const [name, offered] of Object.entries(business)) {
    if (!Object.hasOwn(platform, name)) continue;
    const declared = new Map(platform[name].map((entry) => [entry.version, entry]));
    let chosen: CapabilityVersion | undefined;
    // Versions are dates (YYYY-MM-DD): the highest is the latest.
    for (const entry of [offered].flat()) if (declared.has(entry.version) && (!chosen || entry.version > chosen.version)) chosen = entry;
    if (!chosen) continue;
    const config = declared.get(chosen.version)!.config;
    result[name] = { version: chosen.version, ...(chosen.extends !== undefined && { extends: chosen.extends }), ...(config && { config }) };
  }
  for (let pruned = true; pruned; ) {
    pruned = false;
    for (const [name, { extends: parents }] of Object.entries(result)) {
      if (parents === undefined || [parents].flat().some((parent) => Object.hasOwn(result, parent))) continue;
      delete result[name];
      pruned = true;
    }
  }
  return result;
}

/**
 * The `ucp.capabilities` of an answer to an operation whose root capability is `root`: the root,
 * and every extension one of whose parents it is, as `{name: [{version}]}`.
 */
export function relevantCapabilities(intersection: Intersection, root: string): Record<string, { version: string }[]> {
  const relevant: Record<string, { version: string }[]> = {};
  for (const [name, { version, extends: parents }] of Object.entries(intersection)) {
    if (name === root || (parents !== undefined && [parents].flat().includes(root))) relevant[name] = [{ version }];
  }
  return relevant;
}
