// 1688采购: a tenant connects its own 1688 buyer account through the simulator's OAuth flow
// (authorize page, callback, complete), the state's checks, roles and tenancy, the refresh job
// and its message, and purchases acting for the connected account (docs/ali1688.md).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ali1688App, closeAli1688, demoSimulator } from '../src/ali1688/ali1688.factory.js';
import type { Ali1688Simulator } from '../src/ali1688/ali1688.simulator.js';
import { refreshDue } from '../src/modules/ali1688/ali1688-token.service.js';
import { balancesOf, topUp } from '../src/modules/finance/ledger.service.js';
import { buildGoods, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { orderWorld } from './order/order-support.js';

const t = useTestApp();
const A = '/PDD/ali1688/';
let sim: Ali1688Simulator;

beforeAll(async () => {
  t.deps.config.ali1688 = { ...t.deps.config.ali1688, baseUrl: undefined, demo: true, demoShipMs: 0 };
  await ali1688App(t.deps.config.ali1688);
  sim = (await demoSimulator())!;
});
afterAll(async () => {
  await closeAli1688();
});

/** The browser's part: opens the authorize page, approves as `loginId`, follows 1688's redirect to the callback. */
async function approve(authorizeUrl: string, loginId = 'buyer-one', decision = 'allow') {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  expect(html).toContain('同意授权');
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g))
    form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  form.set('login_id', loginId);
  form.set('decision', decision);
  const res = await fetch(new URL('/oauth/approve', authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe(`${A}callback`);
  // The console's callback keeps what 1688 sent in a cookie and opens the screen.
  const cb = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(cb.statusCode).toBe(302);
  expect(cb.headers.location).toBe('/#/platform/ali1688');
  const cookie = cb.cookies.find((c) => c.name === 'ali1688_auth')!;
  return new URLSearchParams(decodeURIComponent(cookie.value));
}

/** Connects the tenant of `s` end to end; answers the connection as the screen shows it. */
async function connect(s: Session, loginId = 'buyer-one') {
  const started = await call(t.app, s, 'POST', `${A}connect`);
  expect(started.status, started.msg).toBe(200);
  const got = await approve(started.data.authorize_url, loginId);
  const done = await call(t.app, s, 'POST', `${A}complete`, { code: got.get('code'), state: got.get('state') });
  expect(done.status, done.msg).toBe(200);
  return { done, code: got.get('code')!, state: got.get('state')! };
}

/** A tenant with an order whose first item's product is a 1688 offer. */
async function tenantWithOrder(prefix: string) {
  const w = await orderWorld(t, { name: `${prefix}店`, sellerPrefix: prefix });
  await topUp(t.db, { tenantId: w.tenant.id, idemKey: `seed-${prefix}`, ref: { type: 'topup', id: 's' }, amount: 1e9 });
  const order = await w.addOrder({
    amazonOrderId: w.amazonId('303', 1),
    totalMinor: 1000,
    items: [{ amazonItemId: `${prefix}-1`, asin: 'B0ASIN0001', sku: 'S1', title: 'T', quantity: 1, priceMinor: 1000 }],
  });
  const goods = await buildGoods(t.db, w.tenant);
  await t.db
    .updateTable('goods')
    .set({ link_url: 'https://detail.1688.com/offer/612345678123.html' })
    .where('id', '=', goods.id)
    .execute();
  const item = await t.db
    .updateTable('order_items')
    .set({ goods_id: Number(goods.id) })
    .where('order_id', '=', order.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { w, itemId: Number(item.id) };
}

describe('1688采购: connecting a tenant 1688 buyer account', () => {
  it('connects through the authorize page, refuses forged, replayed, expired and other accounts states', async () => {
    const { w } = await tenantWithOrder('C');
    const admin = await w.as(0);
    const before = await call(t.app, admin, 'POST', `${A}connection`);
    expect(before.data).toMatchObject({ channel: 'demo', oauth_ready: true, state: 'none', member_id: null });

    const { done, code, state } = await connect(admin);
    expect(done.data).toMatchObject({ state: 'connected', login_id: 'buyer-one', connected_by: w.tenant.account });
    expect(done.data.access_expires_at).toBeGreaterThan(Date.now() / 1000 + 3600);
    const stored = await t.db
      .selectFrom('ali1688_connections')
      .selectAll()
      .where('tenant_id', '=', w.tenant.id)
      .executeTakeFirstOrThrow();
    expect(stored.access_token_enc).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain([...sim.oauth.access.keys()].at(-1)!);

    const replay = await call(t.app, admin, 'POST', `${A}complete`, { code, state });
    expect(replay.http).toBe(400);
    expect(replay.msg).toContain('授权请求无效或已过期');
    const forged = await call(t.app, admin, 'POST', `${A}complete`, { code, state: 'x'.repeat(43) });
    expect(forged.http).toBe(400);

    // A state issued to another account of the tenant is refused and stays open for its owner.
    const colleague = await buildUser(t.db, w.tenant, { auth: 0 });
    const other = await signIn(t.app, colleague.account, TEST_PASSWORD);
    const started = await call(t.app, admin, 'POST', `${A}connect`);
    const got = await approve(started.data.authorize_url, 'buyer-two');
    const foreign = await call(t.app, other, 'POST', `${A}complete`, {
      code: got.get('code'),
      state: got.get('state'),
    });
    expect(foreign.http).toBe(400);
    // Expired: the owner's state past its 15 minutes.
    await t.db
      .updateTable('ali1688_auth_states')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('tenant_id', '=', w.tenant.id)
      .where('used_at', 'is', null)
      .execute();
    const expired = await call(t.app, admin, 'POST', `${A}complete`, {
      code: got.get('code'),
      state: got.get('state'),
    });
    expect(expired.http).toBe(400);
    expect((await call(t.app, admin, 'POST', `${A}connection`)).data.login_id).toBe('buyer-one');

    // 取消 on 1688's page comes back with error=access_denied and no code.
    const declined = await approve((await call(t.app, admin, 'POST', `${A}connect`)).data.authorize_url, 'x', 'deny');
    expect(declined.get('error')).toBe('access_denied');
    expect(declined.get('code')).toBeNull();

    // 重新授权 replaces the account; the operation log names both steps.
    const again = await connect(admin, 'buyer-three');
    expect(again.done.data.login_id).toBe('buyer-three');
    const log = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', w.tenant.id).execute();
    expect(log.map((r) => r.action)).toEqual(expect.arrayContaining(['ali1688.connect', 'ali1688.reauthorize']));
  });

  it('is for the tenant admins only, and another tenant neither sees nor disconnects it', async () => {
    const a = await tenantWithOrder('D');
    const admin = await a.w.as(0);
    await connect(admin);
    for (const role of [1, 2, 3] as const) {
      const s = await a.w.as(role);
      expect((await call(t.app, s, 'POST', `${A}connection`)).http).toBe(403);
      expect((await call(t.app, s, 'POST', `${A}connect`)).http).toBe(403);
      expect((await call(t.app, s, 'POST', `${A}disconnect`)).http).toBe(403);
    }
    const b = await tenantWithOrder('E');
    const otherAdmin = await b.w.as(0);
    expect((await call(t.app, otherAdmin, 'POST', `${A}connection`)).data.state).toBe('none');
    expect((await call(t.app, otherAdmin, 'POST', `${A}disconnect`)).http).toBe(404);
    expect((await call(t.app, admin, 'POST', `${A}connection`)).data.state).toBe('connected');
    const off = await call(t.app, admin, 'POST', `${A}disconnect`);
    expect(off.data.state).toBe('none');
    expect((await call(t.app, admin, 'POST', `${A}disconnect`)).http).toBe(404);
  });

  it('purchases act for the connected account (no balance charge); the platform account buys without one', async () => {
    const mine = await tenantWithOrder('F');
    const admin = await mine.w.as(0);
    await connect(admin, 'buyer-f');
    const member = (await call(t.app, admin, 'POST', `${A}connection`)).data.member_id;
    const balance = await balancesOf(t.db, mine.w.tenant.id);
    const placed = await call(t.app, admin, 'POST', '/PDD/order/purchase1688', {
      item_id: mine.itemId,
      version: 1,
      quantity: 1,
    });
    expect(placed.status, placed.msg).toBe(200);
    const order = [...sim.orders.values()].find((o) => o.outOrderId === `item-${mine.itemId}-v1`)!;
    expect(order.buyer).toBe(member);
    expect(await balancesOf(t.db, mine.w.tenant.id)).toEqual(balance);
    // Its logistics are read with the same account (the simulator shows an order only to its buyer).
    const l = await call(t.app, admin, 'POST', '/PDD/order/logistics1688', { item_id: mine.itemId });
    expect(l.status, l.msg).toBe(200);
    expect(l.data.express_status).toBe('2');

    const plain = await tenantWithOrder('G');
    const placed2 = await call(t.app, await plain.w.as(0), 'POST', '/PDD/order/purchase1688', {
      item_id: plain.itemId,
      version: 1,
      quantity: 1,
    });
    expect(placed2.status, placed2.msg).toBe(200);
    expect([...sim.orders.values()].find((o) => o.outOrderId === `item-${plain.itemId}-v1`)!.buyer).toBe('platform');
  });

  it('refreshes tokens before they end; a refused refresh marks 授权失败, tells the admins, and purchases are refused', async () => {
    const { w, itemId } = await tenantWithOrder('H');
    const admin = await w.as(0);
    await connect(admin, 'buyer-h');
    const ok = (await call(t.app, admin, 'GET', '/PDD/amazon-user/platformStatus')).data.cards.find(
      (c: { key: string }) => c.key === 'ali1688',
    );
    expect(ok).toMatchObject({ state: 'ok' });
    const due = () =>
      t.db
        .updateTable('ali1688_connections')
        .set({ access_expires_at: new Date(Date.now() + 60_000) })
        .where('tenant_id', '=', w.tenant.id)
        .execute();
    await due();
    const before = await t.db
      .selectFrom('ali1688_connections')
      .select('access_token_enc')
      .where('tenant_id', '=', w.tenant.id)
      .executeTakeFirstOrThrow();
    const run = await refreshDue(t.deps);
    expect(run.refreshed).toBeGreaterThanOrEqual(1);
    const after = await call(t.app, admin, 'POST', `${A}connection`);
    expect(after.data).toMatchObject({ state: 'connected', last_refresh_ok: true });
    expect(after.data.access_expires_at).toBeGreaterThan(Date.now() / 1000 + 3600);
    const row = await t.db
      .selectFrom('ali1688_connections')
      .select('access_token_enc')
      .where('tenant_id', '=', w.tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).not.toBe(before.access_token_enc);

    await due();
    sim.oauth.refuseRefresh = 1;
    await refreshDue(t.deps);
    sim.oauth.refuseRefresh = 0;
    const card = async () =>
      (
        (await call(t.app, admin, 'GET', '/PDD/amazon-user/platformStatus')).data.cards as {
          key: string;
          state: string;
          summary: string;
        }[]
      ).find((c) => c.key === 'ali1688')!;
    // 平台首页's 1688 card follows the connection.
    expect(await card()).toMatchObject({ state: 'error' });
    expect((await card()).summary).toContain('buyer-h');
    const failed = await call(t.app, admin, 'POST', `${A}connection`);
    expect(failed.data).toMatchObject({ state: 'failed', last_refresh_ok: false });
    expect(failed.data.last_refresh_error).toContain('1688拒绝了授权');
    const messages = await t.db
      .selectFrom('messages')
      .select(['title', 'link', 'role'])
      .where('tenant_id', '=', w.tenant.id)
      .where('link', '=', '/platform/ali1688')
      .execute();
    expect(messages.map((m) => m.role).sort()).toEqual([0, 4]);
    expect(messages[0]!.title).toBe('1688账号授权失败,请重新授权');
    // Once: a second failing run posts nothing more.
    await refreshDue(t.deps);
    expect(
      (
        await t.db
          .selectFrom('messages')
          .select('id')
          .where('tenant_id', '=', w.tenant.id)
          .where('link', '=', '/platform/ali1688')
          .execute()
      ).length,
    ).toBe(2);

    const refused = await call(t.app, admin, 'POST', '/PDD/order/purchase1688', {
      item_id: itemId,
      version: 1,
      quantity: 1,
    });
    expect(refused.http).toBe(400);
    expect(refused.msg).toContain('1688买家账号授权已失效');

    // A refresh token past its end: 已过期.
    await connect(admin, 'buyer-h');
    await t.db
      .updateTable('ali1688_connections')
      .set({ refresh_expires_at: new Date(Date.now() - 1000), access_expires_at: new Date(Date.now() + 60_000) })
      .where('tenant_id', '=', w.tenant.id)
      .execute();
    await refreshDue(t.deps);
    expect((await call(t.app, admin, 'POST', `${A}connection`)).data.state).toBe('expired');
  });
});
