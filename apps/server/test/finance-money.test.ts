// Issue 29 §3 "Money on day one": payee accounts per book, purchases in 采购明细 (charged once when
// the platform buys on its 1688 account), every posting naming its order.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAli1688 } from '../src/ali1688/ali1688.factory.js';
import { startAli1688Simulator } from '../src/ali1688/ali1688.simulator.js';
import type { UserRow } from '../src/db/types.js';
import * as ledger from '../src/modules/finance/ledger.service.js';
import { buildGoods, buildTenant, buildTenantRows, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { orderWorld } from './order/order-support.js';

const t = useTestApp();
const F = '/PDD/finance';
const O = '/PDD/order/';

let operator: UserRow;
let trader: UserRow;
let sOp: Session;
let sTrader: Session;

beforeAll(async () => {
  operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  trader = await buildTenant(t.db, { auth: 5 });
  sOp = await signIn(t.app, operator.account, TEST_PASSWORD);
  sTrader = await signIn(t.app, trader.account, TEST_PASSWORD);
});

async function upload(s: Session, url: string, data: Buffer, type = 'image/png') {
  const boundary = '----payeetest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="qr.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as { status: number; msg: string; data: { key: string } };
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

describe('payee accounts (收款账户)', () => {
  it('the operator keeps the platform book accounts; its clients see them, a trader client sees only its trader’s', async () => {
    const seller = await buildTenant(t.db);
    const client = await buildTenant(t.db, { trader_id: trader.id, is_use_trader_finance: 1 });
    const sSeller = await signIn(t.app, seller.account, TEST_PASSWORD);
    const sClient = await signIn(t.app, client.account, TEST_PASSWORD);
    // Nothing set yet: an empty list (the page says so).
    expect((await call(t.app, sClient, 'GET', `${F}/payee/accounts`)).data).toEqual([]);

    const bank = await call(t.app, sOp, 'POST', `${F}/payee/save`, {
      kind: 'bank',
      bank_name: '招商银行',
      account_name: '某某科技有限公司',
      account_no: '6214 8888 0000 1234',
      branch: '深圳南山支行',
      qr_key: 'ignored-for-bank',
    });
    expect(bank.status, bank.msg).toBe(200);
    expect(bank.data).toMatchObject({ kind_name: '银行转账', qr_key: '', qr_url: '' });
    const qr = await upload(sOp, `${F}/payee/qr`, await png());
    expect(qr.status, qr.msg).toBe(200);
    const wechat = await call(t.app, sOp, 'POST', `${F}/payee/save`, {
      kind: 'wechat',
      account_name: '平台财务',
      qr_key: qr.data.key,
      sort: 2,
    });
    expect(wechat.status, wechat.msg).toBe(200);
    const traderAlipay = await call(t.app, sTrader, 'POST', `${F}/payee/save`, {
      kind: 'alipay',
      account_no: 'trader@example.com',
      account_name: '货代张三',
    });
    expect(traderAlipay.status, traderAlipay.msg).toBe(200);

    const seen = await call(t.app, sSeller, 'GET', `${F}/payee/accounts`);
    expect(seen.data.map((a: { id: number }) => a.id)).toEqual([bank.data.id, wechat.data.id]);
    const clientSeen = await call(t.app, sClient, 'GET', `${F}/payee/accounts`);
    expect(clientSeen.data).toEqual([expect.objectContaining({ id: traderAlipay.data.id, account_name: '货代张三' })]);
    // The QR image: for the book's clients and keepers only.
    const img = await t.app.inject({ method: 'GET', url: wechat.data.qr_thumb, cookies: sSeller.cookies });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await call(t.app, sClient, 'GET', wechat.data.qr_url)).http).toBe(404);
    // A trader's own money is with the platform: it sees the platform's accounts too.
    expect((await call(t.app, sTrader, 'GET', wechat.data.qr_url)).http).toBe(200);
    expect((await call(t.app, sTrader, 'GET', `${F}/payee/accounts`)).data).toHaveLength(2);

    // Another book's account: 404 to change or delete; the lists stay apart.
    expect(
      (
        await call(t.app, sTrader, 'POST', `${F}/payee/save`, {
          id: bank.data.id,
          kind: 'alipay',
          account_no: 'x',
          account_name: 'x',
        })
      ).http,
    ).toBe(404);
    expect((await call(t.app, sTrader, 'POST', `${F}/payee/delete`, { id: bank.data.id })).http).toBe(404);
    expect((await call(t.app, sTrader, 'GET', `${F}/payee/list`)).data).toHaveLength(1);
    // Changing keeps the id; deleting removes it from the clients' page.
    const changed = await call(t.app, sOp, 'POST', `${F}/payee/save`, {
      id: bank.data.id,
      kind: 'bank',
      bank_name: bank.data.bank_name,
      account_name: bank.data.account_name,
      account_no: bank.data.account_no,
      branch: '福田支行',
    });
    expect([changed.status, changed.data.branch, changed.data.id]).toEqual([200, '福田支行', bank.data.id]);
    expect((await call(t.app, sOp, 'POST', `${F}/payee/delete`, { id: bank.data.id })).status).toBe(200);
    expect((await call(t.app, sSeller, 'GET', `${F}/payee/accounts`)).data).toHaveLength(1);
  });

  it('refuses missing fields per kind, a QR image not uploaded by the keeper, non-images, and non-reviewers', async () => {
    const cases: [object, string][] = [
      [{ kind: 'bank', account_name: 'x', account_no: '1' }, '请填写开户银行'],
      [{ kind: 'bank', bank_name: 'x', account_name: 'x' }, '请填写银行账号'],
      [{ kind: 'alipay', account_name: 'x' }, '请填写支付宝账号'],
      [{ kind: 'wechat', account_name: 'x' }, '请上传微信收款码'],
      [{ kind: 'cash', account_name: 'x' }, '请选择收款方式'],
      [{ kind: 'alipay', account_no: 'x'.repeat(65), account_name: 'x' }, '账号不能超过64个字符'],
    ];
    for (const [body, msg] of cases) {
      const r = await call(t.app, sOp, 'POST', `${F}/payee/save`, body);
      expect([r.http, r.msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    // A QR the trader uploaded is not the operator's; a made-up key neither.
    const traderQr = await upload(sTrader, `${F}/payee/qr`, await png());
    for (const key of [traderQr.data.key, 't1/2026/01/00000000-0000-0000-0000-000000000000.png', '../x.png']) {
      const r = await call(t.app, sOp, 'POST', `${F}/payee/save`, { kind: 'wechat', account_name: 'x', qr_key: key });
      expect([r.http, r.msg], key).toEqual([400, '收款码图片不存在,请重新上传']);
    }
    const notImage = await upload(sOp, `${F}/payee/qr`, Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml');
    expect(notImage.status).toBe(400);
    // Sellers and workers cannot keep payee accounts.
    const seller = await buildTenant(t.db);
    const sSeller = await signIn(t.app, seller.account, TEST_PASSWORD);
    expect((await call(t.app, sSeller, 'GET', `${F}/payee/list`)).http).toBe(403);
    expect(
      (await call(t.app, sSeller, 'POST', `${F}/payee/save`, { kind: 'alipay', account_no: 'x', account_name: 'x' }))
        .http,
    ).toBe(403);
    const worker = await buildUser(t.db, seller, { auth: 2 });
    const sW = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect((await call(t.app, sW, 'GET', `${F}/payee/accounts`)).http).toBe(403);
  });
});

describe('purchases (采购明细) and the order of every posting', () => {
  const sims: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await closeAli1688();
    for (const s of sims) await s.close();
  });

  /** A tenant with an order of two items, the first linked to a 1688 offer. */
  async function world() {
    const w = await orderWorld(t, { name: '采购店', sellerPrefix: 'P' });
    const amazonOrderId = w.amazonId('303', 1);
    const o = await w.addOrder({
      amazonOrderId,
      totalMinor: 3000,
      items: [
        { amazonItemId: 'P-1', asin: 'B0PURCH001', sku: 'PUR-1', title: 'Item 1', quantity: 1, priceMinor: 2000 },
        { amazonItemId: 'P-2', asin: 'B0PURCH002', sku: 'PUR-2', title: 'Item 2', quantity: 1, priceMinor: 1000 },
      ],
    });
    const goods = await buildGoods(t.db, w.tenant);
    await t.db
      .updateTable('goods')
      .set({ link_url: 'https://detail.1688.com/offer/612345678123.html' })
      .where('id', '=', goods.id)
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ goods_id: Number(goods.id) })
      .where('id', '=', o.itemIds[0]!)
      .execute();
    return { w, orderId: o.id, items: o.itemIds as [number, number], amazonOrderId };
  }

  it('a 1688 purchase by the platform is charged once (parallel repeats too); a purchase of its own is listed, not charged', async () => {
    const sim = await startAli1688Simulator({ shipAfterMs: 60_000 });
    sims.push(sim);
    const setting = t.deps.config.ali1688;
    t.deps.config.ali1688 = { ...setting, baseUrl: sim.url, appKey: 'k' };
    try {
      const { w, orderId, items, amazonOrderId } = await world();
      const admin = await w.as(0);
      const buyer = await w.as(3);
      const body = { item_id: items[0], version: 1, quantity: 2 };
      // No money: refused before 1688 is called (tests/order/purchase-1688-balance.test.ts).
      const poor = await call(t.app, buyer, 'POST', `${O}purchase1688`, body);
      expect([poor.http, poor.msg]).toEqual([400, expect.stringMatching(/^余额不足:可用余额/)]);
      expect(sim.orders.size).toBe(0);
      const price = sim.priceOf('612345678123') * 2;
      await ledger.topUp(t.db, {
        tenantId: w.tenant.id,
        idemKey: 'seed',
        ref: { type: 'topup', id: 's' },
        amount: 100_000,
      });
      // Three clicks at once: one purchase, one charge, still one 1688 order.
      const tries = await Promise.all([1, 2, 3].map(() => call(t.app, buyer, 'POST', `${O}purchase1688`, body)));
      expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of tries.filter((x) => x.status !== 200)) expect(r.http, r.msg).toBeLessThan(500);
      expect(sim.orders.size).toBe(1);
      const again = await call(t.app, buyer, 'POST', `${O}purchase1688`, body);
      expect(again.http).toBe(409);
      const charges = await t.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('tenant_id', '=', w.tenant.id)
        .where('ref_type', '=', 'purchase')
        .where('op', '=', 'charge')
        .execute();
      expect(charges).toEqual([
        expect.objectContaining({ amount: -price, type: 3, order_id: orderId, amazon_order_id: amazonOrderId }),
      ]);
      expect((await ledger.balancesOf(t.db, w.tenant.id)).available).toBe(100_000 - price);

      // The second item is bought by the tenant itself (manual 采购): listed, not charged.
      const manual = await call(t.app, buyer, 'POST', `${O}purchase`, {
        item_id: items[1],
        version: 1,
        supplier: '自家供应商',
        paid: '12.50',
        quantity: 1,
      });
      expect(manual.status, manual.msg).toBe(200);
      expect((await ledger.balancesOf(t.db, w.tenant.id)).available).toBe(100_000 - price);

      const list = await call(t.app, admin, 'GET', `${F}/purchase`);
      expect(list.data.total).toBe(2);
      expect(list.data.list).toEqual([
        expect.objectContaining({ item_id: items[1], channel: 'manual', paid: 1250, charged: 0, entry_id: null }),
        expect.objectContaining({
          item_id: items[0],
          channel: '1688',
          paid: price,
          charged: price,
          entry_id: charges[0]!.id,
          order_id: orderId,
          amazon_order_id: amazonOrderId,
        }),
      ]);
      // Filtered by the Amazon order id or the console order id; another tenant sees none of it.
      expect((await call(t.app, admin, 'GET', `${F}/purchase?ref_id=${amazonOrderId}`)).data.total).toBe(2);
      expect((await call(t.app, admin, 'GET', `${F}/purchase?ref_id=${orderId}`)).data.total).toBe(2);
      expect((await call(t.app, admin, 'GET', `${F}/purchase?ref_id=999999999`)).data.total).toBe(0);
      const stranger = await buildTenant(t.db);
      const sStranger = await signIn(t.app, stranger.account, TEST_PASSWORD);
      expect((await call(t.app, sStranger, 'GET', `${F}/purchase?ref_id=${orderId}`)).data.total).toBe(0);

      // The statement names the order of the charge, and exports it.
      const st = await call(t.app, admin, 'GET', `${F}/entries?ref_type=purchase`);
      expect(st.data.list[0]).toMatchObject({ order_id: orderId, amazon_order_id: amazonOrderId });
      const xlsx = await t.app.inject({
        method: 'GET',
        url: `${F}/entries/export?ref_type=purchase`,
        cookies: admin.cookies,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('财务明细')!;
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const row = sheet.getRow(2).values as unknown[];
      expect(row[header.indexOf('订单ID')]).toBe(orderId);
      expect(row[header.indexOf('亚马逊订单号')]).toBe(amazonOrderId);
    } finally {
      t.deps.config.ali1688 = setting;
    }
  });

  it('a posting names its order from its reference (waybill, order), never another tenant’s; a reversal keeps it', async () => {
    const { w, orderId, amazonOrderId } = await world();
    const other = await world();
    const tenantId = w.tenant.id;
    await ledger.topUp(t.db, { tenantId, idemKey: 'seed', ref: { type: 'topup', id: 's' }, amount: 10_000 });
    const byOrder = await ledger.charge(t.db, {
      tenantId,
      idemKey: 'fee-1',
      ref: { type: 'order', id: String(orderId) },
      amount: 100,
      fee: 'serviceFee',
    });
    expect(byOrder).toMatchObject({ order_id: orderId, amazon_order_id: amazonOrderId });
    // Another tenant's order id as the reference: no order named.
    const foreign = await ledger.charge(t.db, {
      tenantId,
      idemKey: 'fee-2',
      ref: { type: 'order', id: String(other.orderId) },
      amount: 100,
      fee: 'serviceFee',
    });
    expect(foreign).toMatchObject({ order_id: null, amazon_order_id: '' });
    const rev = await ledger.reverseEntry(t.db, { tenantId, idemKey: 'rev-1', entryId: byOrder.id });
    expect(rev).toMatchObject({ order_id: orderId, amazon_order_id: amazonOrderId });
    // A waybill reference names the waybill's order (the factory's waybill of its order).
    const tenant = await buildTenant(t.db);
    const rows = await buildTenantRows(t.db, tenant, 'money');
    const order = await t.db
      .selectFrom('orders')
      .select('amazon_order_id')
      .where('id', '=', rows.order)
      .executeTakeFirstOrThrow();
    const fee = await ledger.charge(t.db, {
      tenantId: tenant.id,
      idemKey: 'wb-fee',
      ref: { type: 'waybill', id: String(rows.waybill) },
      amount: 1,
      fee: 'logisticsFee',
    });
    expect(fee).toMatchObject({ order_id: rows.order, amazon_order_id: order.amazon_order_id });
    expect(order.amazon_order_id).not.toBe('');
  });
});
