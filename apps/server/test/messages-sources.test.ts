// Every area posts what a person must act on (issue 31 §2, docs/messages.md "Sources"), through
// the code path of the change: top-up review, the ledger crossing a low-balance warning, the
// order sync failing (once per streak), a shop's authorization failing, the daily reminders of
// expiring accounts and shop authorizations, an upload queue ending with failures, and a parcel
// held by 运费审核 or reported as a problem parcel.
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { UserRow } from '../src/db/types.js';
import * as ledger from '../src/modules/finance/ledger.service.js';
import { syncShopsOrders } from '../src/modules/order/order-sync.service.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { shopAuthorizationLost } from '../src/modules/shop/shop.service.js';
import { runReminders } from '../src/modules/system/message-reminders.job.js';
import { orderSyncOutcome, uploadEnded } from '../src/modules/system/message-sources.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { channelBody, receivedOrders, topUp } from './logistics/logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const F = '/PDD/finance';
const L = '/PDD/logistics/';

let operator: UserRow;
let sOp: Session;

beforeAll(async () => {
  operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  sOp = await signIn(t.app, operator.account, TEST_PASSWORD);
});

/** The messages an account reads (newest first), of a source. */
async function inbox(s: Session, source: string) {
  const r = await call(t.app, s, 'GET', `/PDD/amazon-user/messageList?pageSize=50&source=${source}`);
  expect(r.status, r.msg).toBe(200);
  return r.data.list as { title: string; body: string; link: string }[];
}

async function tenantSession(over: Parameters<typeof buildTenant>[1] = {}) {
  const u = await buildTenant(t.db, over);
  return { u, s: await signIn(t.app, u.account, TEST_PASSWORD) };
}

async function proof(s: Session): Promise<string> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const b = '----msg';
  const res = await t.app.inject({
    method: 'POST',
    url: `${F}/topup/proof`,
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${b}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  });
  return res.json().data.key;
}

