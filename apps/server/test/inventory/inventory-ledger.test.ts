// The one inventory ledger (issue 30 §1, docs/inventory.md): every change of stock is a movement
// with its balances after; concurrent picks of the last units take exactly what is there; a
// transaction that fails halfway leaves neither balance nor movement.
import { describe, expect, it } from 'vitest';
import { CHINA, type LocationRef, postMovement } from '../../src/inventory/inventory.service.js';
import { inventoryMismatches } from '../../src/inventory/inventory-check.repository.js';
import { AppError } from '../../src/lib/app-error.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';

const t = useTestApp();

async function world() {
  const tenant = await buildTenant(t.db);
  const wh = await t.db
    .insertInto('overseas_warehouses')
    .values({ code: `T${tenant.id}`, name: '测试仓', country: 'DE', address: {}, carriers: [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await t.db
    .insertInto('stock_products')
    .values({ tenant_id: tenant.id, sku: `SKU-${tenant.id}`, title: '收纳盒', created_by: tenant.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const overseas: LocationRef = { kind: 'overseas', warehouseId: wh.id };
  const post = (
    m: Omit<Parameters<typeof postMovement>[1], 'tenantId' | 'stockId' | 'reason' | 'by'> & { reason?: '' },
  ) =>
    t.db
      .transaction()
      .execute((trx) =>
        postMovement(trx, { tenantId: tenant.id, stockId: Number(sku.id), reason: '', by: tenant.id, ...m }),
      );
  return { tenant, stockId: Number(sku.id), overseas, post };
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('inventory ledger', () => {
  it('receives, reserves, picks and releases per location with the balances after each movement', async () => {
    const w = await world();
    expect((await w.post({ at: w.overseas, op: 'in', quantity: 10 })).on_hand).toBe(10);
    expect(await w.post({ at: w.overseas, op: 'reserve', quantity: 4 })).toMatchObject({ reserved: 4, available: 6 });
    // Only the available units may leave or be reserved.
    const short = await refusal(w.post({ at: w.overseas, op: 'out', quantity: 7 }));
    expect([short.status, short.message]).toEqual([409, `库存不足:SKU SKU-${w.tenant.id} 可用 6 件,需要 7 件`]);
    expect((await refusal(w.post({ at: w.overseas, op: 'reserve', quantity: 7 }))).status).toBe(409);
    expect(await w.post({ at: w.overseas, op: 'pick', quantity: 3 })).toMatchObject({ on_hand: 7, reserved: 1 });
    expect((await refusal(w.post({ at: w.overseas, op: 'release', quantity: 2 }))).message).toContain('只预留了 1 件');
    expect(await w.post({ at: w.overseas, op: 'release', quantity: 1 })).toMatchObject({ on_hand: 7, reserved: 0 });
    // China is another location: its balance starts at zero and mirrors onto the SKU master.
    expect((await refusal(w.post({ at: CHINA, op: 'out', quantity: 1 }))).status).toBe(409);
    await w.post({ at: CHINA, op: 'in', quantity: 2 });
    const master = await t.db
      .selectFrom('stock_products')
      .select('quantity')
      .where('id', '=', w.stockId)
      .executeTakeFirstOrThrow();
    expect(master.quantity).toBe(2);
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity', 'balance_after', 'reserved_after'])
      .where('stock_id', '=', w.stockId)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => `${m.kind} ${m.quantity} ${m.balance_after}/${m.reserved_after}`)).toEqual([
      'in 10 10/0',
      'reserve 4 10/4',
      'out 3 7/1',
      'release 1 7/0',
      'in 2 2/0',
    ]);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
    // Another tenant's SKU is not found; a bad quantity is refused before anything is written.
    const other = await buildTenant(t.db);
    const foreign = await refusal(
      t.db.transaction().execute((trx) =>
        postMovement(trx, {
          tenantId: other.id,
          stockId: w.stockId,
          at: CHINA,
          op: 'in',
          quantity: 1,
          reason: '',
          by: null,
        }),
      ),
    );
    expect(foreign.status).toBe(404);
    expect((await refusal(w.post({ at: w.overseas, op: 'in', quantity: 0 }))).status).toBe(409);
    expect((await refusal(w.post({ at: w.overseas, op: 'in', quantity: 1.5 }))).status).toBe(409);
  });

  it('40 concurrent reservations and picks on 10 units: exactly 10 succeed, none goes negative, the ledger explains the balance', async () => {
    const w = await world();
    await w.post({ at: w.overseas, op: 'in', quantity: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        t.db.transaction().execute(async (trx) => {
          const m = {
            tenantId: w.tenant.id,
            stockId: w.stockId,
            at: w.overseas,
            quantity: 1,
            reason: '' as const,
            by: null,
          };
          await postMovement(trx, { ...m, op: 'reserve' });
          // Half ship at once, half stay reserved.
          if (i % 2 === 0) await postMovement(trx, { ...m, op: 'pick', reason: '' });
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as AppError).message).toMatch(/^库存不足:SKU .* 可用 0 件,需要 1 件$/);
    const b = await t.db
      .selectFrom('stock_balances')
      .select(['on_hand', 'reserved'])
      .where('stock_id', '=', w.stockId)
      .executeTakeFirstOrThrow();
    const picked = 10 - b.on_hand;
    expect(b.reserved + picked).toBe(10);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });

  it('a transaction that fails after its movement leaves neither the movement nor the balance change', async () => {
    const w = await world();
    await w.post({ at: w.overseas, op: 'in', quantity: 5 });
    const boom = t.db.transaction().execute(async (trx) => {
      await postMovement(trx, {
        tenantId: w.tenant.id,
        stockId: w.stockId,
        at: w.overseas,
        op: 'out',
        quantity: 5,
        reason: '',
        by: null,
      });
      throw new Error('crash after the movement');
    });
    await expect(boom).rejects.toThrow('crash after the movement');
    const moves = await t.db.selectFrom('stock_movements').select('id').where('stock_id', '=', w.stockId).execute();
    expect(moves).toHaveLength(1);
    const b = await t.db
      .selectFrom('stock_balances')
      .select('on_hand')
      .where('stock_id', '=', w.stockId)
      .executeTakeFirstOrThrow();
    expect(b.on_hand).toBe(5);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });
});
