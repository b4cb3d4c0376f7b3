import { describe, expect, it } from 'vitest';
import {
  bumpSiteVersion,
  cachedOr,
  cachedPage,
  clearPageCache,
  MAX_PAGES,
  PAGE_TTL_MS,
} from '../../src/modules/site/storefront/page-cache.js';

// The storefront's page cache (docs/site.md "Catalog pages"): versions, TTL and size bound.
describe('storefront page cache', () => {
  it('renders once per site version, and a bump of one tenant leaves the others cached', async () => {
    clearPageCache();
    let renders = 0;
    const make = async () => `page ${++renders}`;
    expect(await cachedOr(9001, 'p|a', make)).toBe('page 1');
    expect(await cachedOr(9001, 'p|a', make)).toBe('page 1');
    expect(await cachedOr(9002, 'p|a', make)).toBe('page 2');
    bumpSiteVersion(9001);
    expect(await cachedOr(9001, 'p|a', make)).toBe('page 3');
    expect(await cachedOr(9002, 'p|a', make)).toBe('page 2');
    // A "not found" (null) is kept too: a flood of unknown slugs does not reach the database.
    expect(await cachedOr(9001, 'p|none', async () => null)).toBeNull();
    expect(await cachedOr(9001, 'p|none', make)).toBeNull();
  });

  it('does not keep a page rendered while a write bumped the version', async () => {
    clearPageCache();
    const page = await cachedOr(9003, 'p|b', async () => {
      bumpSiteVersion(9003);
      return 'old';
    });
    expect(page).toBe('old');
    expect(await cachedOr(9003, 'p|b', async () => 'new')).toBe('new');
  });

  it('expires entries after the TTL and holds at most MAX_PAGES', async () => {
    clearPageCache();
    await cachedOr(9004, 'first', async () => 'x');
    expect(cachedPage(9004, 'first', Date.now() + PAGE_TTL_MS + 1)).toBeUndefined();
    for (let i = 0; i <= MAX_PAGES; i++) await cachedOr(9005, `k${i}`, async () => i);
    expect(cachedPage(9005, 'k0')).toBeUndefined();
    expect(cachedPage(9005, `k${MAX_PAGES}`)).toBe(MAX_PAGES);
  });
});
