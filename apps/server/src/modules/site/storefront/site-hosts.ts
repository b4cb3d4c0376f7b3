/**
 * Which host names are a site's domain, remembered briefly: every page request on a host that
 * is not the console's asks once per `TTL_MS`, not once per request. A save in this process
 * forgets its old and new domains at once; another server process sees a changed domain within
 * `TTL_MS` (docs/site.md "Domains").
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

const known = new Map<string, { isSite: boolean; until: number }>();

/** Whether the host is known to be (true) or not to be (false) a site's domain; undefined when it must be looked up. */
export function cachedSiteHost(host: string, now = Date.now()): boolean | undefined {
  const hit = known.get(host);
  if (!hit) return undefined;
  if (hit.until <= now) {
    known.delete(host);
    return undefined;
  }
  return hit.isSite;
}

/** Remembers a lookup's result. */
export function rememberSiteHost(host: string, isSite: boolean, now = Date.now()): void {
  // Random Host headers must not grow the map without bound: start over when it is full.
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(host, { isSite, until: now + TTL_MS });
}

/** Forgets hosts whose answer a save changed. */
export function forgetSiteHosts(hosts: readonly string[]): void {
  for (const h of hosts) known.delete(h);
}

/**
 * The host name of the console's PUBLIC_URL (lower case, as site domains are written), never a
 * storefront; undefined when PUBLIC_URL is unset.
 */
export function consoleHostOf(publicUrl: string | undefined): string | undefined {
  return publicUrl ? new URL(publicUrl).hostname.toLowerCase().replace(/\.$/, '') : undefined;
}
