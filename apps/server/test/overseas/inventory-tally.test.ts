// 库存列表's total from balance tallies (issue 30 §4, migration 20261210_200000, docs/overseas.md
// "Inventory screens"): concurrent receipts creating first balances at the same places keep the
// tally exact (no deadlock, a rolled-back receipt counts nothing), a deleted SKU's balances leave
// it, the list folds the rows without losing any (also while writers append), the total a tenant
// sees is its own, and a balance never changes its place.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { CHINA, type LocationRef, postMovement } from '../../src/inventory/inventory.service.js';
import {
  foldTallies,
  tallyMismatches,
  tallyRows,
} from '../../src/modules/overseas/overseas-inventory-tallies.repository.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { insertSkus, insertWarehouse } from './inbound-support.js';

const t = useTestApp({ workers: false });
const LIST = '/PDD/overseas/inventory/list';

let operator: Session;
let whA: number;
let whB: number;

/** Units in at places for a tenant's SKUs, in SKU order, in one transaction (optionally rolled back). */
async function receive(tenant: UserRow, stockIds: number[], at: LocationRef[], rollBack = false) {
  await t.db
    .transaction()
    .execute(async (trx) => {
      for (const stockId of [...stockIds].sort((a, b) => a - b))
        for (const place of at)
          await postMovement(trx, {
            tenantId: tenant.id,
            stockId,
            at: place,
            op: 'in',
            quantity: 3,
            reason: '',
            by: null,
          });
      if (rollBack) throw new Error('roll back');
    })
    .catch((err: Error) => {
      if (!rollBack || err.message !== 'roll back') throw err;
    });
}

const balances = async (tenantId: number, warehouseId?: number) => {
  let q = t.db
    .selectFrom('stock_balances as b')
    .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('b.tenant_id', '=', tenantId);
  if (warehouseId !== undefined) q = q.where('l.warehouse_id', '=', warehouseId);
  return (await q.executeTakeFirstOrThrow()).n;
};

const total = async (who: Session, body: object = {}) => {
  const r = await call(t.app, who, 'POST', LIST, { page: 1, pageSize: 20, ...body });
  expect(r.status, r.msg).toBe(200);
  return r.data.total as number;
};

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  whA = await insertWarehouse(t, '计数甲仓');
  whB = await insertWarehouse(t, '计数乙仓');
});

describe('库存列表 total from balance tallies', () => {
  it('stays exact under concurrent first receipts at the same places; a rollback counts nothing', async () => {
    const tenant = await buildTenant(t.db);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const skus = await insertSkus(t, tenant, 12, `TL${tenant.id}`);
    const A: LocationRef = { kind: 'overseas', warehouseId: whA };
    // 8 writers, overlapping SKU ranges at the same two places, plus 2 that roll back new balances.
    const writers = Array.from({ length: 8 }, (_, i) => receive(tenant, skus.slice(i, i + 5), [CHINA, A]));
    const extra = await insertSkus(t, tenant, 2, `TR${tenant.id}`);
    writers.push(receive(tenant, extra, [CHINA, A], true), receive(tenant, [extra[1]!], [A], true));
    await Promise.all(writers);
    expect(await balances(tenant.id)).toBe(24);
    expect(await tallyMismatches(t.db, tenant.id)).toEqual([]);
    expect(await total(admin)).toBe(24);
    expect(await total(admin, { location_kind: 'overseas', warehouse_id: whA })).toBe(12);
    expect(await total(admin, { location_kind: 'china' })).toBe(12);
    expect(await total(admin, { location_kind: 'overseas' })).toBe(12);

    // Deleting a SKU (its balances go by cascade) takes them out of the tally.
    await t.db.deleteFrom('stock_products').where('id', '=', skus[11]!).execute();
    expect(await tallyMismatches(t.db, tenant.id)).toEqual([]);
    expect(await total(admin)).toBe(22);
  });

  it('folds the rows without losing any, also while writers append', async () => {
    const tenant = await buildTenant(t.db);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const skus = await insertSkus(t, tenant, 60, `TF${tenant.id}`);
    const B: LocationRef = { kind: 'overseas', warehouseId: whB };
    // One transaction per SKU: one tally row each (40 rows for one place).
    for (const id of skus.slice(0, 40)) await receive(tenant, [id], [B]);
    expect(await tallyRows(t.db, tenant.id)).toBe(40);
    // The list sums them exactly, then folds them (more than FOLD_AFTER rows beyond one per place).
    expect(await total(admin)).toBe(40);
    expect(await tallyRows(t.db, tenant.id)).toBe(1);
    expect(await total(admin)).toBe(40);

    // Folds racing writers (and each other): every delta is summed exactly once.
    const jobs: Promise<unknown>[] = [];
    for (const [i, id] of skus.slice(40).entries()) {
      jobs.push(receive(tenant, [id], [B, CHINA]));
      if (i % 4 === 0) jobs.push(foldTallies(t.db, tenant.id), total(admin));
    }
    await Promise.all(jobs);
    expect(await tallyMismatches(t.db, tenant.id)).toEqual([]);
    expect(await total(admin)).toBe(80);
    await foldTallies(t.db, tenant.id);
    expect(await tallyRows(t.db, tenant.id)).toBe(2);
    expect(await total(admin, { location_kind: 'overseas', warehouse_id: whB })).toBe(60);
  });

  it("never counts another tenant's balances, at a shared warehouse too", async () => {
    const [a, b] = [await buildTenant(t.db), await buildTenant(t.db)];
    const A: LocationRef = { kind: 'overseas', warehouseId: whA };
    await receive(a, await insertSkus(t, a, 3, `TA${a.id}`), [A, CHINA]);
    await receive(b, await insertSkus(t, b, 5, `TB${b.id}`), [A]);
    const [sa, sb] = [await signIn(t.app, a.account, TEST_PASSWORD), await signIn(t.app, b.account, TEST_PASSWORD)];
    expect(await total(sa)).toBe(6);
    expect(await total(sa, { location_kind: 'overseas', warehouse_id: whA })).toBe(3);
    // A tenant's tenant_id is ignored: it always reads its own.
    expect(await total(sb, { tenant_id: a.id })).toBe(5);
    expect(await total(sb, { location_kind: 'overseas', warehouse_id: whA })).toBe(5);
    // The operator reads the tenant it picks, or every tenant's.
    expect(await total(operator, { tenant_id: a.id })).toBe(6);
    expect(await total(operator, { tenant_id: b.id, location_kind: 'overseas', warehouse_id: whA })).toBe(5);
    const all = (await t.db.selectFrom('stock_balances').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst())!
      .n;
    expect(await total(operator)).toBe(all);
  });

  it('refuses to move a balance to another place or tenant (the tally would go wrong)', async () => {
    const tenant = await buildTenant(t.db);
    const [id] = await insertSkus(t, tenant, 1, `TK${tenant.id}`);
    await receive(tenant, [id!], [CHINA]);
    const other = await t.db
      .selectFrom('stock_locations')
      .select('id')
      .where('tenant_id', '<>', tenant.id)
      .executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('stock_balances').set({ location_id: other.id }).where('stock_id', '=', id!).execute(),
    ).rejects.toThrow(/never change/);
    await expect(
      t.db.updateTable('stock_balances').set({ tenant_id: 1 }).where('stock_id', '=', id!).execute(),
    ).rejects.toThrow(/never change/);
    expect(await tallyMismatches(t.db, tenant.id)).toEqual([]);
  });
});
