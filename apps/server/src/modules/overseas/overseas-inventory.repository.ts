import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { locationName, type TenantScope } from './overseas-inventory-pages.repository.js';

type Db = Kysely<DB>;

/** The SKUs of that exact SKU text: the tenant's one, or every tenant's (at most 100) for the operator. */
export async function skuIdsOf(db: Db, tenantId: TenantScope, sku: string) {
  let q = db.selectFrom('stock_products').select('id').where('sku', '=', sku);
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
  const rows = await q.orderBy('id').limit(100).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * A document number: an inbound (IB…), a count (PD…) or an Amazon order, of the tenant (or of
 * every tenant for the operator: numbers repeat across tenants, so at most 100 ids).
 */
export async function documentOf(
  db: Db,
  tenantId: TenantScope,
  no: string,
): Promise<{ type: 'inbound' | 'count' | 'order'; ids: number[] } | undefined> {
  const t = tenantId === null ? sql<boolean>`true` : sql<boolean>`tenant_id = ${tenantId}`;
  const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
  const ib = ids(
    await db.selectFrom('overseas_inbounds').select('id').where('number', '=', no).where(t).limit(100).execute(),
  );
  if (ib.length) return { type: 'inbound', ids: ib };
  const pd = ids(
    await db.selectFrom('stock_counts').select('id').where('number', '=', no).where(t).limit(100).execute(),
  );
  if (pd.length) return { type: 'count', ids: pd };
  const o = ids(
    await db.selectFrom('orders').select('id').where('amazon_order_id', '=', no).where(t).limit(100).execute(),
  );
  return o.length ? { type: 'order', ids: o } : undefined;
}

/** The tenant's locations (the flow's filter). */
export function tenantLocations(db: Db, tenantId: number) {
  return db
    .selectFrom('stock_locations as l')
    .leftJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .select(['l.id', 'l.kind', 'l.warehouse_id', locationName.as('name')])
    .where('l.tenant_id', '=', tenantId)
    .orderBy('l.id')
    .execute();
}
