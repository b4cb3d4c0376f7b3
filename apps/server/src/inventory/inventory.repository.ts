import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import type { StockMovementReason } from '../modules/order/order-stock.tables.js';
import type { LocationKind, StockDocType } from './inventory.tables.js';

type Db = Kysely<DB>;

/** A place of a tenant's stock, as callers name it. */
export type LocationRef =
  | { kind: 'china' }
  | { kind: 'overseas'; warehouseId: number }
  | { kind: 'fba'; marketplaceId: string };

/** The id of a tenant's location, made on first use (concurrent first uses agree on one row). */
export async function locationId(db: Db, tenantId: number, at: LocationRef): Promise<number> {
  const warehouseId = at.kind === 'overseas' ? at.warehouseId : null;
  const marketplaceId = at.kind === 'fba' ? at.marketplaceId : null;
  const found = () =>
    db
      .selectFrom('stock_locations')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', at.kind)
      .where(sql<boolean>`coalesce(warehouse_id, 0) = ${warehouseId ?? 0}`)
      .where(sql<boolean>`coalesce(marketplace_id, '') = ${marketplaceId ?? ''}`)
      .executeTakeFirst();
  const row = await found();
  if (row) return Number(row.id);
  await sql`
    insert into stock_locations (tenant_id, kind, warehouse_id, marketplace_id)
    values (${tenantId}, ${at.kind}, ${warehouseId}, ${marketplaceId})
    on conflict do nothing`.execute(db);
  return Number((await found())!.id);
}

/** What a balance change does: on hand and reserved deltas, with the condition that keeps them sound. */
export interface BalanceChange {
  onHand: number;
  reserved: number;
}

/**
 * Changes one balance in one statement that refuses to break its rules (on hand and reserved
 * never negative, reserved never above on hand): under concurrent changes PostgreSQL re-reads
 * the row after each lock wait, so exactly as many picks succeed as there are units. Answers
 * the balances after, or undefined when the change is refused.
 */
export async function changeBalance(
  db: Db,
  tenantId: number,
  locationId: number,
  stockId: number,
  d: BalanceChange,
): Promise<{ on_hand: number; reserved: number } | undefined> {
  if (d.onHand > 0 && d.reserved === 0) {
    // A receipt may be the first of its SKU at the location.
    const r = await sql<{ on_hand: number; reserved: number }>`
      insert into stock_balances as b (location_id, stock_id, tenant_id, on_hand)
      values (${locationId}, ${stockId}, ${tenantId}, ${d.onHand})
      on conflict (location_id, stock_id, tenant_id) do update
        set on_hand = b.on_hand + ${d.onHand}, updated_at = now()
      returning on_hand, reserved`.execute(db);
    return r.rows[0];
  }
  const r = await sql<{ on_hand: number; reserved: number }>`
    update stock_balances
       set on_hand = on_hand + ${d.onHand}, reserved = reserved + ${d.reserved}, updated_at = now()
     where location_id = ${locationId} and stock_id = ${stockId} and tenant_id = ${tenantId}
       and on_hand + ${d.onHand} >= 0
       and reserved + ${d.reserved} >= 0
       and reserved + ${d.reserved} <= on_hand + ${d.onHand}
    returning on_hand, reserved`.execute(db);
  return r.rows[0];
}

/** The China balance's mirror on the SKU master (the stock-up screens read it). */
export async function mirrorChina(db: Db, tenantId: number, stockId: number, onHand: number) {
  await db
    .updateTable('stock_products')
    .set({ quantity: onHand, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', stockId)
    .execute();
}

/** A balance as it stands (zero when the SKU never was at the location). */
export async function readBalance(db: Db, tenantId: number, locationId: number, stockId: number) {
  const row = await db
    .selectFrom('stock_balances')
    .select(['on_hand', 'reserved'])
    .where('tenant_id', '=', tenantId)
    .where('location_id', '=', locationId)
    .where('stock_id', '=', stockId)
    .executeTakeFirst();
  return row ?? { on_hand: 0, reserved: 0 };
}

/** The SKU of a tenant's stock product (another tenant's id finds nothing). */
export function findSku(db: Db, tenantId: number, stockId: number) {
  return db
    .selectFrom('stock_products')
    .select(['id', 'sku', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', stockId)
    .executeTakeFirst();
}

/** Writes one movement of the ledger. */
export async function insertMovement(
  db: Db,
  row: {
    tenant_id: number;
    stock_id: number;
    location_id: number;
    kind: 'in' | 'out' | 'reserve' | 'release';
    quantity: number;
    balance_after: number;
    reserved_after: number;
    reason: StockMovementReason;
    doc_type: StockDocType;
    doc_id: number | null;
    order_id: number | null;
    item_id: number | null;
    note: string;
    created_by: number | null;
  },
) {
  const r = await db.insertInto('stock_movements').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** The location kinds in display order. */
export const LOCATION_KINDS: readonly LocationKind[] = ['china', 'overseas', 'fba'];
