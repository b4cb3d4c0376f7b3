import { siteVersion } from './page-cache.js';

/**
 * Recent search results of the storefront (docs/site.md "Search"): the ordered ids of a query's
 * matches (at most the count cap + 1) per tenant, site, language and text, tagged with the
 * tenant's site version (`bumpSiteVersion` forgets them with the pages), kept 30 s, at most
 * MAX_SEARCHES (the oldest go first). Its own map, so a flood of distinct searches never pushes
 * product pages out of the page cache. Concurrent requests for the same query share one lookup.
 * Every page of a query is cut from its list; the cards are read afresh (published only).
 */

/** How long a query's ids are reused. */
export const SEARCH_TTL_MS = 30_000;
/** Most queries kept (a list is at most ~1,000 ids: ~8 KB). */
export const MAX_SEARCHES = 500;

interface Entry {
  ids: Promise<number[]>;
  version: number;
  at: number;
}

const searches = new Map<string, Entry>();

/** The query's ids from the cache, or from `find()` (one call however many ask at once). */
export function cachedSearch(
  tenantId: number,
  key: string,
  find: () => Promise<number[]>,
  now = Date.now(),
): Promise<number[]> {
  const k = `${tenantId}\u0000${key}`;
  const version = siteVersion(tenantId);
  const hit = searches.get(k);
  if (hit && hit.version === version && now - hit.at <= SEARCH_TTL_MS) return hit.ids;
  searches.delete(k);
  if (searches.size >= MAX_SEARCHES) {
    const oldest = searches.keys().next().value;
    if (oldest !== undefined) searches.delete(oldest);
  }
  const ids = find();
  const entry: Entry = { ids, version, at: now };
  searches.set(k, entry);
  // A failed lookup is not kept: the next request asks the database again.
  ids.catch(() => {
    if (searches.get(k) === entry) searches.delete(k);
  });
  return ids;
}

/** Empties the cache (tests and the benchmark's uncached runs). */
export function clearSearchCache(): void {
  searches.clear();
}
