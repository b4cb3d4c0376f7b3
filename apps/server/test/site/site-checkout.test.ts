import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signNotification } from '../../src/adapters/payment/payment.js';
import { paymentOf } from '../../src/adapters/payment/payment-factory.js';
import { PAYMENT_SIM_SECRET, type PaymentSimulator } from '../../src/adapters/payment/payment-simulator.js';
import { CheckoutLimiter } from '../../src/modules/site/storefront/checkout.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody } from './site-support.js';

// Cart, checkout and payment of the own site (docs/site.md "Cart and checkout", docs/payment.md).
const t = useTestApp();
const BASE = 'http://localhost:80/s/cart-shop';
const ORIGIN = 'http://localhost:80';
let admin: Session;
let other: Session;
let sim: PaymentSimulator;
const ids = { plain: 0, varied: 0, hidden: 0, foreign: 0 };

async function siteOf(s: Session, over: Record<string, unknown>) {
  const res = await call(t.app, s, 'POST', '/PDD/site/basic/save', siteBody(over));
  expect(res.status, res.msg).toBe(200);
  return t.db
    .selectFrom('sites')
    .select(['id', 'tenant_id'])
    .where('slug', '=', String(over.slug))
    .executeTakeFirstOrThrow();
}

async function product(site: { id: number; tenant_id: number }, slug: string, over: Record<string, unknown> = {}) {
  const row = await t.db
    .insertInto('site_products')
    .values({
      tenant_id: site.tenant_id,
      site_id: site.id,
      slug,
      texts: JSON.stringify({ en: { title: `Title ${slug}`, description: '', bullets: [] } }),
      pictures: '[]',
      price: '19.99',
      variations: '[]',
      category_ids: [],
      published: true,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const lines = (items: string) =>
  t.app.inject({ method: 'GET', url: `/s/cart-shop/cart/lines?items=${encodeURIComponent(items)}&lang=en` });

const form = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    name: 'Ana Buyer',
    email: 'Ana@Example.com',
    phone: '+49 30 1',
    address1: 'Hauptstraße 1',
    address2: '',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
    note: '',
    items: `${ids.plain}::2`,
    expected_total: '3998',
    submit_key: `key-${Math.random().toString(36).slice(2)}-abcdefghijkl`,
    ...over,
  }).toString();

const checkout = (body: string, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/s/cart-shop/en/checkout',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    payload: body,
  });

const orders = () => t.db.selectFrom('site_orders').selectAll().orderBy('id').execute();
const paymentIdOf = (location: string) => /\/pay\/(pay_\w+)$/.exec(location)?.[1] ?? '';

beforeAll(async () => {
  admin = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  const mine = await siteOf(admin, { slug: 'cart-shop', languages: ['en', 'de'] });
  const theirs = await siteOf(other, { slug: 'other-shop' });
  ids.plain = await product(mine, 'plain');
  ids.varied = await product(mine, 'varied', {
    variations: JSON.stringify([
      { sku: 'RED', options: { color: 'Red' }, price: 25.5, picture: null },
      { sku: 'BLUE', options: { color: 'Blue' }, price: null, picture: null },
    ]),
  });
  ids.hidden = await product(mine, 'hidden', { published: false });
  ids.foreign = await product(theirs, 'foreign');
  const handle = await paymentOf(t.deps.config);
  sim = handle.sim!;
});

