import { PAGE_TTL_MS, siteVersion } from './page-cache.js';

/**
 * Built sitemap files (docs/site.md "SEO"), kept like the page cache's pages: per tenant, tagged
 * with the tenant's site version (`bumpSiteVersion` after a builder write makes them stale at
 * once) and for PAGE_TTL_MS at most. A file of 10,000 addresses is a few MB, so this cache is
 * bounded by its total size rather than a count: the oldest files go first.
 */

/** Most characters kept over all files (about 64 MB of UTF-16). */
export const MAX_SITEMAP_CHARS = 32_000_000;

interface Entry {
  body: string | null;
  version: number;
  at: number;
}

const files = new Map<string, Entry>();
let total = 0;

const sizeOf = (e: Entry) => e.body?.length ?? 0;

function drop(key: string): void {
  const e = files.get(key);
  if (!e) return;
  total -= sizeOf(e);
  files.delete(key);
}

/** The cached file (null: known not to exist), or `make()`'s, kept under the version read before making it. */
export async function cachedSitemap(
  tenantId: number,
  key: string,
  make: () => Promise<string | null>,
  now = Date.now(),
): Promise<string | null> {
  const k = `${tenantId}\u0000${key}`;
  const hit = files.get(k);
  if (hit && hit.version === siteVersion(tenantId) && now - hit.at <= PAGE_TTL_MS) return hit.body;
  drop(k);
  const version = siteVersion(tenantId);
  const body = await make();
  const entry: Entry = { body, version, at: Date.now() };
  if (sizeOf(entry) > MAX_SITEMAP_CHARS) return body;
  drop(k);
  while (total + sizeOf(entry) > MAX_SITEMAP_CHARS || files.size >= 10_000) {
    const oldest = files.keys().next().value;
    if (oldest === undefined) break;
    drop(oldest);
  }
  files.set(k, entry);
  total += sizeOf(entry);
  return body;
}
