import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { FbaStockItemsTable } from './fba-stock.tables.js';

type Db = Kysely<DB>;

/** Shops whose FBA stock is synced: authorized, with a seller id (all tenants, or one tenant's given shops). */
export function syncableShops(db: Db, only?: { tenantId: number; shopIds?: number[] | undefined }) {
  let q = db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'marketplaces', 'authorized_at', 'created_at'])
    .where('auth_status', '=', 'authorized')
    .where('seller_id', 'is not', null);
  if (only) q = q.where('tenant_id', '=', only.tenantId);
  if (only?.shopIds) q = q.where('id', 'in', only.shopIds.length ? only.shopIds : [0]);
  return q.orderBy('id').execute();
}

/** When each shop x marketplace last finished a sync (the scheduler picks the due ones). */
export function lastSyncTimes(db: Db) {
  return db.selectFrom('fba_stock_syncs').select(['shop_id', 'marketplace_id', 'last_synced_at']).execute();
}

/** Every known sync state (shop x marketplace) with when it last finished. */
export function syncStates(db: Db, tenantId?: number) {
  let q = db
    .selectFrom('fba_stock_syncs as s')
    .leftJoin('fba_stock_runs as r', 'r.id', 's.last_run_id')
    .select([
      's.shop_id',
      's.marketplace_id',
      's.tenant_id',
      's.last_synced_at',
      's.last_error',
      's.lease_until',
      'r.skus',
      'r.movements',
      'r.units_in',
      'r.units_out',
    ]);
  if (tenantId !== undefined) q = q.where('s.tenant_id', '=', tenantId);
  return q.orderBy('s.shop_id').orderBy('s.marketplace_id').execute();
}

/** Takes a shop x marketplace's lease for `leaseMs`: false while another run holds it. */
export async function takeStockLease(db: Db, tenantId: number, shopId: number, marketplaceId: string, leaseMs: number) {
  const r = await sql<{ shop_id: number }>`
    insert into fba_stock_syncs (shop_id, marketplace_id, tenant_id, lease_until)
    values (${shopId}, ${marketplaceId}, ${tenantId}, now() + ${`${leaseMs} milliseconds`}::interval)
    on conflict (shop_id, marketplace_id, tenant_id) do update set lease_until = excluded.lease_until
    where fba_stock_syncs.tenant_id = ${tenantId}
      and (fba_stock_syncs.lease_until is null or fba_stock_syncs.lease_until < now())
    returning shop_id`.execute(db);
  return r.rows.length > 0;
}

/** Ends a run's hold: the lease freed, the run and (when it finished) the time recorded. */
export async function releaseStockLease(
  db: Db,
  tenantId: number,
  shopId: number,
  marketplaceId: string,
  r: { runId: number; error: string },
) {
  await db
    .updateTable('fba_stock_syncs')
    .set({
      lease_until: null,
      last_run_id: r.runId,
      last_error: r.error,
      ...(r.error ? {} : { last_synced_at: new Date() }),
    })
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace_id', '=', marketplaceId)
    .execute();
}

