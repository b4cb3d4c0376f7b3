import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { computePrice } from '@console/shared/schemas/price-settings';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { sourceKey } from '../src/modules/gather/gather-collect.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

// Loopback pictures are allowed here (the test's picture host); private addresses never are.
const t = useTestApp({ fetchAllowLoopback: true });
let tenant: UserRow;
let admin: Session;
let base = '';
let server: http.Server;
let token = '';

const collect = (bearer: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/PDD/gather/collect',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const page = (n: string | number, over: Record<string, unknown> = {}) => ({
  url: `https://detail.1688.com/offer/${n}.html?spm=a1`,
  site: '1688',
  title: `加厚保温杯 不锈钢 ${n}`,
  price: '25.00',
  currency: 'CNY',
  pictures: [`${base}/a.png`, `${base}/b.png`],
  attributes: [
    { name: '材质', value: '304不锈钢' },
    { name: '容量', value: '500ml' },
  ],
  variations: [{ values: { 颜色: '红色' }, price: '26.50', picture: `${base}/red.png` }, { values: { 颜色: '蓝色' } }],
  ...over,
});

beforeAll(async () => {
  const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url?.endsWith('.png')) res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const r = await call(t.app, admin, 'POST', '/PDD/gather/token');
  expect(r.status).toBe(200);
  token = r.data.token;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('collection token', () => {
  it('is shown once, then only its last four characters', async () => {
    expect(token).toMatch(/^sgcg_/);
    const info = await call(t.app, admin, 'GET', '/PDD/amazon-user/getGatherExtension');
    expect(info.status).toBe(200);
    expect(info.data.token).toMatchObject({ active: true, hint: token.slice(-4) });
    expect(JSON.stringify(info.data)).not.toContain(token);
    expect(info.data.download_url).toBe('/PDD/gather/extension.zip');
    const row = await t.db.selectFrom('gather_tokens').selectAll().where('user_id', '=', tenant.id).executeTakeFirst();
    expect(row?.token_hash).not.toContain(token.slice(5, 20));
  });

  it('is refused by every other route (it is not a session)', async () => {
    for (const url of ['/PDD/amazon-user/getGatherExtension', '/PDD/amazon-user/priceInfoData']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode).toBe(401);
    }
  });

  it('a role that cannot create products cannot get one', async () => {
    const viewer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
    expect((await call(t.app, viewer, 'POST', '/PDD/gather/token')).http).toBe(403);
    expect((await call(t.app, viewer, 'GET', '/PDD/amazon-user/getGatherExtension')).http).toBe(403);
  });
});

