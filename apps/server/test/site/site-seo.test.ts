import type { Auth } from '@console/shared/constants/roles';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';
import { seoText } from '../../src/modules/site/storefront/seo.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody } from './site-support.js';

const t = useTestApp({ publicUrl: 'https://console.acme.example' });
let tenant: UserRow;
let admin: Session;
let noSite: Session;
const sessions = {} as Record<Auth, Session>;

const get = (s: Session) => call(t.app, s, 'GET', '/PDD/site/seo/get');
const save = (s: Session, body: object) => call(t.app, s, 'POST', '/PDD/site/seo/save', body);
const fetchText = (url: string, host?: string) => t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });
const count = (text: string, needle: string) => text.split(needle).length - 1;

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  sessions[0] = admin;
  for (const auth of [1, 2, 3, 6] as const) {
    sessions[auth] = await signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  }
  for (const auth of [4, 5] as const) {
    sessions[auth] = await signIn(t.app, (await buildTenant(t.db, { auth })).account, TEST_PASSWORD);
  }
  noSite = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  const body = siteBody({
    slug: 'seo-shop',
    domains: ['shop.seo.example'],
    legal: { en: { privacy: '# Privacy', returns: '', terms: '' } },
  });
  const created = await call(t.app, admin, 'POST', '/PDD/site/basic/save', body);
  expect(created.status, created.msg).toBe(200);
});

describe('SEO settings (建站 SEO设置)', () => {
  it('company and personal admins manage SEO; every other role is refused', async () => {
    for (const auth of [0, 4] as const) expect((await get(sessions[auth])).status, `auth ${auth}`).toBe(200);
    for (const auth of [1, 2, 3, 5, 6] as const) {
      expect((await get(sessions[auth])).status, `auth ${auth}`).toBe(403);
      expect((await save(sessions[auth], { version: 0 })).status, `auth ${auth}`).toBe(403);
    }
  });

  it('without a site: the form says so, and a save asks for the basic settings first', async () => {
    expect((await get(noSite)).data).toMatchObject({ site_created: false, languages: [], version: 0 });
    expect(await save(noSite, { version: 0 })).toMatchObject({ status: 400, msg: '请先在基础设置中创建站点' });
  });

  it('saves templates per page type and language with its own version, refuses stale saves, logs a sentence', async () => {
    expect((await get(admin)).data).toMatchObject({
      site_created: true,
      languages: ['en', 'de'],
      site_name: 'Acme Home',
      pages: {},
      robots: { index: true },
      version: 0,
    });
    const pages = {
      product: { en: { title: '{name} – {price} | {site}', description: 'Buy {name} in {category}.' } },
      category: { de: { title: '{name} kaufen', description: '' } },
      home: { en: { title: '', description: '' } },
    };
    const saved = await save(admin, { version: 0, pages, robots: { index: true } });
    expect(saved).toMatchObject({ status: 200, data: { version: 1 } });
    // Empty templates are not kept (the storefront's default applies).
    expect(saved.data.pages).toEqual({ product: pages.product, category: pages.category });
    expect(await save(admin, { version: 0, pages })).toMatchObject({ status: 409, data: { version: 1 } });
    // The basic settings keep their own version.
    expect((await call(t.app, admin, 'GET', '/PDD/site/basic/get')).data.version).toBe(1);

    const again = await save(admin, { version: 1, pages: saved.data.pages, robots: { index: false } });
    expect(again).toMatchObject({ status: 200, data: { version: 2, robots: { index: false } } });
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.seo.save');
    const texts = (log.data.list as { text: string }[]).map((r) => r.text);
    expect(texts[0]).toMatch(/ 保存了站点「Acme Home」的SEO设置,并禁止搜索引擎收录$/);
    expect(texts[1]).toMatch(/ 保存了站点「Acme Home」的SEO设置$/);
    const back = await save(admin, { version: 2, pages: saved.data.pages, robots: { index: true } });
    expect(back.status, back.msg).toBe(200);
  });

  it('refuses unknown placeholders, languages the site lacks and huge templates', async () => {
    const { version } = (await get(admin)).data;
    const cases: [object, string][] = [
      [
        { home: { en: { title: '{site} {foo} {bar}' } } },
        '不支持的占位符:{foo}、{bar}(可用:{site} {name} {price} {category})',
      ],
      [{ home: { en: { description: '{Name}' } } }, '不支持的占位符:{Name}'],
      [{ home: { fr: { title: '{site}' } } }, '法语不是站点语言,请先在基础设置中添加'],
      [{ home: { en: { title: 'x'.repeat(201) } } }, '长度不能大于 200 个字符'],
      [{ home: { en: { description: 'x'.repeat(501) } } }, '长度不能大于 500 个字符'],
      [{ blog: { en: { title: 'x' } } }, '不支持的字段: blog'],
    ];
    for (const [pages, msg] of cases) {
      const res = await save(admin, { version, pages });
      expect(res.status, JSON.stringify(pages)).toBe(400);
      expect(res.msg, JSON.stringify(pages)).toContain(msg);
    }
    expect((await get(admin)).data.version).toBe(version);
  });

  it('seoText: the item override, then the template with placeholders, then the default', () => {
    const site = {
      name: 'Acme',
      seo: { pages: { product: { en: { title: '{name} – {price} | {site}', description: 'In {category}' } } } },
    };
    const vars = { name: 'Mug', price: '€5.00', category: 'Kitchen' };
    expect(seoText(site, 'product', 'en', vars)).toEqual({ title: 'Mug – €5.00 | Acme', description: 'In Kitchen' });
    expect(seoText(site, 'product', 'en', vars, { title: 'Own title' })).toEqual({
      title: 'Own title',
      description: 'In Kitchen',
    });
    expect(seoText(site, 'product', 'de', vars)).toEqual({ title: 'Mug | Acme', description: '' });
    expect(seoText(site, 'home', 'en', {})).toEqual({ title: 'Acme', description: '' });
    expect(seoText({ name: 'Acme', seo: 'garbage' }, 'category', 'en', { name: 'Cups' }).title).toBe('Cups | Acme');
  });
});

