import { type Kysely, sql } from 'kysely';
import type { DB } from '../apps/server/src/db/types.js';

/**
 * Benchmark data of `bench/warehouse.ts` (benchmark-only code, outside the server's src): `skus` SKUs of a tenant at
 * four locations (China, two overseas warehouses, FBA US), `perPair` movements each, written by
 * `generate_series` in one statement per table. Movement g of a SKU and location is `in` 5
 * (receipt) unless g is a multiple of 3, then `out` 3 (pick), so on hand after it is
 * 5·(g − ⌊g/3⌋) − 3·⌊g/3⌋ (never negative); balances and the China mirror equal the last
 * movement's figure, so `inventoryMismatches` finds nothing. Ids ascend with time.
 */
export async function seedBenchMovements(
  db: Kysely<DB>,
  o: { tenantId: number; skus: number; perPair: number; warehouseIds: [number, number] },
) {
  const { tenantId, skus, perPair } = o;
  const [w1, w2] = o.warehouseIds;
  await sql`
    insert into stock_products (tenant_id, sku, title, created_by, reorder_point)
    select ${tenantId}, 'BENCH-' || lpad(n::text, 6, '0'), '压测商品' || n, ${tenantId}, (n % 7) * 50
      from generate_series(1, ${skus}) n`.execute(db);
  await sql`
    insert into stock_locations (tenant_id, kind, warehouse_id, marketplace_id) values
      (${tenantId}, 'china', null, null), (${tenantId}, 'overseas', ${w1}, null),
      (${tenantId}, 'overseas', ${w2}, null), (${tenantId}, 'fba', null, 'ATVPDKIKX0DER')
    on conflict do nothing`.execute(db);
  const pairs = sql`
    select p.id as stock_id, l.id as location_id, row_number() over (order by p.id, l.id) as pair
      from stock_products p cross join stock_locations l
     where p.tenant_id = ${tenantId} and l.tenant_id = ${tenantId} and p.sku like 'BENCH-%'`;
  await sql`
    insert into stock_movements (tenant_id, stock_id, location_id, kind, quantity, balance_after, reserved_after,
                                 reason, note, created_by, created_at)
    select ${tenantId}, x.stock_id, x.location_id,
           case when g % 3 = 0 then 'out' else 'in' end,
           case when g % 3 = 0 then 3 else 5 end,
           5 * (g - g / 3) - 3 * (g / 3), 0,
           case when g % 3 = 0 then 'pick' else 'receipt' end,
           '', ${tenantId},
           now() - (${perPair} - g) * interval '1 hour' - (x.pair % 3600) * interval '1 second'
      from (${pairs}) x cross join generate_series(1, ${perPair}) g
     order by g, x.pair`.execute(db);
  const last = sql.lit(5 * (perPair - Math.floor(perPair / 3)) - 3 * Math.floor(perPair / 3));
  await sql`
    insert into stock_balances (location_id, stock_id, tenant_id, on_hand)
    select x.location_id, x.stock_id, ${tenantId}, ${last} from (${pairs}) x`.execute(db);
  await sql`
    update stock_products set quantity = ${last}
     where tenant_id = ${tenantId} and sku like 'BENCH-%'`.execute(db);
  await sql`vacuum analyze stock_movements`.execute(db);
  await sql`vacuum analyze stock_balances`.execute(db);
  await sql`vacuum analyze stock_products`.execute(db);
}

/** SKUs with little stock at a warehouse for the reservation race (`count` SKUs, `units` each, via the caller). */
export async function insertRaceSkus(db: Kysely<DB>, tenantId: number, count: number) {
  const r = await sql<{ id: number }>`
    insert into stock_products (tenant_id, sku, title, created_by)
    select ${tenantId}, 'RACE-' || n || '-' || floor(random() * 1e9)::bigint, '抢购商品' || n, ${tenantId}
      from generate_series(1, ${count}) n
    returning id`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** Balances that break the rules (none: the table's checks keep them out; printed as proof). */
export async function negativeBalances(db: Kysely<DB>) {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from stock_balances where on_hand < 0 or reserved < 0 or reserved > on_hand`.execute(db);
  return r.rows[0]!.n;
}
