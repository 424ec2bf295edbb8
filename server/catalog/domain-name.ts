/**
 * Host names from whatever a caller pastes as a seller's `domain`: a full URL, a host with a port,
 * a bare host. `https://WWW.Shop.example:443/p/x?y` → `shop.example`. Stored seller domains are
 * normalised the same way (lower case, no trailing dot).
 */

/** The normalised host of a URL or host name: no scheme, credentials, port, path, query, case, trailing dot or `www.`; null when there is none. */
export function normaliseHost(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let host: string;
  try {
    // URL does the heavy lifting (ports, credentials, IDNs → punycode); a bare host needs a scheme.
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.toLowerCase().replace(/\.+$/, '').replace(/^www\./, '');
  return host.includes('.') ? host : null;
}

/**
 * Hosts a store's site may be registered under, most specific first: the host itself (and its
 * `www.` form, in case a store registered that), then its parent domains down to two labels, so a
 * URL on `blog.shop.example` finds the store at `shop.example`.
 */
export function siteCandidates(host: string): string[] {
  const labels = host.split('.');
  const out = [host, `www.${host}`];
  for (let i = 1; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** The part of a host that looks like a seller handle, for "did you mean": `acme-outdors.example` → `acme-outdors`. */
export function handleLikePart(host: string): string {
  const labels = host.split('.');
  return (labels.length > 1 ? labels.slice(0, -1) : labels).join(' ');
}
