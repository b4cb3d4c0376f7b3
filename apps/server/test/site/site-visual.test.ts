import type { Auth } from '@console/shared/constants/roles';
import { isStaleSave } from '@console/shared/schemas/stale-save';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody, uploadImage } from './site-support.js';

const t = useTestApp();
const XSS = '<script>alert(1)</script>"\'&';
let tenant: UserRow;
let admin: Session;
let other: Session;
let image: string;
let otherImage: string;
const sessions = {} as Record<Auth, Session>;
/** Rows of the admin's site and of the other tenant's site. */
const own = { product: 0, hidden: 0, category: 0 };
const theirs = { product: 0, category: 0 };

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const save = (s: Session, body: object) => call(t.app, s, 'POST', '/PDD/site/visual/save-draft', body);

/** A category and two products (one published) of a tenant's site, written as the builder's screens would. */
async function contentOf(user: UserRow, slug: string, title: string) {
  const site = await t.db
    .selectFrom('sites')
    .select('id')
    .where('tenant_id', '=', user.tenant_id)
    .executeTakeFirstOrThrow();
  const base = { tenant_id: user.tenant_id, site_id: site.id };
  const cat = await t.db
    .insertInto('site_categories')
    .values({ ...base, slug: `${slug}-cat`, names: JSON.stringify({ en: `${title} category` }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = (p: string, published: boolean, price: string) =>
    t.db
      .insertInto('site_products')
      .values({
        ...base,
        slug: `${slug}-${p}`,
        texts: JSON.stringify({ en: { title: `${title} ${p}`, description: '', bullets: [] } }),
        pictures: JSON.stringify([]),
        price,
        variations: JSON.stringify([]),
        category_ids: [Number(cat.id)],
        published,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const shown = await product('lamp', true, '19.9');
  const hidden = await product('draft', false, '5');
  return { category: Number(cat.id), product: Number(shown.id), hidden: Number(hidden.id) };
}

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  sessions[0] = admin;
  for (const auth of [1, 2, 3] as const) {
    sessions[auth] = await signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  }
  for (const auth of [4, 5] as const) {
    sessions[auth] = await signIn(t.app, (await buildTenant(t.db, { auth })).account, TEST_PASSWORD);
  }
  const otherUser = await buildTenant(t.db);
  other = await signIn(t.app, otherUser.account, TEST_PASSWORD);
  // Before 基础设置 is saved: no site, the editor says so.
  expect((await call(t.app, admin, 'GET', '/PDD/site/visual/pages')).data).toEqual({ site: null, pages: [] });
  expect((await call(t.app, admin, 'GET', '/PDD/site/visual/get')).msg).toBe('请先在基础设置中创建站点');
  expect((await call(t.app, admin, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'visual-shop' }))).status).toBe(
    200,
  );
  expect(
    (await call(t.app, other, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'visual-other', name: 'Other' })))
      .status,
  ).toBe(200);
  Object.assign(own, await contentOf(tenant, 'own', 'Own'));
  const o = await contentOf(otherUser, 'their', 'Their');
  Object.assign(theirs, { product: o.product, category: o.category });
  image = await uploadImage(t, admin);
  otherImage = await uploadImage(t, other);
});

const banner = (key: string, heading: string) => ({
  type: 'banner',
  key,
  image,
  heading: { en: heading, de: `${heading} DE` },
  subheading: { en: 'Sub' },
  button_text: { en: 'Shop now' },
  link: '/en/pages/sale',
});
const text = (key: string, md: string) => ({ type: 'rich_text', key, markdown: { en: md } });