describe('collect', () => {
  it('creates a type-4 product with stored pictures, converted prices and variations; again says 已采集', async () => {
    const r = await collect(token, page(1001));
    const body = r.json();
    expect(r.statusCode, body.msg).toBe(200);
    expect(body.msg).toBe('采集成功');
    expect(body.data).toMatchObject({ created: true, pictures: 3, failed_pictures: [] });
    expect(body.data.path).toBe(`/goods/admin/update/${body.data.id}`);
    const g = await t.db.selectFrom('goods').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(g).toMatchObject({ tenant_id: tenant.id, creator_id: tenant.id, type: 4, source: '1688' });
    expect(g.link_url).toBe(page(1001).url);
    expect(g.title).toContain('加厚保温杯');
    expect(g.images).toHaveLength(2);
    for (const i of g.images) expect(i.url).toMatch(/^\/PDD\/files\//);
    expect(g.base_info.cost_price).toBe(2500);
    // The default price settings (30 % margin, .99 rounding) give every country a price above 0.
    expect(Object.keys(g.prices).length).toBeGreaterThan(5);
    // The price is the user's 采集价格设置 rule applied to the cost (the editor's formula).
    const info = (await call(t.app, admin, 'GET', '/PDD/amazon-user/priceInfoData')).data;
    const us = info.price_country.find((c: { country_code: string }) => c.country_code === 'us');
    expect(g.prices.us).toEqual({ price: computePrice(2500, us), currency: 'USD' });
    expect(g.parentage.children.map((c) => [c.values, c.price, c.images.length])).toEqual([
      [{ 颜色: '红色' }, 2650, 1],
      [{ 颜色: '蓝色' }, 2500, 0],
    ]);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'gather.collect')
      .execute();
    expect(log).toHaveLength(1);

    const again = (await collect(token, page(1001, { url: 'https://detail.1688.com/offer/1001.html#x' }))).json();
    expect(again.msg).toBe('已采集过该商品');
    expect(again.data).toMatchObject({ id: body.data.id, created: false });
  });

  it('Tmall: each variation its own price and stock, description pictures after the main ones', async () => {
    const r = await collect(
      token,
      page(6006, {
        url: 'https://detail.tmall.com/item.htm?id=6006',
        site: 'tmall',
        description_pictures: [`${base}/d1.png`, `${base}/a.png`],
        variations: [
          { values: { 颜色分类: '白色', 尺码: 'M' }, price: '69.00', stock: 0, picture: `${base}/red.png` },
          { values: { 颜色分类: '白色', 尺码: 'XL' }, price: '79.00', stock: 150 },
        ],
      }),
    );
    expect(r.statusCode, r.json().msg).toBe(200);
    expect(r.json().data).toMatchObject({ created: true, pictures: 4, failed_pictures: [] });
    const g = await t.db.selectFrom('goods').selectAll().where('id', '=', r.json().data.id).executeTakeFirstOrThrow();
    // a.png is both a main and a description picture: stored and listed once.
    expect(g.images).toHaveLength(3);
    expect(g.parentage.children.map((c) => [c.price, c.quantity])).toEqual([
      [6900, 0],
      [7900, Math.min(150, g.base_info.quantity ?? 0)],
    ]);
    const bad = [
      page(6007, { variations: [{ values: { 颜色: '红' }, stock: -1 }] }),
      page(6008, { variations: [{ values: { 颜色: '红' }, stock: 1.5 }] }),
      page(6009, { description_pictures: Array.from({ length: 21 }, (_, i) => `${base}/d${i}.png`) }),
      page(6010, {
        pictures: Array.from({ length: 20 }, (_, i) => `${base}/m${i}.png`),
        description_pictures: Array.from({ length: 20 }, (_, i) => `${base}/d${i}.png`),
      }),
    ];
    for (const c of bad) {
      const b = await collect(token, c);
      expect(b.statusCode).toBe(400);
      expect(b.json().msg).toMatch(/库存|详情图片|图片/);
    }
  });

  it('two collects of one page at once end in one product', async () => {
    const [a, b] = await Promise.all([collect(token, page(2002)), collect(token, page(2002))]);
    const ids = [a.json().data.id, b.json().data.id];
    expect(ids[0]).toBe(ids[1]);
    expect([a.json().data.created, b.json().data.created].sort()).toEqual([false, true]);
    const n = await t.db.selectFrom('goods').select('id').where('link_url', '=', page(2002).url).execute();
    expect(n).toHaveLength(1);
  });

  it('converts a foreign price at the default rates (Amazon, USD)', async () => {
    const r = await collect(
      token,
      page(0, {
        url: 'https://www.amazon.com/Steel-Bottle/dp/B0TEST1234?th=1',
        site: 'amazon',
        price: '10.00',
        currency: 'USD',
        variations: [],
      }),
    );
    expect(r.statusCode).toBe(200);
    const g = await t.db.selectFrom('goods').selectAll().where('id', '=', r.json().data.id).executeTakeFirstOrThrow();
    expect(g.base_info.cost_price).toBeGreaterThan(5000);
    expect(g.base_info.cost_price).toBeLessThan(10000);
    expect(g.descs.en?.title).toContain('加厚保温杯');
  });

  it('refuses private addresses for pictures (SSRF), whatever the loopback setting', async () => {
    const r = await collect(
      token,
      page(3003, { pictures: ['http://169.254.169.254/latest/a.png', 'http://10.1.2.3/b.png'], variations: [] }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toContain('不允许访问内网或本机地址');
    const file = await collect(token, page(3004, { pictures: ['file:///etc/passwd'] }));
    expect(file.statusCode).toBe(400);
  });

  it('refuses bad and huge input with a Chinese message', async () => {
    const cases: unknown[] = [
      page(4001, { title: '' }),
      page(4002, { price: '-1' }),
      page(4003, { currency: 'XXX' }),
      page(4004, { pictures: Array.from({ length: 21 }, (_, i) => `${base}/${i}.png`) }),
      page(4005, { site: 'ebay' }),
      page(4006, { extra: 1 }),
    ];
    for (const c of cases) {
      const r = await collect(token, c);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const huge = await collect(token, page(4007, { title: 'x'.repeat(300_000) }));
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a wrong, revoked or another tenant token; each tenant collects into its own library', async () => {
    expect((await collect('sgcg_wrong', page(5001))).statusCode).toBe(401);
    const other = await buildTenant(t.db);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    const otherToken = (await call(t.app, os, 'POST', '/PDD/gather/token')).data.token as string;
    const r = await collect(otherToken, page(1001));
    expect(r.json().data.created).toBe(true);
    const g = await t.db
      .selectFrom('goods')
      .select('tenant_id')
      .where('id', '=', r.json().data.id)
      .executeTakeFirstOrThrow();
    expect(g.tenant_id).toBe(other.id);
    // Rotating replaces the token; revoking ends it.
    const rotated = (await call(t.app, os, 'POST', '/PDD/gather/token')).data.token as string;
    expect((await collect(otherToken, page(5002))).statusCode).toBe(401);
    expect((await call(t.app, os, 'POST', '/PDD/gather/token/revoke')).data.revoked).toBe(true);
    const revoked = await collect(rotated, page(5003));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().msg).toContain('已撤销');
  });

  it('normalises source addresses for dedupe', () => {
    expect(sourceKey('https://item.taobao.com/item.htm?spm=x&id=123&ns=1')).toBe('item.taobao.com/item.htm?id=123');
    expect(sourceKey('https://www.amazon.de/Some-Slug/dp/b0abcdefgh/ref=sr_1')).toBe('amazon.de/dp/B0ABCDEFGH');
    expect(sourceKey('https://detail.1688.com/offer/1.html?spm=a#top')).toBe('detail.1688.com/offer/1.html');
  });
});
