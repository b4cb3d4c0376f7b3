import { IDEM_KEY_MISSING } from '@console/shared/schemas/finance';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import * as ledger from '../src/modules/finance/ledger.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const F = '/PDD/finance';

let operator: UserRow;
let a: UserRow;
let trader: UserRow;
let client: UserRow;
let otherTrader: UserRow;
let sOp: Session;
let sA: Session;
let sTrader: Session;
let sClient: Session;
let sOther: Session;

async function uploadProof(s: Session): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const boundary = '----financetest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${F}/topup/proof`,
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.json().status, res.body).toBe(200);
  return res.json().data.key;
}

const topupBody = (proof: string, amount: unknown = 50_000) => ({
  amount,
  channel: 'bank',
  payer: '张三',
  reference: 'TX-001',
  paid_at: 1_764_000_000,
  proof,
});

async function submit(s: Session, amount = 50_000) {
  const r = await call(t.app, s, 'POST', `${F}/topup/add`, topupBody(await uploadProof(s), amount));
  expect(r.status, r.msg).toBe(200);
  return r.data.id as number;
}

beforeAll(async () => {
  operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  a = await buildTenant(t.db);
  trader = await buildTenant(t.db, { auth: 5 });
  client = await buildTenant(t.db, { auth: 4, trader_id: trader.id, is_use_trader_finance: 1 });
  otherTrader = await buildTenant(t.db, { auth: 5 });
  [sOp, sA, sTrader, sClient, sOther] = (await Promise.all(
    [operator, a, trader, client, otherTrader].map((u) => signIn(t.app, u.account, TEST_PASSWORD)),
  )) as [Session, Session, Session, Session, Session];
});

