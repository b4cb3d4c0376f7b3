import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as ledger from '../src/modules/finance/ledger.service.js';
import { checkLedger } from '../src/modules/finance/ledger-check.js';
import { buildTenant } from './factories.js';
import { useTestApp } from './harness.js';

const t = useTestApp();
let n = 0;
const key = () => `k${++n}`;
const ref = (id = 'x') => ({ type: 'order' as const, id });

/** Runs `fn` expecting an AppError; answers its status, message and data. */
async function refusal(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (err) {
    const e = err as { status?: number; message: string; data?: unknown };
    return { status: e.status, msg: e.message, data: e.data };
  }
  throw new Error('expected a refusal');
}

describe('ledger service', () => {
  it('posts top-ups and fees with their types, refuses what does not fit with the amount missing', async () => {
    const a = await buildTenant(t.db);
    const top = await ledger.topUp(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: { type: 'topup', id: '1' },
      amount: 10_000,
    });
    expect(top).toMatchObject({ type: 2, amount: 10_000, balance_after: 10_000, replayed: false });
    const fee = await ledger.charge(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: ref('o1'),
      amount: 2_550,
      fee: 'logisticsFee',
      note: '运费',
    });
    expect(fee).toMatchObject({
      type: 1,
      amount: -2_550,
      balance_after: 7_450,
      ref_type: 'order',
      ref_id: 'o1',
      note: '运费',
    });
    const service = await ledger.charge(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: ref('o1'),
      amount: 450,
      fee: 'serviceFee',
    });
    expect(service.type).toBe(0);
    const r = await refusal(() =>
      ledger.charge(t.db, { tenantId: a.id, idemKey: key(), ref: ref('o2'), amount: 8_001, fee: 'other' }),
    );
    expect(r).toEqual({
      status: 400,
      msg: '余额不足,还差10.01元',
      data: { code: 'INSUFFICIENT_BALANCE', missing: 1_001, currency: 'CNY' },
    });
    expect(await ledger.balancesOf(t.db, a.id)).toMatchObject({ available: 7_000, frozen: 0, deposit: 0 });
  });

  it('a credit limit lets the balance go below zero down to it, not further', async () => {
    const a = await buildTenant(t.db);
    const { setCreditLimit } = await import('../src/modules/finance/ledger.repository.js');
    await setCreditLimit(t.db, a.id, 'CNY', 5_000);
    const e = await ledger.charge(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: ref(),
      amount: 5_000,
      fee: 'serviceFee',
    });
    expect(e.balance_after).toBe(-5_000);
    const r = await refusal(() =>
      ledger.charge(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 1, fee: 'serviceFee' }),
    );
    expect(r.msg).toBe('余额不足,还差0.01元');
  });

  it('idempotency: same key and request answers the first result, another request is refused', async () => {
    const a = await buildTenant(t.db);
    const k = key();
    const first = await ledger.topUp(t.db, { tenantId: a.id, idemKey: k, ref: ref(), amount: 100 });
    const again = await ledger.topUp(t.db, { tenantId: a.id, idemKey: k, ref: ref(), amount: 100 });
    expect(again).toEqual({ ...first, replayed: true });
    const other = await refusal(() => ledger.topUp(t.db, { tenantId: a.id, idemKey: k, ref: ref(), amount: 101 }));
    expect(other).toMatchObject({ status: 409, msg: '该幂等键已用于另一笔不同的请求,请更换幂等键' });
    expect(await ledger.balancesOf(t.db, a.id)).toMatchObject({ available: 100 });
    // The same key is another tenant's own key.
    const b = await buildTenant(t.db);
    expect((await ledger.topUp(t.db, { tenantId: b.id, idemKey: k, ref: ref(), amount: 7 })).replayed).toBe(false);
  });

  it('two concurrent calls with one key post once', async () => {
    const a = await buildTenant(t.db);
    await ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 1_000 });
    const k = key();
    const calls = await Promise.all(
      Array.from({ length: 8 }, () =>
        ledger.charge(t.db, { tenantId: a.id, idemKey: k, ref: ref(), amount: 300, fee: 'serviceFee' }),
      ),
    );
    expect(new Set(calls.map((c) => c.id)).size).toBe(1);
    expect(calls.filter((c) => !c.replayed)).toHaveLength(1);
    expect(await ledger.balancesOf(t.db, a.id)).toMatchObject({ available: 700 });
  });

  it('freezes against a reference, settles (fee to income, rest back) or releases; total frozen', async () => {
    const a = await buildTenant(t.db);
    await ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 10_000 });
    const f = await ledger.freeze(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: ref('w1'),
      amount: 3_000,
      fee: 'logisticsFee',
    });
    expect(f).toMatchObject({
      type: 1,
      amount: 0,
      available_change: -3_000,
      frozen_change: 3_000,
      balance_after: 7_000,
      frozen_after: 3_000,
    });
    expect(
      (
        await refusal(() =>
          ledger.freeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w1'), amount: 1, fee: 'logisticsFee' }),
        )
      ).status,
    ).toBe(409);
    await ledger.freeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w2'), amount: 1_000, fee: 'logisticsFee' });
    expect(await ledger.totalFrozen(t.db, a.id)).toBe(4_000);
    const s = await ledger.settleFreeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w1'), fee: 2_400 });
    expect(s).toMatchObject({
      type: 1,
      amount: -2_400,
      available_change: 600,
      frozen_change: -3_000,
      balance_after: 6_600,
    });
    const r = await ledger.releaseFreeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w2') });
    expect(r).toMatchObject({ amount: 0, balance_after: 7_600, frozen_after: 0 });
    expect(
      (await refusal(() => ledger.releaseFreeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w2') }))).msg,
    ).toBe('该单据没有冻结金额');
    // A fee above the frozen amount takes the rest from the balance, refused when it does not fit.
    await ledger.freeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w3'), amount: 100, fee: 'logisticsFee' });
    const over = await refusal(() =>
      ledger.settleFreeze(t.db, { tenantId: a.id, idemKey: key(), ref: ref('w3'), fee: 7_610 }),
    );
    expect(over.msg).toBe('余额不足,还差0.10元');
    expect(await ledger.totalFrozen(t.db, a.id)).toBe(100);
  });

  it('deposit: paid from the balance, returned as type 5; a reversal mirrors an entry once', async () => {
    const a = await buildTenant(t.db);
    await ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 5_000 });
    const pay = await ledger.payDeposit(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: { type: 'deposit', id: 'd' },
      amount: 2_000,
    });
    expect(pay).toMatchObject({ type: 3, amount: 0, balance_after: 3_000, deposit_after: 2_000 });
    expect(
      (
        await refusal(() =>
          ledger.returnDeposit(t.db, {
            tenantId: a.id,
            idemKey: key(),
            ref: { type: 'deposit', id: 'd' },
            amount: 2_001,
          }),
        )
      ).msg,
    ).toBe('保证金不足');
    const back = await ledger.returnDeposit(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: { type: 'deposit', id: 'd' },
      amount: 500,
    });
    expect(back).toMatchObject({ type: 5, balance_after: 3_500, deposit_after: 1_500 });
    const fee = await ledger.charge(t.db, {
      tenantId: a.id,
      idemKey: key(),
      ref: ref(),
      amount: 1_000,
      fee: 'serviceFee',
    });
    const rev = await ledger.reverseEntry(t.db, { tenantId: a.id, idemKey: key(), entryId: fee.id });
    expect(rev).toMatchObject({ type: 0, amount: 1_000, balance_after: 3_500, reverses: fee.id, ref_type: 'reversal' });
    expect(
      (await refusal(() => ledger.reverseEntry(t.db, { tenantId: a.id, idemKey: key(), entryId: fee.id }))).status,
    ).toBe(409);
  });

  it('trader finance: trader types and the trader keeps the money', async () => {
    const trader = await buildTenant(t.db, { auth: 5, is_use_trader_finance: 1 });
    const client = await buildTenant(t.db, { trader_id: trader.id, is_use_trader_finance: 1 });
    const e = await ledger.topUp(t.db, { tenantId: client.id, idemKey: key(), ref: ref(), amount: 900 });
    expect(e).toMatchObject({ type: 6, book_id: trader.id });
    expect(
      (await ledger.charge(t.db, { tenantId: client.id, idemKey: key(), ref: ref(), amount: 100, fee: 'logisticsFee' }))
        .type,
    ).toBe(8);
    // The trader's own money stays with the platform.
    expect((await ledger.topUp(t.db, { tenantId: trader.id, idemKey: key(), ref: ref(), amount: 1 })).type).toBe(2);
  });

  it('refuses bad amounts and requests before touching the database', async () => {
    const a = await buildTenant(t.db);
    for (const amount of [0, -1, 1.5, 1e12 + 1, Number.NaN, '100' as unknown as number]) {
      const r = await refusal(() => ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount }));
      expect(r.status).toBe(400);
    }
    expect(
      (await refusal(() => ledger.topUp(t.db, { tenantId: a.id, idemKey: '', ref: ref(), amount: 1 }))).status,
    ).toBe(400);
    expect(
      (await refusal(() => ledger.topUp(t.db, { tenantId: 999_999, idemKey: key(), ref: ref(), amount: 1 }))).status,
    ).toBe(404);
    expect((await ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 1e12 })).balance_after).toBe(
      1e12,
    );
  });

  it('entries are append-only and balanced by the database; ledger-check finds a tampered balance', async () => {
    const a = await buildTenant(t.db);
    const e = await ledger.topUp(t.db, { tenantId: a.id, idemKey: key(), ref: ref(), amount: 300 });
    await expect(sql`update ledger_entries set amount = 1 where id = ${e.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_lines where entry_id = ${e.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    const acc = await sql<{
      id: number;
    }>`select id from ledger_accounts where tenant_id = ${a.id} and kind = 'available'`.execute(t.db);
    await expect(
      sql`insert into ledger_lines (tenant_id, entry_id, account_id, amount, balance_after) values (${a.id}, ${e.id}, ${acc.rows[0]!.id}, 5, 0)`.execute(
        t.db,
      ),
    ).rejects.toThrow(/not balanced/);
    expect((await checkLedger(t.db)).problems).toEqual([]);
    await sql`update ledger_accounts set balance = balance + 1 where id = ${acc.rows[0]!.id}`.execute(t.db);
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([
      expect.stringContaining(`tenant ${a.id} available CNY): balance 301, entries sum to 300`),
    ]);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${acc.rows[0]!.id}`.execute(t.db);
  });
});