describe('cart', () => {
  it("prices lines from the database; unpublished, unknown-sku and other tenants' products are unavailable", async () => {
    const res = await lines(
      `${ids.plain}::2,${ids.varied}:RED:1,${ids.varied}:BLUE:1,${ids.varied}:GREEN:1,${ids.hidden}::1,${ids.foreign}::1`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_minor).toBe(2 * 1999 + 2550 + 1999);
    expect(body.total_text).toBe('85.47 EUR');
    expect(body.lines.map((l: { available: boolean }) => l.available)).toEqual([true, true, true, false, false, false]);
    expect(body.lines[1]).toMatchObject({ title: 'Title varied (Red)', unit_minor: 2550, line_minor: 2550 });
    expect((await lines(`${ids.plain}::100`)).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `${i + 1}::1`).join(',');
    expect((await lines(many)).statusCode).toBe(400);
  });

  it('serves the cart page with its own script only, and the script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/s/cart-shop/de/cart' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`form-action 'self' ${new URL(sim.url).origin}`);
    expect(res.body).toContain(`<script src="${BASE}/assets/cart.js" defer></script>`);
    expect(res.body).toContain('<h1>Warenkorb</h1>');
    expect(res.body).toContain(`hreflang="en" href="${BASE}/en/cart"`);
    expect(res.body).not.toMatch(/<script>/);
    expect(res.body).toContain('-apple-system,"Segoe UI",sans-serif');
    const js = await t.app.inject({ method: 'GET', url: '/s/cart-shop/assets/cart.js' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('localStorage');
    expect((await t.app.inject({ method: 'GET', url: '/s/other-shop/xx/cart' })).statusCode).toBe(404);
  });
});

