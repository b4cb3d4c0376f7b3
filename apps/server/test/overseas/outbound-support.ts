import type { UserRow } from '../../src/db/types.js';
import { postMovement } from '../../src/inventory/inventory.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { type Session, signIn, type TestContext } from '../harness.js';

/**
 * Outbound tests' own fixtures (helpers E and F build the warehouse and SKU screens at the same
 * time): warehouses and SKUs are inserted as rows, stock is received through `postMovement`.
 */

/** A warehouse with fees: handling 300, unit 50 per unit, delivery 800, storage 1000 per m³ and day (fen). */
export async function warehouse(t: TestContext, over: { active?: boolean; carriers?: string[] } = {}) {
  const code = `G${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const row = await t.db
    .insertInto('overseas_warehouses')
    .values({
      code,
      name: `测试仓${code}`,
      country: 'DE',
      address: { city: 'Berlin' },
      carriers: over.carriers ?? ['DHL', 'Other'],
      active: over.active ?? true,
      handling_fee_minor: 300,
      unit_fee_minor: 50,
      delivery_fee_minor: 800,
      storage_fee_cbm_day_minor: 1000,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  return { id: row.id, code: row.code };
}

/** A SKU of the tenant (100×100×100 mm: 0.001 m³ a unit unless `size` says otherwise). */
export async function sku(t: TestContext, tenant: UserRow, code: string, size: number | null = 100) {
  const row = await t.db
    .insertInto('stock_products')
    .values({
      tenant_id: tenant.id,
      sku: code,
      title: `商品${code}`,
      created_by: tenant.id,
      length_mm: size,
      width_mm: size,
      height_mm: size,
      declared_value_minor: 1000,
      reorder_point: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Receives `quantity` units of a SKU at a warehouse (op 'in', reason 'receipt'). */
export function receive(t: TestContext, tenantId: number, stockId: number, warehouseId: number, quantity: number) {
  return t.db.transaction().execute((trx) =>
    postMovement(trx, {
      tenantId,
      stockId,
      at: { kind: 'overseas', warehouseId },
      op: 'in',
      quantity,
      reason: 'receipt',
      by: tenantId,
    }),
  );
}

/** On hand and reserved of a SKU at a warehouse. */
export async function balance(t: TestContext, tenantId: number, stockId: number, warehouseId: number) {
  const b = await t.db
    .selectFrom('stock_balances as b')
    .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
    .select(['b.on_hand', 'b.reserved'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.stock_id', '=', stockId)
    .where('l.warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return { on_hand: b?.on_hand ?? 0, reserved: b?.reserved ?? 0 };
}

/** A tenant and sign-ins of its accounts by role (0: the tenant itself), each kept. */
export async function tenantWorld(t: TestContext) {
  const tenant = await buildTenant(t.db);
  const sessions = new Map<number, Session>();
  const as = async (auth: 0 | 1 | 2 | 3 | 6) => {
    const s = sessions.get(auth);
    if (s) return s;
    const u = auth === 0 ? tenant : await buildUser(t.db, tenant, { auth });
    const signed = await signIn(t.app, u.account, TEST_PASSWORD);
    sessions.set(auth, signed);
    return signed;
  };
  return { tenant, as };
}

/** A recipient body. */
export const recipient = {
  name: 'Max Mustermann',
  phone: '+4930123456',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
};
