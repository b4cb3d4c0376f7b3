/**
 * Rendered catalog pages (product, category) kept in memory for a short time (docs/site.md
 * "Catalog pages"): per site, address and language, tagged with the site's version. A write to
 * a site's products, categories or settings calls `bumpSiteVersion(tenantId)`, so this process
 * stops serving the old pages at once; another server process follows within the TTL.
 */

/** How long a page may be served from memory. */
export const PAGE_TTL_MS = 30_000;
/** Most pages kept (the oldest go first); a page is a few tens of KB, so at most a few tens of MB. */
export const MAX_PAGES = 1000;

interface Entry<T> {
  value: T;
  version: number;
  at: number;
}

const versions = new Map<number, number>();
const pages = new Map<string, Entry<unknown>>();

/** The current version of a tenant's site content in this process. */
export const siteVersion = (tenantId: number) => versions.get(tenantId) ?? 0;

/**
 * Forgets the tenant's cached storefront pages: call it after every committed write to the
 * site's products, categories, SEO settings or basic settings.
 */
export function bumpSiteVersion(tenantId: number): void {
  versions.set(tenantId, siteVersion(tenantId) + 1);
}

/** A cached value of the tenant's site, if it is still fresh and of the current version. */
export function cachedPage<T>(tenantId: number, key: string, now = Date.now()): T | undefined {
  const k = `${tenantId}\u0000${key}`;
  const e = pages.get(k);
  if (!e) return undefined;
  if (e.version !== siteVersion(tenantId) || now - e.at > PAGE_TTL_MS) {
    pages.delete(k);
    return undefined;
  }
  return e.value as T;
}

/**
 * The cached value, or `make()`'s, kept under the version read BEFORE making it (a write during
 * the render leaves an entry that is already stale). The oldest entry goes when the cache is full.
 */
export async function cachedOr<T>(tenantId: number, key: string, make: () => Promise<T>): Promise<T> {
  const hit = cachedPage<T>(tenantId, key);
  if (hit !== undefined) return hit;
  const version = siteVersion(tenantId);
  const value = await make();
  const k = `${tenantId}\u0000${key}`;
  pages.delete(k);
  if (pages.size >= MAX_PAGES) {
    const oldest = pages.keys().next().value;
    if (oldest !== undefined) pages.delete(oldest);
  }
  pages.set(k, { value, version, at: Date.now() });
  return value;
}

/** Empties the cache (tests and the benchmark's uncached runs). */
export function clearPageCache(): void {
  pages.clear();
}