describe('checkout refusals record nothing', () => {
  it("refuses a tampered total, quantity, other tenant's or unpublished product, bad fields, another origin", async () => {
    const cases: [string, Record<string, string>, Record<string, string>, number, string][] = [
      ['total', { expected_total: '1' }, {}, 409, 'Prices have changed'],
      ['qty', { items: `${ids.plain}::100` }, {}, 400, 'Please check these fields'],
      ['foreign', { items: `${ids.foreign}::1`, expected_total: '1999' }, {}, 409, 'no longer available'],
      ['hidden', { items: `${ids.hidden}::1`, expected_total: '1999' }, {}, 409, 'no longer available'],
      ['email', { email: 'nope' }, {}, 400, 'Email'],
      ['country', { country: 'XX' }, {}, 400, 'Country'],
      ['origin', {}, { origin: 'https://evil.example' }, 403, 'Please check'],
    ];
    for (const [what, over, headers, status, text] of cases) {
      const res = await checkout(form(over), headers);
      expect(res.statusCode, what).toBe(status);
      expect(res.body, what).toContain(text);
    }
    expect(await orders()).toHaveLength(0);
  });

  it('limits checkouts per client address (10 a minute, then 429)', async () => {
    // Counted without the clock: the limiter's window is given explicitly.
    const limiter = new CheckoutLimiter(10, 60_000);
    const at = 1_000_000;
    expect(Array.from({ length: 11 }, () => limiter.take('1.2.3.4', at))).toEqual([...Array(10).fill(true), false]);
    expect(limiter.take('5.6.7.8', at)).toBe(true);
    expect(limiter.take('1.2.3.4', at + 60_000)).toBe(true);
    // Over HTTP: the first refusal comes after at least 10 answered attempts (a window that ends in
    // between only delays it).
    const answers: number[] = [];
    while (answers.length < 30 && !answers.includes(429))
      answers.push((await checkout(form({ expected_total: '1' }), {}, '10.9.9.9')).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect(answers.indexOf(429)).toBeGreaterThanOrEqual(10);
    expect(answers.slice(0, -1).every((s) => s === 409)).toBe(true);
  });
});

describe('checkout and payment', () => {
  it('creates a pending order, pays in the simulator, the return settles it, the order page thanks', async () => {
    const res = await checkout(form(), {}, '10.0.1.1');
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${sim.url}/pay/`)).toBe(true);
    const [order] = await orders();
    expect(order).toMatchObject({ status: 'pending', total_minor: 3998, currency: 'EUR', item_count: 2 });
    expect(order!.buyer).toMatchObject({ email: 'ana@example.com', country: 'DE' });
    const simPage = await fetch(location);
    expect(await simPage.text()).toContain('39.98 EUR');
    sim.decide(paymentIdOf(location), 'pay');
    const back = await t.app.inject({ method: 'GET', url: `/s/cart-shop/en/checkout/return?order=${order!.order_no}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${BASE}/en/order/${order!.order_no}`);
    const thanks = await t.app.inject({ method: 'GET', url: `/s/cart-shop/en/order/${order!.order_no}` });
    expect(thanks.body).toContain('Thank you for your order!');
    expect(thanks.body).toContain(order!.order_no);
    expect((await orders())[0]).toMatchObject({ status: 'paid' });
  });

  it('verifies the notification signature; a replay settles once', async () => {
    const res = await checkout(form(), {}, '10.0.1.2');
    const paymentId = paymentIdOf(String(res.headers.location));
    sim.decide(paymentId, 'pay');
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.paid', data: { payment_id: paymentId, status: 'paid' } });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/s/cart-shop/payment/notify',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        payload: body,
      });
    expect((await post(signNotification('wrong-secret', body))).statusCode).toBe(400);
    expect((await post('t=1,v1=00')).statusCode).toBe(400);
    const pending = await t.db
      .selectFrom('site_orders')
      .select('status')
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');
    const first = await post(signNotification(PAYMENT_SIM_SECRET, body));
    expect(first.json()).toMatchObject({ code: 0, data: { settled: true } });
    const paid = await t.db
      .selectFrom('site_orders')
      .select(['status', 'paid_at', 'version'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const replay = await post(signNotification(PAYMENT_SIM_SECRET, body));
    expect(replay.json()).toMatchObject({ code: 0, data: { settled: false } });
    const after = await t.db
      .selectFrom('site_orders')
      .select(['status', 'paid_at', 'version'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(paid);
    expect(after.status).toBe('paid');
  });

  it('a cancelled payment leaves the order cancelled, not paid', async () => {
    const res = await checkout(form(), {}, '10.0.1.3');
    const paymentId = paymentIdOf(String(res.headers.location));
    sim.decide(paymentId, 'cancel');
    const order = await t.db
      .selectFrom('site_orders')
      .select('order_no')
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    await t.app.inject({ method: 'GET', url: `/s/cart-shop/en/checkout/cancel?order=${order.order_no}` });
    const page = await t.app.inject({ method: 'GET', url: `/s/cart-shop/en/order/${order.order_no}` });
    expect(page.body).toContain('The payment was cancelled');
    const row = await t.db
      .selectFrom('site_orders')
      .select('status')
      .where('order_no', '=', order.order_no)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });

  it('the same form sent twice at once is one order with one payment; another form is another order', async () => {
    const before = (await orders()).length;
    const body = form({ submit_key: 'double-submit-key-0123456789' });
    const [a, b] = await Promise.all([checkout(body, {}, '10.0.0.2'), checkout(body, {}, '10.0.0.3')]);
    expect(a.statusCode).toBe(303);
    expect(b.statusCode).toBe(303);
    expect(a.headers.location).toBe(b.headers.location);
    expect((await orders()).length).toBe(before + 1);
    await checkout(form(), {}, '10.0.0.4');
    expect((await orders()).length).toBe(before + 2);
  });
});

describe('site orders in the console', () => {
  it("lists the tenant's site orders as 独立站 with buyer, lines and payment state; another tenant sees none", async () => {
    const mine = await call(t.app, admin, 'GET', '/PDD/site/orders/list?status=paid');
    expect(mine.status, mine.msg).toBe(200);
    expect(mine.data.total).toBe(2);
    expect(mine.data.list[0]).toMatchObject({
      source: '独立站',
      status_text: '已付款',
      total_text: '39.98 EUR',
      buyer: { name: 'Ana Buyer', city: 'Berlin' },
      lines: [{ product_id: ids.plain, qty: 2, unit_minor: 1999 }],
    });
    const all = await call(t.app, admin, 'GET', '/PDD/site/orders/list');
    expect(all.data.total).toBe((await orders()).length);
    const theirs = await call(t.app, other, 'GET', '/PDD/site/orders/list');
    expect(theirs.data.total).toBe(0);
    const bad = await call(t.app, admin, 'GET', '/PDD/site/orders/list?status=nope');
    expect(bad.http).toBe(400);
  });
});