describe('top-ups and review', () => {
  it('a tenant submits with a proof image, the operator approves once, the balance and entry follow', async () => {
    const id = await submit(sA);
    const own = await call(t.app, sA, 'GET', `${F}/topup/list?status=0`);
    expect(own.data.list).toEqual([
      expect.objectContaining({ id, amount: 50_000, status: 0, status_name: '待审核', channel_name: '银行转账' }),
    ]);
    const proof = await t.app.inject({ method: 'GET', url: own.data.list[0].proof_url, cookies: sOp.cookies });
    expect(proof.headers['content-type']).toBe('image/png');
    // A trader does not review the platform's clients; the operator does.
    expect((await call(t.app, sTrader, 'GET', `${F}/review/list`)).data.list).toEqual([]);
    expect((await call(t.app, sTrader, 'POST', `${F}/review/approve`, { id })).http).toBe(404);
    const ok = await call(t.app, sOp, 'POST', `${F}/review/approve`, { id });
    expect(ok).toMatchObject({ status: 200, data: { status: 1, status_name: '已通过' } });
    expect((await call(t.app, sOp, 'POST', `${F}/review/approve`, { id })).msg).toBe('该充值已审核,请刷新');
    expect((await call(t.app, sOp, 'POST', `${F}/review/refuse`, { id, reason: 'x' })).http).toBe(409);
    const entries = await call(t.app, sA, 'GET', `${F}/entries`);
    expect(entries.data.list).toEqual([
      expect.objectContaining({
        type: 2,
        type_name: '物流充值',
        amount: 50_000,
        balance_after: 50_000,
        ref_type: 'topup',
        ref_id: String(id),
      }),
    ]);
  });

  it('two reviewers clicking approve at the same time post exactly one entry', async () => {
    const id = await submit(sA, 1_000);
    const before = await ledger.balancesOf(t.db, a.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, sOp, 'POST', `${F}/review/approve`, { id })),
    );
    expect(results.map((r) => r.http).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await ledger.balancesOf(t.db, a.id)).available).toBe(before.available + 1_000);
    const list = await call(t.app, sA, 'GET', `${F}/entries?ref_type=topup&ref_id=${id}`);
    expect(list.data.total).toBe(1);
  });

  it('refusing needs a reason and posts nothing; the tenant sees the reason', async () => {
    const id = await submit(sA, 2_000);
    expect((await call(t.app, sOp, 'POST', `${F}/review/refuse`, { id, reason: '  ' })).msg).toBe('请填写驳回原因');
    const r = await call(t.app, sOp, 'POST', `${F}/review/refuse`, { id, reason: '未到账' });
    expect(r.data).toMatchObject({ status: 2, status_name: '已驳回', reason: '未到账', entry_id: null });
    const own = await call(t.app, sA, 'GET', `${F}/topup/list?status=2`);
    expect(own.data.list[0]).toMatchObject({ id, reason: '未到账' });
  });

  it("a trader reviews its own clients only; another trader's and the operator's calls find nothing", async () => {
    const id = await submit(sClient, 3_000);
    expect(
      (await call(t.app, sOp, 'GET', `${F}/review/list`)).data.list.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    expect((await call(t.app, sOp, 'POST', `${F}/review/approve`, { id })).http).toBe(404);
    expect((await call(t.app, sOther, 'POST', `${F}/review/approve`, { id })).http).toBe(404);
    expect((await call(t.app, sOther, 'GET', `${F}/topup/proof-file?id=${id}`)).http).toBe(404);
    expect(
      (
        await call(t.app, sOther, 'POST', `${F}/adjust`, {
          uid: client.id,
          kind: 'credit',
          amount: 1,
          reason: 'x',
          idem_key: 'k1',
        })
      ).http,
    ).toBe(404);
    expect(
      (
        await call(t.app, sTrader, 'POST', `${F}/adjust`, {
          uid: a.id,
          kind: 'credit',
          amount: 1,
          reason: 'x',
          idem_key: 'k1',
        })
      ).http,
    ).toBe(404);
    const list = await call(t.app, sTrader, 'GET', `${F}/review/list`);
    expect(list.data.list).toEqual([expect.objectContaining({ id, uid: client.id, account: client.account })]);
    expect((await call(t.app, sTrader, 'POST', `${F}/review/approve`, { id })).status).toBe(200);
    // The client's statement shows only trader types (spec section 9); the trader's clients list shows the balance.
    const st = await call(t.app, sClient, 'GET', `${F}/entries`);
    expect(st.data.list.map((e: { type: number }) => e.type)).toEqual([6]);
    const clients = await call(t.app, sTrader, 'GET', `${F}/clients`);
    expect(clients.data).toEqual([expect.objectContaining({ uid: client.id, available: 3_000 })]);
  });

  it("refuses bad amounts, another tenant's proof and missing fields with Chinese messages", async () => {
    const proof = await uploadProof(sA);
    const cases: [unknown, string][] = [
      [0, '充值金额必须大于0'],
      [-5, '充值金额必须大于0'],
      [1.5, '充值金额必须是以分为单位的整数'],
      [1e12 + 1, '充值金额不能超过100亿元'],
      ['100', '充值金额必须为数字'],
    ];
    for (const [amount, msg] of cases) {
      const r = await call(t.app, sA, 'POST', `${F}/topup/add`, topupBody(proof, amount));
      expect([r.http, r.msg]).toEqual([400, msg]);
    }
    const foreign = await call(t.app, sClient, 'POST', `${F}/topup/add`, topupBody(proof));
    expect([foreign.http, foreign.msg]).toEqual([400, '转账凭证不存在,请重新上传']);
    const noChannel = await call(t.app, sA, 'POST', `${F}/topup/add`, { ...topupBody(proof), channel: 'cash' });
    expect(noChannel.msg).toBe('请选择充值方式');
  });

  it('workers and other child accounts see no money route; admins and traders do', async () => {
    const worker = await buildUser(t.db, a, { auth: 2 });
    const sW = await signIn(t.app, worker.account, TEST_PASSWORD);
    for (const [m, url] of [
      ['GET', `${F}/overview`],
      ['GET', `${F}/entries`],
      ['GET', `${F}/topup/list`],
      ['GET', '/PDD/amazon-user/getCompanyInfoTotalFreeze'],
      ['GET', `${F}/review/list`],
    ] as const) {
      expect((await call(t.app, sW, m, url)).http, url).toBe(403);
    }
    expect((await call(t.app, sA, 'GET', `${F}/review/list`)).http).toBe(403);
    expect((await call(t.app, sTrader, 'POST', `${F}/deposit/pay`, { amount: 1, idem_key: 'k1' })).http).toBe(403);
  });
});