export async function insertRun(
  db: Db,
  row: { tenant_id: number; shop_id: number; marketplace_id: string; job_id: string | null },
) {
  const r = await db.insertInto('fba_stock_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function finishRun(
  db: Db,
  id: number,
  r: {
    status: 'done' | 'failed';
    skus: number;
    movements: number;
    units_in: number;
    units_out: number;
    created_skus: number;
    error: string;
  },
) {
  await db
    .updateTable('fba_stock_runs')
    .set({ ...r, finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * The SKU each MSKU is linked to: the link stored by an earlier sync of the shop, else an item
 * of the tenant's own first-leg shipment to the marketplace with that MSKU, else the SKU master
 * row whose SKU is the MSKU.
 */
export async function linkedStockIds(
  db: Db,
  tenantId: number,
  shopId: number,
  marketplaceId: string,
  mskus: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (mskus.length === 0) return out;
  const stored = await db
    .selectFrom('fba_stock_items')
    .select(['msku', 'stock_id'])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace_id', '=', marketplaceId)
    .where('msku', 'in', mskus)
    .execute();
  for (const r of stored) out.set(r.msku, Number(r.stock_id));
  const rest = mskus.filter((m) => !out.has(m));
  if (rest.length === 0) return out;
  const shipped = await db
    .selectFrom('fba_shipment_items as i')
    .innerJoin('fba_shipments as s', 's.id', 'i.shipment_id')
    .select(['i.msku', 'i.stock_id'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.marketplace_id', '=', marketplaceId)
    .where('i.msku', 'in', rest)
    .orderBy('i.id', 'desc')
    .execute();
  for (const r of shipped) if (!out.has(r.msku)) out.set(r.msku, Number(r.stock_id));
  const left = rest.filter((m) => !out.has(m));
  if (left.length === 0) return out;
  const bySku = await db
    .selectFrom('stock_products')
    .select(['sku', 'id'])
    .where('tenant_id', '=', tenantId)
    .where('sku', 'in', left)
    .execute();
  for (const r of bySku) out.set(r.sku, Number(r.id));
  return out;
}

/** A SKU master row for an MSKU Amazon holds and the tenant does not know (made by the system). */
export async function createStockProduct(db: Db, tenantId: number, sku: string, title: string): Promise<number> {
  await sql`
    insert into stock_products (tenant_id, sku, title, created_by)
    values (${tenantId}, ${sku}, ${title}, null)
    on conflict (tenant_id, sku) do nothing`.execute(db);
  const r = await db
    .selectFrom('stock_products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Stores Amazon's breakdown of one MSKU of the shop x marketplace. */
export async function upsertStockItem(db: Db, row: Omit<FbaStockItemsTable, 'synced_at'>) {
  const { shop_id, marketplace_id, msku, tenant_id, ...rest } = row;
  await db
    .insertInto('fba_stock_items')
    .values({ ...row, synced_at: new Date() })
    .onConflict((oc) =>
      oc
        .columns(['shop_id', 'marketplace_id', 'msku', 'tenant_id'])
        .doUpdateSet({ ...rest, synced_at: new Date() })
        .where('fba_stock_items.tenant_id', '=', tenant_id),
    )
    .execute();
}

/** The shop x marketplace's stored MSKUs a full read did not see again (Amazon no longer holds them). */
export function unseenItems(db: Db, tenantId: number, shopId: number, marketplaceId: string, runId: number) {
  return db
    .selectFrom('fba_stock_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace_id', '=', marketplaceId)
    .where('run_id', '<>', runId)
    .execute();
}

/**
 * Locks the SKU's FBA credit row in a marketplace (made at 0 on first use) and answers its
 * units: the sync and receipts of own shipments take this lock before they touch the balance.
 */
export async function lockCredit(db: Db, tenantId: number, marketplaceId: string, stockId: number): Promise<number> {
  const r = await sql<{ units: number }>`
    insert into fba_stock_credits as c (tenant_id, marketplace_id, stock_id)
    values (${tenantId}, ${marketplaceId}, ${stockId})
    on conflict (tenant_id, marketplace_id, stock_id) do update set units = c.units
    returning units`.execute(db);
  return r.rows[0]!.units;
}

export async function setCredit(db: Db, tenantId: number, marketplaceId: string, stockId: number, units: number) {
  await db
    .updateTable('fba_stock_credits')
    .set({ units })
    .where('tenant_id', '=', tenantId)
    .where('marketplace_id', '=', marketplaceId)
    .where('stock_id', '=', stockId)
    .execute();
}

/** Amazon's on hand of a SKU in a marketplace over all the tenant's shops (their last breakdowns). */
export async function amazonOnHand(db: Db, tenantId: number, marketplaceId: string, stockId: number) {
  const r = await db
    .selectFrom('fba_stock_items')
    .select(sql<number>`coalesce(sum(on_hand), 0)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('marketplace_id', '=', marketplaceId)
    .where('stock_id', '=', stockId)
    .executeTakeFirstOrThrow();
  return r.n;
}

/** Units of the tenant's own shipments to the marketplace sent but not yet posted as received. */
export async function pendingReceipts(db: Db, tenantId: number, marketplaceId: string, stockId: number) {
  const r = await db
    .selectFrom('fba_shipment_items as i')
    .innerJoin('fba_shipments as s', 's.id', 'i.shipment_id')
    .select(sql<number>`coalesce(sum(greatest(i.quantity - i.quantity_received, 0)), 0)::int`.as('n'))
    .where('s.tenant_id', '=', tenantId)
    .where('s.marketplace_id', '=', marketplaceId)
    .where('s.status', 'in', ['shipped', 'receiving'])
    .where('i.stock_id', '=', stockId)
    .executeTakeFirstOrThrow();
  return r.n;
}

/** Whether a receipt was posted for the SKU at the location since `since`. */
export async function receiptSince(trx: Db, tenantId: number, loc: number, stockId: number, since: Date) {
  const r = await trx
    .selectFrom('stock_movements')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('location_id', '=', loc)
    .where('stock_id', '=', stockId)
    .where('reason', '=', 'receipt')
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** Amazon's breakdowns of the tenant's SKUs (for 库存列表), optionally narrowed to SKUs. */
export function stockItemsOf(db: Db, tenantId: number, stockIds?: number[]) {
  let q = db
    .selectFrom('fba_stock_items as i')
    .innerJoin('shops as s', 's.id', 'i.shop_id')
    .select([
      'i.shop_id',
      's.name as shop_name',
      'i.marketplace_id',
      'i.msku',
      'i.stock_id',
      'i.fnsku',
      'i.asin',
      'i.fulfillable',
      'i.inbound_working',
      'i.inbound_shipped',
      'i.inbound_receiving',
      'i.reserved',
      'i.unfulfillable',
      'i.researching',
      'i.on_hand',
      'i.synced_at',
    ])
    .where('i.tenant_id', '=', tenantId);
  if (stockIds) q = q.where('i.stock_id', 'in', stockIds.length ? stockIds : [0]);
  return q.orderBy('i.stock_id').orderBy('i.marketplace_id').orderBy('i.shop_id').limit(1000).execute();
}

/** The seller id of a sandbox shop (the test hook sets the sandbox Amazon's stock of it). */
export async function sandboxSellerOf(db: Db, shopId: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('shops')
    .select('seller_id')
    .where('id', '=', shopId)
    .where('sandbox', '=', true)
    .executeTakeFirst();
  return r?.seller_id ?? undefined;
}
