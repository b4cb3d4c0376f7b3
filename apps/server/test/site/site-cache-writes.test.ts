import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { insertProduct, texts } from './site-catalog-support.js';
import { siteBody } from './site-support.js';

// A builder write forgets the tenant's cached storefront pages at once (site-api.ts), not after
// the cache's 30 s: the seller sees the change on the next visit of the page.
const t = useTestApp();
let admin: Session;
let tenantId: number;
let siteId: number;

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const titleOf = (htmlText: string) => /<title>([^<]*)<\/title>/.exec(htmlText)?.[1];

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  tenantId = tenant.id;
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const created = await call(t.app, admin, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'cache-shop' }));
  expect(created.status, created.msg).toBe(200);
  siteId = Number((created.data as { id: number }).id);
});

describe('storefront page cache and the builder writes', () => {
  it('a product page cached before an SEO save shows the new title right after it', async () => {
    await insertProduct(t.db, { id: siteId, tenantId }, { slug: 'lamp', texts: texts('Desk lamp') });
    const url = '/s/cache-shop/en/p/lamp';
    const before = titleOf(await page(url));
    expect(before).toBe('Desk lamp | Acme Home');
    // Cached now: the same page again is the cached one.
    expect(titleOf(await page(url))).toBe(before);
    const seo = await call(t.app, admin, 'POST', '/PDD/site/seo/save', {
      version: 0,
      pages: { product: { en: { title: '{name} – buy at {site}' } } },
      robots: { index: true },
    });
    expect(seo.status, seo.msg).toBe(200);
    expect(titleOf(await page(url))).toBe('Desk lamp – buy at Acme Home');
  });
});
