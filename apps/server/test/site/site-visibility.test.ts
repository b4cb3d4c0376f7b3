import { beforeAll, describe, expect, it } from 'vitest';
import { visibleCategories } from '../../src/modules/site/storefront/category-visibility.js';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { insertProduct, type SiteRow, texts } from './site-catalog-support.js';
import { siteBody } from './site-support.js';

// Site categories' 显示/隐藏 switch, products' noindex and the sitemap cache (docs/site.md
// "Categories", "SEO"), through the builder's API and the storefront over HTTP.
const t = useTestApp({ publicUrl: 'https://console.acme.example' });
const HOST = 'shop.vis.example';
const BASE = '/s/vis-shop';
let admin: Session;
let other: Session;
let site: SiteRow;
const cat = {} as Record<'lamps' | 'desk' | 'garden', { id: number; version: number }>;

const page = (url: string) => t.app.inject({ method: 'GET', url });
/** A page on the site's domain (preview pages are always noindex). */
const onDomain = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: HOST } });
const post = (s: Session, op: string, body: object) => call(t.app, s, 'POST', `/PDD/site/category/${op}`, body);
const setShown = async (key: keyof typeof cat, published: boolean) => {
  const r = await post(admin, 'publish', { ...cat[key], published });
  expect(r.status, r.msg).toBe(200);
  cat[key].version = r.data.version;
  return r;
};

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  const created = await call(
    t.app,
    admin,
    'POST',
    '/PDD/site/basic/save',
    siteBody({ slug: 'vis-shop', domains: [HOST] }),
  );
  expect(created.status, created.msg).toBe(200);
  site = { id: Number(created.data.id), tenantId: tenant.id };
  const theirs = await call(t.app, other, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'vis-other' }));
  expect(theirs.status, theirs.msg).toBe(200);
  for (const [key, names, parent] of [
    ['lamps', { en: 'Lamps' }, null],
    ['desk', { en: 'Desk lamps' }, 'lamps'],
    ['garden', { en: 'Garden' }, null],
  ] as const) {
    const r = await post(admin, 'create', { names, slug: key, parent_id: parent ? cat[parent].id : null });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.published).toBe(true);
    cat[key] = { id: r.data.id, version: r.data.version };
  }
  await insertProduct(t.db, site, { slug: 'desk-lamp', texts: texts('Desk lamp'), category_ids: [cat.desk.id] });
  await insertProduct(t.db, site, { slug: 'hose', texts: texts('Garden hose'), category_ids: [cat.garden.id] });
});