describe('visual editor API (可视化装修)', () => {
  it('company and personal admins use it; every other role is refused', async () => {
    for (const auth of [0, 4] as const) {
      expect((await call(t.app, sessions[auth], 'GET', '/PDD/site/visual/pages')).status, `auth ${auth}`).toBe(200);
    }
    for (const auth of [1, 2, 3, 5] as const) {
      expect((await call(t.app, sessions[auth], 'GET', '/PDD/site/visual/pages')).status, `auth ${auth}`).toBe(403);
      expect((await save(sessions[auth], { id: null, version: 0, blocks: [] })).status, `auth ${auth}`).toBe(403);
    }
    expect((await call(t.app, null, 'POST', '/PDD/site/visual/preview', { lang: 'en' })).status).toBe(401);
  });

  it('saves the home draft with versions, refuses a stale one, publishes; visitors see only the published blocks in order', async () => {
    const empty = await call(t.app, admin, 'GET', '/PDD/site/visual/get');
    expect(empty.data).toMatchObject({ id: null, kind: 'home', version: 0, draft_blocks: [], published_blocks: null });
    // Before the first publish the storefront keeps the simple home.
    expect((await page('/s/visual-shop/en/')).body).toContain('hello@acme.example');

    const grid = {
      type: 'product_grid',
      key: 'g1',
      heading: { en: 'Our picks' },
      source: { kind: 'products', product_ids: [own.hidden, own.product] },
      columns: 3,
      count: 4,
    };
    const first = await save(admin, {
      id: null,
      version: 0,
      blocks: [banner('b1', 'Winter sale'), text('t1', '## Hello'), grid],
    });
    expect(first.status, first.msg).toBe(200);
    expect(first.data).toMatchObject({ version: 1, published_blocks: null });
    const stale = await save(admin, { id: null, version: 0, blocks: [] });
    expect(stale.status).toBe(409);
    expect(isStaleSave(stale)).toBe(true);
    expect(stale.data.version).toBe(1);
    // A saved draft is not public.
    expect((await page('/s/visual-shop/en/')).body).not.toContain('Winter sale');

    const published = await call(t.app, admin, 'POST', '/PDD/site/visual/publish', { id: null, version: 1 });
    expect(published.status, published.msg).toBe(200);
    expect(published.data.published_blocks).toHaveLength(3);
    const home = await page('/s/visual-shop/en/');
    expect(home.statusCode).toBe(200);
    const body = home.body;
    const order = ['Winter sale', '<h3>Hello</h3>', 'Our picks'].map((s) => body.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toMatch(/<img src="\/PDD\/public-files\/[^"]+\.png" alt="Winter sale">/);
    expect(body).toContain('href="http://localhost:80/s/visual-shop/en/pages/sale">Shop now</a>');
    // The grid: the published product with its price in the site currency, linked to its page; not the unpublished one.
    expect(body).toContain('href="http://localhost:80/s/visual-shop/en/p/own-lamp"');
    expect(body).toContain('19.90 EUR');
    expect(body).not.toContain('Own draft');
    // German: the block's German text.
    expect((await page('/s/visual-shop/de/')).body).toContain('Winter sale DE');

    // A new draft stays private until published; the seller's preview shows it.
    const second = await save(admin, {
      id: null,
      version: 2,
      blocks: [text('t1', '## Hello'), banner('b1', 'Spring sale')],
    });
    expect(second.status, second.msg).toBe(200);
    expect((await page('/s/visual-shop/en/')).body).toContain('Winter sale');
    expect((await page('/s/visual-shop/en/')).body).not.toContain('Spring sale');
    const preview = await call(t.app, admin, 'POST', '/PDD/site/visual/preview', { id: null, lang: 'en' });
    expect(preview.status, preview.msg).toBe(200);
    expect(preview.data.html).toContain('Spring sale');
    expect(preview.data.html.indexOf('<h3>Hello</h3>')).toBeLessThan(preview.data.html.indexOf('Spring sale'));
    const unsaved = await call(t.app, admin, 'POST', '/PDD/site/visual/preview', {
      lang: 'de',
      blocks: [banner('x', 'Unsaved')],
    });
    expect(unsaved.data.html).toContain('Unsaved DE');
    // The other tenant's preview is its own (empty) page.
    const theirPreview = await call(t.app, other, 'POST', '/PDD/site/visual/preview', { lang: 'en' });
    expect(theirPreview.data.html).not.toContain('Spring sale');

    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.visual.publish');
    const texts = (log.data.list as { action: string; text: string }[])
      .filter((r) => r.action === 'site.visual.publish')
      .map((r) => r.text);
    expect(texts).toEqual([expect.stringMatching(/ 发布了首页\(3个模块\)$/)]);
  });

  it("refuses another tenant's products, categories and images, naming the block", async () => {
    const grid = (ids: number[]) => ({
      type: 'product_grid',
      key: 'g',
      source: { kind: 'products', product_ids: ids },
      columns: 2,
      count: 2,
    });
    const cases: [object, string][] = [
      [grid([own.product, theirs.product]), `第2个模块(商品网格):商品 ${theirs.product} 不是本站点的商品`],
      [
        {
          type: 'product_grid',
          key: 'g',
          source: { kind: 'category', category_id: theirs.category },
          columns: 2,
          count: 2,
        },
        `第2个模块(商品网格):分类 ${theirs.category} 不是本站点的分类`,
      ],
      [{ type: 'featured_collection', key: 'f', category_id: theirs.category, count: 4 }, '第2个模块(精选分类)'],
      [{ ...banner('b', 'x'), image: otherImage }, '第2个模块(横幅):图片不存在'],
    ];
    const before = await call(t.app, admin, 'GET', '/PDD/site/visual/get');
    for (const [b, msg] of cases) {
      const res = await save(admin, { id: null, version: before.data.version, blocks: [text('t', 'x'), b] });
      expect(res.status, msg).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect((await call(t.app, admin, 'GET', '/PDD/site/visual/get')).data.version).toBe(before.data.version);
  });

  it('refuses bad input: script links, too many blocks, unknown fields and types, overlong texts', async () => {
    const bad: [unknown, RegExp][] = [
      [[{ ...banner('b', 'x'), link: 'javascript:alert(1)' }], /链接只能是站内路径/],
      [[{ type: 'image_link', key: 'i', image, link: ' JavaScript:alert(1)' }], /链接只能是站内路径/],
      [[{ type: 'image_link', key: 'i', image, link: '//evil.example/x' }], /链接只能是站内路径/],
      [[{ type: 'image_link', key: 'i', image, link: 'https://example.com/?a="><script>' }], /链接只能是站内路径/],
      [[{ type: 'image_link', key: 'i', image, link: 'data:text/html,x' }], /链接只能是站内路径/],
      [Array.from({ length: 41 }, (_, i) => text(`k${i}`, 'x')), /每页最多40个模块/],
      [[{ ...text('t', 'x'), extra: { nested: [1, { deeper: true }] } }], /./],
      [[{ type: 'script', key: 's' }], /模块类型不支持/],
      [[text('t', 'x'.repeat(2001))], /2000/],
      [[{ ...text('t', 'x'), markdown: { xx: 'y' } }], /./],
      [[text('d', 'a'), text('d', 'b')], /模块标识重复/],
      [
        [
          {
            type: 'product_grid',
            key: 'g',
            source: { kind: 'products', product_ids: [own.product] },
            columns: 5,
            count: 2,
          },
        ],
        /列数为2-4/,
      ],
    ];
    for (const [blocks, msg] of bad) {
      const res = await save(admin, { id: null, version: 999, blocks });
      expect(res.status, JSON.stringify(blocks).slice(0, 80)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
  });

  it('escapes every block text on the storefront', async () => {
    await t.db
      .updateTable('site_products')
      .set({ texts: JSON.stringify({ en: { title: XSS, description: '', bullets: [] } }) })
      .where('id', '=', own.product)
      .execute();
    const x = { en: XSS };
    const blocks = [
      { ...banner('b', XSS), subheading: x, button_text: x },
      { type: 'rich_text', key: 'r', markdown: { en: `${XSS}\n\n## ${XSS}\n- [${XSS}](javascript:alert)` } },
      { type: 'image_link', key: 'i', image, alt: x, link: 'https://example.com/?a=1&b=2' },
      {
        type: 'product_grid',
        key: 'g',
        heading: x,
        source: { kind: 'category', category_id: own.category },
        columns: 2,
        count: 2,
      },
      { type: 'featured_collection', key: 'f', category_id: own.category, heading: x, count: 2 },
    ];
    const cur = await call(t.app, admin, 'GET', '/PDD/site/visual/get');
    const saved = await save(admin, { id: null, version: cur.data.version, blocks });
    expect(saved.status, saved.msg).toBe(200);
    expect(
      (await call(t.app, admin, 'POST', '/PDD/site/visual/publish', { id: null, version: saved.data.version })).status,
    ).toBe(200);
    const body = (await page('/s/visual-shop/en/')).body;
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('javascript:');
    expect(body).toContain('href="https://example.com/?a=1&amp;b=2"');
    expect(body.split('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;').length - 1).toBeGreaterThanOrEqual(9);
  });

  it('creates, publishes and deletes a landing page at /<lang>/pages/<slug>', async () => {
    const created = await call(t.app, admin, 'POST', '/PDD/site/visual/create-landing', {
      slug: 'sale',
      titles: { en: 'Big sale' },
    });
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id as number;
    expect(
      (await call(t.app, admin, 'POST', '/PDD/site/visual/create-landing', { slug: 'sale', titles: {} })).status,
    ).toBe(409);
    expect((await call(t.app, other, 'GET', `/PDD/site/visual/get?id=${id}`)).status).toBe(404);
    expect((await save(other, { id, version: 1, blocks: [] })).status).toBe(404);
    const saved = await save(admin, { id, version: 1, blocks: [text('t', 'Everything -50%')] });
    expect(saved.status, saved.msg).toBe(200);
    expect((await page('/s/visual-shop/en/pages/sale')).statusCode).toBe(404);
    expect((await call(t.app, admin, 'POST', '/PDD/site/visual/publish', { id, version: 2 })).status).toBe(200);
    const res = await page('/s/visual-shop/en/pages/sale');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Big sale</h1>');
    expect(res.body).toContain('Everything -50%');
    expect(res.body).toContain('hreflang="de" href="http://localhost:80/s/visual-shop/de/pages/sale"');
    expect((await page('/s/visual-other/en/pages/sale')).statusCode).toBe(404);
    const pages = await call(t.app, admin, 'GET', '/PDD/site/visual/pages');
    expect(pages.data.pages.map((p: { kind: string; slug: string }) => `${p.kind}:${p.slug}`)).toEqual([
      'home:',
      'landing:sale',
    ]);
    expect((await call(t.app, other, 'POST', '/PDD/site/visual/delete-landing', { id, version: 3 })).status).toBe(404);
    expect((await call(t.app, admin, 'POST', '/PDD/site/visual/delete-landing', { id, version: 3 })).status).toBe(200);
    expect((await page('/s/visual-shop/en/pages/sale')).statusCode).toBe(404);
  });
});