describe('adjustments, deposit, statement', () => {
  it('the operator credits, debits and refunds with a reason; a debit that does not fit says how much is missing', async () => {
    const b = await buildTenant(t.db);
    let n = 0;
    const adj = (kind: string, amount: number, extra: object = {}) =>
      call(t.app, sOp, 'POST', `${F}/adjust`, {
        uid: b.id,
        kind,
        amount,
        reason: '运费差额',
        idem_key: `adj-k${++n}`,
        ...extra,
      });
    expect((await adj('credit', 10_000, { idem_key: 'adj-1' })).data).toMatchObject({
      type: 2,
      amount: 10_000,
      replayed: false,
    });
    expect((await adj('credit', 10_000, { idem_key: 'adj-1' })).data).toMatchObject({
      replayed: true,
      balance_after: 10_000,
    });
    expect((await adj('credit', 10_001, { idem_key: 'adj-1' })).http).toBe(409);
    expect((await adj('debit', 3_000)).data).toMatchObject({ type: 4, amount: -3_000, balance_after: 7_000 });
    expect((await adj('refund', 500)).data).toMatchObject({ type: 4, amount: 500, balance_after: 7_500 });
    const over = await adj('debit', 8_000);
    expect([over.http, over.msg, over.data]).toEqual([
      400,
      '余额不足,还差5.00元',
      { code: 'INSUFFICIENT_BALANCE', missing: 500, currency: 'CNY' },
    ]);
    expect(
      (
        await call(t.app, sOp, 'POST', `${F}/adjust`, {
          uid: b.id,
          kind: 'debit',
          amount: 1,
          reason: '',
          idem_key: 'k',
        })
      ).msg,
    ).toBe('请填写原因');
    for (const amount of [0, -1, 0.5, 2e12, 'x'])
      expect((await adj('credit', amount as number)).http, String(amount)).toBe(400);
    // Credit limit: the operator lets the balance go 50.00 below zero.
    expect((await call(t.app, sOp, 'POST', `${F}/credit-limit`, { uid: b.id, credit_limit: 5_000 })).status).toBe(200);
    expect((await adj('debit', 12_500)).data.balance_after).toBe(-5_000);
    const log = await call(t.app, sOp, 'GET', `${F}/express-log?account=${b.account}`);
    expect(log.data.total).toBe(4);
    expect(log.data.list[0]).toMatchObject({ account: b.account, note: '运费差额' });
  });

  it('every call that moves money requires an idempotency key: none is a 400 and posts nothing', async () => {
    const b = await buildTenant(t.db);
    const before = await ledger.balancesOf(t.db, b.id);
    const cases: [Session, string, object][] = [
      [sOp, 'adjust', { uid: b.id, kind: 'credit', amount: 100, reason: 'x' }],
      [sOp, 'deposit/return', { uid: b.id, amount: 1, reason: 'x' }],
      [sOp, 'reverse', { uid: b.id, id: 1, reason: 'x' }],
      [sA, 'deposit/pay', { amount: 1 }],
    ];
    for (const [s, path, body] of cases) {
      const r = await call(t.app, s, 'POST', `${F}/${path}`, body);
      expect([r.http, r.msg], path).toEqual([400, IDEM_KEY_MISSING]);
      const bad = await call(t.app, s, 'POST', `${F}/${path}`, { ...body, idem_key: 'a b' });
      expect(bad.http, path).toBe(400);
    }
    expect(await ledger.balancesOf(t.db, b.id)).toEqual(before);
    // A long key is accepted (hashed into the ledger's key) and replays like a short one.
    const long = 'k'.repeat(100);
    const body = { uid: b.id, kind: 'credit', amount: 100, reason: 'x', idem_key: long };
    expect((await call(t.app, sOp, 'POST', `${F}/adjust`, body)).data.replayed).toBe(false);
    expect((await call(t.app, sOp, 'POST', `${F}/adjust`, body)).data).toMatchObject({
      replayed: true,
      balance_after: 100,
    });
  });

  it('deposit: admins pay it from the balance, the operator returns it as type 5', async () => {
    await ledger.topUp(t.db, {
      tenantId: a.id,
      idemKey: 'dep-seed',
      ref: { type: 'topup', id: 'seed' },
      amount: 10_000,
    });
    const bal = await ledger.balancesOf(t.db, a.id);
    const pay = await call(t.app, sA, 'POST', `${F}/deposit/pay`, { amount: 4_000, idem_key: 'dep-1' });
    expect(pay.data).toMatchObject({ amount: 0, balance_after: bal.available - 4_000, deposit_after: 4_000 });
    const back = await call(t.app, sOp, 'POST', `${F}/deposit/return`, {
      uid: a.id,
      amount: 1_000,
      reason: '退还',
      idem_key: 'ret-1',
    });
    expect(back.data).toMatchObject({ type: 5, deposit_after: 3_000 });
    expect(
      (
        await call(t.app, sOp, 'POST', `${F}/deposit/return`, {
          uid: a.id,
          amount: 9_000,
          reason: 'x',
          idem_key: 'ret-2',
        })
      ).msg,
    ).toBe('保证金不足');
  });

  it('fees posted by another module appear with their types; filters, frozen total, overview and export work', async () => {
    const b = await buildTenant(t.db);
    const sB = await signIn(t.app, b.account, TEST_PASSWORD);
    await ledger.topUp(t.db, { tenantId: b.id, idemKey: 'seed', ref: { type: 'topup', id: '1' }, amount: 20_000 });
    // A test caller standing in for the orders and logistics work.
    await ledger.charge(t.db, {
      tenantId: b.id,
      idemKey: 'svc:o1',
      ref: { type: 'order', id: 'O-1' },
      amount: 300,
      fee: 'serviceFee',
    });
    await ledger.freeze(t.db, {
      tenantId: b.id,
      idemKey: 'hold:w1',
      ref: { type: 'waybill', id: 'W-1' },
      amount: 5_000,
      fee: 'logisticsFee',
    });
    await ledger.settleFreeze(t.db, {
      tenantId: b.id,
      idemKey: 'settle:w1',
      ref: { type: 'waybill', id: 'W-1' },
      fee: 4_200,
    });
    await ledger.freeze(t.db, {
      tenantId: b.id,
      idemKey: 'hold:w2',
      ref: { type: 'waybill', id: 'W-2' },
      amount: 1_500,
      fee: 'logisticsFee',
    });
    await ledger.charge(t.db, {
      tenantId: b.id,
      idemKey: 'buy:o1',
      ref: { type: 'purchase', id: 'O-1' },
      amount: 999,
      fee: 'other',
    });
    const all = await call(t.app, sB, 'GET', `${F}/entries?pageSize=50`);
    expect(all.data.list.map((e: { type: number; amount: number }) => [e.type, e.amount])).toEqual([
      [3, -999],
      [1, 0],
      [1, -4_200],
      [1, 0],
      [0, -300],
      [2, 20_000],
    ]);
    expect((await call(t.app, sB, 'GET', `${F}/entries?type=1`)).data.total).toBe(3);
    expect((await call(t.app, sB, 'GET', `${F}/entries?ref_type=waybill&ref_id=W-1`)).data.total).toBe(2);
    expect((await call(t.app, sB, 'GET', `${F}/entries?type=11`)).msg).toBe('类型不合法');
    // A purchase charge is in the statement; 采购明细 lists recorded purchases (none here: finance-money.test.ts).
    expect((await call(t.app, sB, 'GET', `${F}/entries?ref_type=purchase`)).data.list).toEqual([
      expect.objectContaining({ ref_id: 'O-1', amount: -999, order_id: null, amazon_order_id: '' }),
    ]);
    expect((await call(t.app, sB, 'GET', `${F}/purchase`)).data).toMatchObject({ list: [], total: 0 });
    expect((await call(t.app, sB, 'GET', '/PDD/amazon-user/getCompanyInfoTotalFreeze')).data).toEqual({
      total_freeze: 1_500,
      currency: 'CNY',
    });
    expect((await call(t.app, sB, 'POST', `${F}/warning`, { warning: 100_000 })).status).toBe(200);
    const ov = await call(t.app, sB, 'GET', `${F}/overview?days=30`);
    expect(ov.data).toMatchObject({ available: 20_000 - 300 - 4_200 - 1_500 - 999, frozen: 1_500, warning: 100_000 });
    expect(ov.data.days).toHaveLength(30);
    expect(ov.data.days.at(-1)).toEqual({ day: expect.any(String), balance: 13_001, spend: 300 + 4_200 + 999 });
    expect(ov.data.month).toEqual(expect.arrayContaining([{ type: 1, type_name: '物流费', amount: -4_200 }]));
    const xlsx = await t.app.inject({ method: 'GET', url: `${F}/entries/export?type=1`, cookies: sB.cookies });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('财务明细')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('类型');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(3).getCell(3).value).toBe(-42);
    // Reversal by the operator: the service fee comes back once.
    const fee = all.data.list[4];
    const rev = await call(t.app, sOp, 'POST', `${F}/reverse`, {
      uid: b.id,
      id: fee.id,
      reason: '误扣',
      idem_key: 'rev-1',
    });
    expect(rev.data).toMatchObject({ type: 0, amount: 300, reverses: fee.id });
    expect(
      (await call(t.app, sOp, 'POST', `${F}/reverse`, { uid: b.id, id: fee.id, reason: '误扣', idem_key: 'other' }))
        .http,
    ).toBe(409);
  });
});
