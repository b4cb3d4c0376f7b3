import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';

/** A balance the ledger does not explain. */
export interface InventoryMismatch {
  location_id: number;
  stock_id: number;
  on_hand: number;
  reserved: number;
  ledger_on_hand: number;
  last_on_hand: number | null;
  last_reserved: number | null;
}

/**
 * Every balance compared with its movements (docs/inventory.md "Checks"): on hand equals the
 * units in minus the units out, and the last movement's balances after equal the balance; the
 * China balance equals its mirror on the SKU master, and its copy of the SKU's reorder point (the
 * low-stock index's) the SKU's. Answers the mismatches (none when sound).
 * A whole-table read: for tests, benchmarks and the operator, not for requests.
 */
export async function inventoryMismatches(db: Kysely<DB>, tenantId?: number): Promise<InventoryMismatch[]> {
  const only = tenantId === undefined ? sql`true` : sql`b.tenant_id = ${tenantId}`;
  const r = await sql<InventoryMismatch>`
    with sums as (
      select location_id, stock_id,
             sum(case kind when 'in' then quantity when 'out' then -quantity else 0 end)::int as ledger_on_hand,
             max(id) as last_id
        from stock_movements group by location_id, stock_id
    )
    select b.location_id::int as location_id, b.stock_id::int as stock_id, b.on_hand, b.reserved,
           coalesce(s.ledger_on_hand, 0) as ledger_on_hand,
           m.balance_after as last_on_hand, m.reserved_after as last_reserved
      from stock_balances b
      left join sums s on s.location_id = b.location_id and s.stock_id = b.stock_id
      left join stock_movements m on m.id = s.last_id
      left join stock_locations l on l.id = b.location_id
      left join stock_products p on p.id = b.stock_id
     where ${only}
       and (coalesce(s.ledger_on_hand, 0) <> b.on_hand
            or coalesce(m.balance_after, 0) <> b.on_hand
            or coalesce(m.reserved_after, 0) <> b.reserved
            or (l.kind = 'china' and p.quantity <> b.on_hand)
            or b.reorder_point <> p.reorder_point)`.execute(db);
  return r.rows;
}
