import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentOf } from '../../src/adapters/payment/payment-factory.js';
import type { PaymentSimulator } from '../../src/adapters/payment/payment-simulator.js';
import { expireUnpaidOrders } from '../../src/modules/site/site-order-expiry.js';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody } from './site-support.js';

// Stock of site product variations (docs/site.md "Stock"): the product page, JSON-LD, the
// checkout's refusal, one winner on the last unit, a paid order taking its units once, a
// cancelled one giving them back.
const t = useTestApp();
const ORIGIN = 'http://localhost:80';
let admin: Session;
let sim: PaymentSimulator;
let site: { id: number; tenant_id: number };
let lampId = 0;

const variations = (red: number | null, blue: number | null) => [
  { sku: 'RED', options: { color: 'Red' }, price: null, picture: null, stock: red },
  { sku: 'BLUE', options: { color: 'Blue' }, price: null, picture: null, stock: blue },
  { sku: 'FREE', options: { color: 'Green' }, price: null, picture: null },
];

/** Sets the counts (as a seller's save would, and forgets the cached pages as the builder does). */
const setStock = async (red: number | null, blue: number | null) => {
  await t.db
    .updateTable('site_products')
    .set({ variations: JSON.stringify(variations(red, blue)) })
    .where('id', '=', lampId)
    .execute();
  bumpSiteVersion(site.tenant_id);
};

const stockOf = async () => {
  const row = await t.db
    .selectFrom('site_products')
    .select('variations')
    .where('id', '=', lampId)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(row.variations.map((v) => [v.sku, v.stock ?? null]));
};

const checkout = (
  items: string,
  total: number,
  ip: string,
  key = `key-${Math.random().toString(36).slice(2)}-abcdefghijkl`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/s/stock-shop/en/checkout',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams({
      name: 'Ana Buyer',
      email: 'ana@example.com',
      phone: '+49 30 1',
      address1: 'Hauptstraße 1',
      address2: '',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
      note: '',
      items,
      expected_total: String(total),
      submit_key: key,
    }).toString(),
  });

const paymentIdOf = (location: string) => /\/pay\/(pay_\w+)$/.exec(location)?.[1] ?? '';
const orderOf = (paymentId: string) =>
  t.db
    .selectFrom('site_orders')
    .select(['order_no', 'status'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const res = await call(t.app, admin, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'stock-shop' }));
  expect(res.status, res.msg).toBe(200);
  site = { id: Number(res.data.id), tenant_id: tenant.id };
  const row = await t.db
    .insertInto('site_products')
    .values({
      tenant_id: site.tenant_id,
      site_id: site.id,
      slug: 'lamp',
      texts: JSON.stringify({
        en: { title: 'Lamp', description: '', bullets: [] },
        de: { title: 'Lampe', description: '', bullets: [] },
      }),
      pictures: '[]',
      price: '10.00',
      variations: JSON.stringify(variations(1, 0)),
      category_ids: [],
      published: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  lampId = Number(row.id);
  sim = (await paymentOf(t.deps.config)).sim!;
});