describe('messages every area posts', () => {
  it('top-up reviewed: the submitter reads approved and refused', async () => {
    const { s } = await tenantSession();
    const ids: number[] = [];
    for (const amount of [12_300, 4_500]) {
      const body = { amount, channel: 'bank', payer: '张三', reference: 'TX', paid_at: 1_764_000_000 };
      const r = await call(t.app, s, 'POST', `${F}/topup/add`, { ...body, proof: await proof(s) });
      expect(r.status, r.msg).toBe(200);
      ids.push(r.data.id);
    }
    expect((await call(t.app, sOp, 'POST', `${F}/review/approve`, { id: ids[0] })).status).toBe(200);
    expect((await call(t.app, sOp, 'POST', `${F}/review/refuse`, { id: ids[1], reason: '未到账' })).status).toBe(200);
    const got = await inbox(s, 'finance');
    expect(got.map((m) => m.title)).toEqual(['充值 45.00 CNY 被驳回', '充值 123.00 CNY 已审核通过,已入账']);
    expect(got[0]).toMatchObject({ body: '驳回原因:未到账', link: '/member/user/topup-list' });
  });

  it('balance below its warning: once per crossing, again after it rose above', async () => {
    const { u, s } = await tenantSession();
    expect((await call(t.app, s, 'POST', `${F}/warning`, { warning: 10_000 })).status).toBe(200);
    await topUp(t, u.id, 15_000);
    const charge = (amount: number, n: number) =>
      ledger.charge(t.db, {
        tenantId: u.id,
        idemKey: `m-${u.id}-${n}`,
        ref: { type: 'service', id: `m${n}` },
        amount,
        fee: 'other',
      });
    await charge(6_000, 1); // 150 -> 90: crossed
    await charge(1_000, 2); // 90 -> 80: still below, nothing new
    expect((await inbox(s, 'finance')).map((m) => m.title)).toEqual(['可用余额 ¥90.00 已低于预警值 ¥100.00']);
    await topUp(t, u.id, 5_000); // 80 -> 130: re-armed
    await charge(4_000, 3); // 130 -> 90: crossed again
    expect(await inbox(s, 'finance')).toHaveLength(2);
  });

  it('order sync failing: once per failure streak to the shop managers; a clean run ends the streak', async () => {
    const { u, s } = await tenantSession();
    const worker = await signIn(t.app, (await buildUser(t.db, u, { auth: 2 })).account, TEST_PASSWORD);
    // A shop without a refresh token fails to open: the sync's real failure path.
    const shop = await insertShop(t.db, {
      tenant_id: u.id,
      name: '坏店',
      region: 'EU',
      sandbox: true,
      seller_id: '',
      refresh_token_enc: '',
      marketplaces: ['de'],
      created_by: u.id,
    });
    const one = { id: shop.id, tenant_id: u.id, name: '坏店', marketplaces: ['de'] };
    await syncShopsOrders(t.deps, [one]);
    await syncShopsOrders(t.deps, [one]);
    expect((await inbox(s, 'order')).map((m) => m.title)).toEqual(['店铺「坏店」订单同步失败']);
    expect(await inbox(worker, 'order')).toEqual([]);
    await orderSyncOutcome(t.db, one, []); // what a run without errors does
    await syncShopsOrders(t.deps, [one]);
    expect(await inbox(s, 'order')).toHaveLength(2);
  });

  it('shop authorization failed: the managers read it once per loss', async () => {
    const { u, s } = await tenantSession();
    const shop = await insertShop(t.db, {
      tenant_id: u.id,
      name: '授权店',
      region: 'EU',
      sandbox: true,
      seller_id: '',
      refresh_token_enc: '',
      marketplaces: ['de'],
      created_by: u.id,
    });
    await t.db.updateTable('shops').set({ auth_status: 'authorized' }).where('id', '=', shop.id).execute();
    await shopAuthorizationLost(t.deps, u.id, shop.id, 'invalid_grant');
    await shopAuthorizationLost(t.deps, u.id, shop.id, 'invalid_grant');
    expect(await inbox(s, 'shop')).toEqual([
      expect.objectContaining({ title: '店铺「授权店」授权失效,请重新授权', link: '/order/shop' }),
    ]);
  });

  it('reminders: an account and a shop authorization ending soon, once per end date', async () => {
    const { u, s } = await tenantSession();
    const child = await buildUser(t.db, u, { auth: 2 });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.db.updateTable('users').set({ end_time: soon }).where('id', '=', child.id).execute();
    const shop = await insertShop(t.db, {
      tenant_id: u.id,
      name: '老店',
      region: 'EU',
      sandbox: true,
      seller_id: '',
      refresh_token_enc: '',
      marketplaces: ['de'],
      created_by: u.id,
    });
    await t.db
      .updateTable('shops')
      .set({ auth_status: 'authorized', authorized_at: sql<Date>`now() - interval '360 days'` })
      .where('id', '=', shop.id)
      .execute();
    await runReminders(t.deps);
    await runReminders(t.deps);
    const cs = await signIn(t.app, child.account, TEST_PASSWORD);
    expect((await inbox(cs, 'account')).map((m) => m.title)).toEqual([
      expect.stringMatching(/^账号将于 \d{4}-\d\d-\d\d 到期$/),
    ]);
    expect((await inbox(s, 'account')).map((m) => m.title)).toEqual([
      expect.stringContaining(`子账号 #${child.id} 将于`),
    ]);
    expect((await inbox(s, 'shop')).map((m) => m.title)).toEqual([expect.stringContaining('店铺「老店」的授权将于')]);
  });

  it('upload queue ended with failures: its creator reads how many failed', async () => {
    const { u, s } = await tenantSession();
    const shop = await insertShop(t.db, {
      tenant_id: u.id,
      name: '上传店',
      region: 'EU',
      sandbox: true,
      seller_id: '',
      refresh_token_enc: '',
      marketplaces: ['de'],
      created_by: u.id,
    });
    const q = await t.db
      .insertInto('upload_queues')
      .values({
        tenant_id: u.id,
        shop_id: shop.id,
        marketplaces: ['de'],
        upload_type: 'quantity',
        mode: 'listings',
        created_by: u.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await uploadEnded(t.db, q.id); // no failed item: nothing
    expect(await inbox(s, 'upload')).toEqual([]);
    await uploadEnded(t.db, q.id, '店铺已删除,上传已中止');
    await uploadEnded(t.db, q.id, '店铺已删除,上传已中止');
    expect(await inbox(s, 'upload')).toEqual([
      expect.objectContaining({ title: `上传队列 #${q.id}(上传店)已中止`, link: `/goods/amazon/edit/${q.id}` }),
    ]);
  });

  it('parcel held by 运费审核 goes to the reviewers; a problem parcel to the other side', async () => {
    const c = await call(t.app, sOp, 'POST', `${L}channel/create`, channelBody({ name: '消息专线' }));
    expect(c.status, c.msg).toBe(200);
    const { u, s } = await tenantSession();
    const world = await receivedOrders(t, u, 2);
    const [o1, o2] = world.orders as [{ id: number; amazonOrderId: string }, { id: number; amazonOrderId: string }];
    const parcel = { channel_id: c.data.id, weight_g: 300, length_mm: 200, width_mm: 150, height_mm: 100 };
    const held = await call(t.app, s, 'POST', `${L}parcel/submit`, { ...parcel, order_id: o1.id });
    expect(held.data?.review_status, held.msg).toBe('held');
    expect(await inbox(s, 'logistics')).toEqual([
      expect.objectContaining({ title: `订单 ${o1.amazonOrderId} 的包裹被运费审核拦截` }),
    ]);
    await topUp(t, u.id, 100_000);
    const p = await call(t.app, s, 'POST', `${L}parcel/submit`, { ...parcel, order_id: o2.id });
    expect(p.data?.review_status, p.msg).toBe('passed');
    const wb = await call(t.app, s, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
    expect((await call(t.app, s, 'POST', `${L}waybill/ship`, { id: wb.data.id })).status).toBe(200);
    const r = await call(t.app, s, 'POST', `${L}problem/report`, { waybill_id: wb.data.id, type: 2 });
    expect(r.status, r.msg).toBe(200);
    expect((await inbox(sOp, 'logistics')).map((m) => m.title)).toEqual([
      expect.stringMatching(/^问题件 #\d+:运单 .+ 登记为待仓库处理$/),
    ]);
    const step = await call(t.app, sOp, 'POST', `${L}problem/transition`, { id: r.data.id, version: 1, to: 7 });
    expect(step.status, step.msg).toBe(200);
    expect((await inbox(s, 'logistics'))[0]!.title).toMatch(/待仓库处理 → 已退回海外仓$/);
  });
});