describe('sitemap.xml and robots.txt', () => {
  let siteId: number;
  let categorySlug: string;

  beforeAll(async () => {
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    siteId = Number(site.id);
    const cat = await call(t.app, admin, 'POST', '/PDD/site/category/create', { names: { en: 'Cups' } });
    categorySlug = cat.data.slug;
    const product = (slug: string, published: boolean) => ({
      tenant_id: tenant.id,
      site_id: siteId,
      slug,
      price: '5.00',
      category_ids: [],
      published,
      texts: '{}',
      pictures: '[]',
      variations: '[]',
    });
    await t.db
      .insertInto('site_products')
      .values([product('blue-mug', true), product('secret-mug', false)])
      .execute();
  });

  it('lists home, legal pages with text, categories and published products in every language with hreflang', async () => {
    const index = await fetchText('/s/seo-shop/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    const base = 'http://localhost:80/s/seo-shop';
    expect(index.body).toContain(`<loc>${base}/sitemap-pages-1.xml</loc>`);
    expect(index.body).toContain(`<loc>${base}/sitemap-products-1.xml</loc>`);
    expect(count(index.body, '<sitemap>')).toBe(2);

    const pages = (await fetchText('/s/seo-shop/sitemap-pages-1.xml')).body;
    for (const path of ['', 'legal/privacy', `c/${categorySlug}`]) {
      for (const lang of ['en', 'de']) expect(pages).toContain(`<url><loc>${base}/${lang}/${path}</loc>`);
    }
    expect(pages).not.toContain('legal/terms');
    expect(pages).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${base}/de/c/${categorySlug}"/>`);
    expect(pages).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/en/c/${categorySlug}"/>`);

    const products = (await fetchText('/s/seo-shop/sitemap-products-1.xml')).body;
    expect(products).toContain(`<loc>${base}/de/p/blue-mug</loc>`);
    expect(products).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(products).not.toContain('secret-mug');
    expect((await fetchText('/s/seo-shop/sitemap-products-2.xml')).statusCode).toBe(404);
  });

  it('robots.txt: the preview address is never indexed; a domain names its sitemap unless indexing is off', async () => {
    expect((await fetchText('/s/seo-shop/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    const onDomain = await fetchText('/robots.txt', 'shop.seo.example');
    expect(onDomain.body).toBe('User-agent: *\nAllow: /\nSitemap: http://shop.seo.example/sitemap.xml\n');
    expect((await fetchText('/sitemap.xml', 'shop.seo.example')).body).toContain(
      '<loc>http://shop.seo.example/sitemap-products-1.xml</loc>',
    );
    const seo = (await get(admin)).data;
    const off = await save(admin, { robots: { index: false }, pages: seo.pages, version: seo.version });
    expect(off.status, off.msg).toBe(200);
    expect((await fetchText('/robots.txt', 'shop.seo.example')).body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('a big site: files of at most 10,000 addresses under an index; unpublished site: 404', async () => {
    // 5,001 published products in two languages: 5,000 products (10,000 addresses) per file.
    await sql`
      insert into site_products (tenant_id, site_id, slug, price, published)
      select ${tenant.id}, ${siteId}, 'bulk-' || g, 1, true from generate_series(1, 5000) g`.execute(t.db);
    // Written around the builder: forget the cached sitemap as a builder write would.
    bumpSiteVersion(tenant.id);
    const index = (await fetchText('/s/seo-shop/sitemap.xml')).body;
    expect(count(index, '<sitemap>')).toBe(3);
    expect(index).toContain('sitemap-products-2.xml');
    const first = (await fetchText('/s/seo-shop/sitemap-products-1.xml')).body;
    expect(count(first, '<url>')).toBe(10_000);
    const last = (await fetchText('/s/seo-shop/sitemap-products-2.xml')).body;
    expect(count(last, '<url>')).toBe(2);
    expect((await fetchText('/s/seo-shop/sitemap-products-3.xml')).statusCode).toBe(404);

    await t.db.updateTable('sites').set({ published: false }).where('id', '=', siteId).execute();
    expect((await fetchText('/s/seo-shop/sitemap.xml')).statusCode).toBe(404);
    expect((await fetchText('/sitemap.xml', 'shop.seo.example')).statusCode).toBe(404);
  });
});