describe('stock of site product variations', () => {
  it('the form keeps stock; the page marks an empty variation 缺货 and JSON-LD says OutOfStock', async () => {
    const form = {
      texts: { en: { title: 'Form lamp', description: '', bullets: [] } },
      price: 1000,
      variations: [
        { sku: 'A', options: {}, stock: 4 },
        { sku: 'B', options: {}, stock: null },
        { sku: 'C', options: {} },
      ],
    };
    const created = await call(t.app, admin, 'POST', '/PDD/site/goods/create', form);
    expect(created.status, created.msg).toBe(200);
    const got = await call(t.app, admin, 'GET', `/PDD/site/goods/get?id=${created.data.id}`);
    expect(got.data.variations.map((v: { stock: number | null }) => v.stock)).toEqual([4, null, null]);
    const bad = await call(t.app, admin, 'POST', '/PDD/site/goods/create', {
      ...form,
      variations: [{ sku: 'A', options: {}, stock: -1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('库存必须是0-1000000的整数');

    const page = await t.app.inject({ method: 'GET', url: '/s/stock-shop/en/p/lamp' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<option value="RED">Red - 10.00 EUR</option>');
    expect(page.body).toContain('<option value="BLUE" disabled>Blue - Out of stock</option>');
    expect(page.body).toContain('<option value="FREE">Green - 10.00 EUR</option>');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect(ld.offers.map((o: { availability: string }) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/InStock',
    ]);
    const zh = await call(t.app, admin, 'POST', '/PDD/site/basic/save', {
      ...siteBody({ slug: 'stock-shop', languages: ['en', 'zh-CN'] }),
      version: (await call(t.app, admin, 'GET', '/PDD/site/basic/get')).data.version,
    });
    expect(zh.status, zh.msg).toBe(200);
    const zhPage = (await t.app.inject({ method: 'GET', url: '/s/stock-shop/zh-cn/p/lamp' })).body;
    expect(zhPage).toContain('<option value="BLUE" disabled>Blue - 缺货</option>');

    // Every tracked variation empty: the add-to-cart button is disabled and the page says so.
    await t.db
      .updateTable('site_products')
      .set({ variations: JSON.stringify(variations(0, 0).slice(0, 2)) })
      .where('id', '=', lampId)
      .execute();
    bumpSiteVersion(site.tenant_id);
    const empty = (await t.app.inject({ method: 'GET', url: '/s/stock-shop/en/p/lamp' })).body;
    expect(empty).toContain('<button type="submit" disabled>');
    expect(empty).toContain('<p class="stock" role="status">Out of stock</p>');
  });

  it('checkout refuses an out-of-stock line with a clear message; nothing is recorded', async () => {
    await setStock(1, 0);
    const before = await t.db.selectFrom('site_orders').select('id').execute();
    const res = await checkout(`${lampId}:BLUE:1`, 1000, '10.9.0.1');
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Some items in your cart are out of stock');
    const more = await checkout(`${lampId}:RED:2`, 2000, '10.9.0.2');
    expect(more.statusCode).toBe(409);
    expect((await t.db.selectFrom('site_orders').select('id').execute()).length).toBe(before.length);
    const lines = await t.app.inject({ method: 'GET', url: `/s/stock-shop/cart/lines?items=${lampId}:BLUE:1&lang=en` });
    expect(lines.json().lines[0]).toMatchObject({ available: false, out_of_stock: true });
    expect(await stockOf()).toEqual({ RED: 1, BLUE: 0, FREE: null });
  });

  it('two checkouts of the last unit at once: one order, one refusal; paying takes nothing more', async () => {
    await setStock(1, 0);
    const [a, b] = await Promise.all([
      checkout(`${lampId}:RED:1`, 1000, '10.9.1.1'),
      checkout(`${lampId}:RED:1`, 1000, '10.9.1.2'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
    expect(await stockOf()).toEqual({ RED: 0, BLUE: 0, FREE: null });
    const won = a.statusCode === 303 ? a : b;
    const paymentId = paymentIdOf(String(won.headers.location));
    sim.decide(paymentId, 'pay');
    const { order_no } = await orderOf(paymentId);
    await t.app.inject({ method: 'GET', url: `/s/stock-shop/en/checkout/return?order=${order_no}` });
    expect((await orderOf(paymentId)).status).toBe('paid');
    // A second return (a replay) moves nothing: still taken once.
    await t.app.inject({ method: 'GET', url: `/s/stock-shop/en/checkout/return?order=${order_no}` });
    expect(await stockOf()).toEqual({ RED: 0, BLUE: 0, FREE: null });
    // An untracked variation sells without limit.
    expect((await checkout(`${lampId}:FREE:5`, 5000, '10.9.1.3')).statusCode).toBe(303);
    expect(await stockOf()).toEqual({ RED: 0, BLUE: 0, FREE: null });
  });

  it('the same form twice takes the units once; a cancelled order gives them back once', async () => {
    await setStock(3, 0);
    const key = 'stock-double-submit-0123456789';
    const [a, b] = await Promise.all([
      checkout(`${lampId}:RED:2`, 2000, '10.9.2.1', key),
      checkout(`${lampId}:RED:2`, 2000, '10.9.2.2', key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    expect(await stockOf()).toMatchObject({ RED: 1 });
    const paymentId = paymentIdOf(String(a.headers.location));
    sim.decide(paymentId, 'cancel');
    const { order_no } = await orderOf(paymentId);
    await t.app.inject({ method: 'GET', url: `/s/stock-shop/en/checkout/cancel?order=${order_no}` });
    await t.app.inject({ method: 'GET', url: `/s/stock-shop/en/checkout/cancel?order=${order_no}` });
    expect((await orderOf(paymentId)).status).toBe('cancelled');
    expect(await stockOf()).toMatchObject({ RED: 3 });
    // The product page shows the units again at once (the cache was forgotten).
    const page = (await t.app.inject({ method: 'GET', url: '/s/stock-shop/en/p/lamp' })).body;
    expect(page).toContain('<option value="RED">Red - 10.00 EUR</option>');
  });

  it('an order unpaid for an hour is cancelled and gives its units back; one paid without a notification is settled paid', async () => {
    await setStock(5, 0);
    const abandoned = paymentIdOf(String((await checkout(`${lampId}:RED:2`, 2000, '10.9.3.1')).headers.location));
    const paidSilently = paymentIdOf(String((await checkout(`${lampId}:RED:1`, 1000, '10.9.3.2')).headers.location));
    const fresh = paymentIdOf(String((await checkout(`${lampId}:RED:1`, 1000, '10.9.3.3')).headers.location));
    const lost = paymentIdOf(String((await checkout(`${lampId}:RED:1`, 1000, '10.9.3.4')).headers.location));
    expect(await stockOf()).toMatchObject({ RED: 0 });
    // The buyer paid, but the notification never arrived and the buyer never came back.
    sim.payments.get(paidSilently)!.status = 'paid';
    // The provider no longer knows this payment (it cannot be asked: the order stays as it is).
    await t.db.updateTable('site_orders').set({ payment_id: 'pay_gone' }).where('payment_id', '=', lost).execute();
    await t.db
      .updateTable('site_orders')
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where('payment_id', 'in', [abandoned, paidSilently, 'pay_gone'])
      .execute();

    const { adapter } = await paymentOf(t.deps.config);
    const logged: string[] = [];
    const swept = await expireUnpaidOrders(t.db, adapter, { log: (l) => logged.push(l) });
    expect(swept).toEqual({ cancelled: 1, paid: 1, left: 1 });
    expect((await orderOf(abandoned)).status).toBe('cancelled');
    expect((await orderOf(paidSilently)).status).toBe('paid');
    expect((await orderOf(fresh)).status).toBe('pending');
    expect((await orderOf('pay_gone')).status).toBe('pending');
    expect(logged).toEqual([expect.stringMatching(/^unpaid site order S\w+ \(tenant \d+\) left pending: /)]);
    // The abandoned order's 2 units are back; its payment page no longer takes the payment.
    expect(await stockOf()).toMatchObject({ RED: 2 });
    expect(sim.payments.get(abandoned)!.status).toBe('cancelled');
    const payPage = await fetch(`${sim.url}/pay/${abandoned}`);
    expect(payPage.status).toBe(409);
    // The provider's cancel needs the API key.
    expect((await fetch(`${sim.url}/v1/payments/${fresh}/cancel`, { method: 'POST' })).status).toBe(401);
    expect(sim.payments.get(fresh)!.status).toBe('pending');
    // A second sweep changes nothing (the lost payment is tried again and left again).
    expect(await expireUnpaidOrders(t.db, adapter, { log: () => {} })).toEqual({ cancelled: 0, paid: 0, left: 1 });
    expect(await stockOf()).toMatchObject({ RED: 2 });
    await t.db.updateTable('site_orders').set({ status: 'cancelled' }).where('payment_id', '=', 'pay_gone').execute();
  });
});