describe('site categories: 显示/隐藏', () => {
  it('a category and its subtree hidden: 404, out of the menu, the sitemap and category blocks; products keep their pages', async () => {
    const blocks = [
      {
        type: 'product_grid',
        key: 'g1',
        heading: { en: 'Lamp picks' },
        source: { kind: 'category', category_id: cat.desk.id },
        columns: 2,
        count: 4,
      },
      {
        type: 'featured_collection',
        key: 'f1',
        category_id: cat.lamps.id,
        heading: { en: 'Featured lamps' },
        count: 4,
      },
    ];
    const draft = await call(t.app, admin, 'POST', '/PDD/site/visual/save-draft', { id: null, version: 0, blocks });
    expect(draft.status, draft.msg).toBe(200);
    const pub = await call(t.app, admin, 'POST', '/PDD/site/visual/publish', { id: null, version: 1 });
    expect(pub.status, pub.msg).toBe(200);

    // Shown: pages, menu, sitemap, blocks.
    expect((await page(`${BASE}/en/c/lamps`)).statusCode).toBe(200);
    const homeBefore = (await page(`${BASE}/en/`)).body;
    expect(homeBefore).toContain('/en/c/lamps"');
    expect(homeBefore).toContain('Featured lamps');
    expect(homeBefore).toContain('/en/p/desk-lamp"');
    expect((await page(`${BASE}/sitemap-pages-1.xml`)).body).toContain('/en/c/desk</loc>');

    await setShown('lamps', false);
    const tree = (await call(t.app, admin, 'GET', '/PDD/site/category/list')).data.tree;
    expect(tree.find((n: { slug: string }) => n.slug === 'lamps')).toMatchObject({ published: false });

    for (const slug of ['lamps', 'desk']) expect((await page(`${BASE}/en/c/${slug}`)).statusCode, slug).toBe(404);
    expect((await page(`${BASE}/en/c/garden`)).statusCode).toBe(200);
    const home = (await page(`${BASE}/en/`)).body;
    expect(home).not.toContain('/en/c/lamps"');
    expect(home).toContain('/en/c/garden"');
    expect(home).not.toContain('Featured lamps');
    expect(home).not.toContain('/en/p/desk-lamp"');
    const sitemap = (await page(`${BASE}/sitemap-pages-1.xml`)).body;
    expect(sitemap).not.toContain('/c/lamps<');
    expect(sitemap).not.toContain('/c/desk<');
    expect(sitemap).toContain('/en/c/garden</loc>');
    // The product stays reachable by its own address (no link to the hidden category).
    const product = await page(`${BASE}/en/p/desk-lamp`);
    expect(product.statusCode).toBe(200);
    expect(product.body).not.toContain('/en/c/desk"');

    // Shown again: everything is back at once (the write forgot the cached pages).
    await setShown('lamps', true);
    expect((await page(`${BASE}/en/c/desk`)).statusCode).toBe(200);
    expect((await page(`${BASE}/en/`)).body).toContain('Featured lamps');
  });

  it('a hidden child under a shown parent: only the child is hidden', async () => {
    await setShown('desk', false);
    expect((await page(`${BASE}/en/c/desk`)).statusCode).toBe(404);
    const parent = await page(`${BASE}/en/c/lamps`);
    expect(parent.statusCode).toBe(200);
    expect(parent.body).not.toContain('/en/c/desk"');
    // The parent's page lists products of its shown subtree only.
    expect(parent.body).not.toContain('/en/p/desk-lamp"');
    await setShown('desk', true);
    expect((await page(`${BASE}/en/c/lamps`)).body).toContain('/en/p/desk-lamp"');
  });

  it('the switch: stale version 409, another tenant 404, bad body 400, logged', async () => {
    const stale = await post(admin, 'publish', {
      id: cat.garden.id,
      version: cat.garden.version + 5,
      published: false,
    });
    expect(stale.status).toBe(409);
    expect((await post(other, 'publish', { ...cat.garden, published: false })).status).toBe(404);
    expect(await post(admin, 'publish', { ...cat.garden, published: 'no' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('显示状态不合法'),
    });
    await setShown('garden', false);
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.category.publish');
    const lines = (log.data.list as { text: string }[]).map((r) => r.text);
    expect(
      lines.some((x) => / 在站点上隐藏了站点分类「Garden」$/.test(x)),
      lines.join('\n'),
    ).toBe(true);
    await setShown('garden', true);
  });

  it('visibleCategories: a hidden ancestor hides the subtree; orphans and cycles are hidden', () => {
    const rows = [
      { id: 3, parent_id: 2, published: true },
      { id: 2, parent_id: 1, published: true },
      { id: 1, parent_id: null, published: false },
      { id: 4, parent_id: null, published: true },
      { id: 5, parent_id: 4, published: true },
      { id: 6, parent_id: 99, published: true },
      { id: 7, parent_id: 8, published: true },
      { id: 8, parent_id: 7, published: true },
    ];
    expect(visibleCategories(rows).map((r) => r.id)).toEqual([4, 5]);
  });
});

describe('products: 不被搜索引擎收录 and the sitemap cache', () => {
  it('the form keeps noindex; the page says noindex and the sitemap leaves it out', async () => {
    const created = await call(t.app, admin, 'POST', '/PDD/site/goods/create', {
      texts: { en: { title: 'Secret lamp', description: '', bullets: [] } },
      price: 1000,
      noindex: true,
    });
    expect(created.status, created.msg).toBe(200);
    expect(created.data.noindex).toBe(true);
    const got = await call(t.app, admin, 'GET', `/PDD/site/goods/get?id=${created.data.id}`);
    expect(got.data.noindex).toBe(true);

    await t.db
      .updateTable('site_products')
      .set({ noindex: true })
      .where('tenant_id', '=', site.tenantId)
      .where('slug', '=', 'hose')
      .execute();
    bumpSiteVersion(site.tenantId);
    const hose = await onDomain('/en/p/hose');
    expect(hose.statusCode).toBe(200);
    expect(hose.body).toContain('<meta name="robots" content="noindex">');
    const lamp = await onDomain('/en/p/desk-lamp');
    expect(lamp.statusCode).toBe(200);
    expect(lamp.body).not.toContain('name="robots"');
    const products = (await onDomain('/sitemap-products-1.xml')).body;
    expect(products).toContain(`<loc>http://${HOST}/en/p/desk-lamp</loc>`);
    expect(products).not.toContain('/p/hose<');
  });

  it('sitemap files are cached until the tenant next writes through the builder', async () => {
    const before = (await page(`${BASE}/sitemap-products-1.xml`)).body;
    // insertProduct forgets the cache as a builder write would: the new product is listed.
    await insertProduct(t.db, site, { slug: 'new-lamp', texts: texts('New lamp') });
    const withNew = (await page(`${BASE}/sitemap-products-1.xml`)).body;
    expect(withNew).not.toBe(before);
    expect(withNew).toContain('/en/p/new-lamp</loc>');
    // A row written around the builder is not seen: the cached file is served.
    await t.db
      .insertInto('site_products')
      .values({
        tenant_id: site.tenantId,
        site_id: site.id,
        slug: 'quiet-lamp',
        price: '3.00',
        published: true,
        texts: '{}',
        pictures: '[]',
        variations: '[]',
        category_ids: [],
      })
      .execute();
    expect((await page(`${BASE}/sitemap-products-1.xml`)).body).toBe(withNew);
    // A builder write (here: a category switch) forgets it.
    await setShown('garden', false);
    await setShown('garden', true);
    expect((await page(`${BASE}/sitemap-products-1.xml`)).body).toContain('/en/p/quiet-lamp</loc>');
  });
});
