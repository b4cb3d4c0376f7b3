// What checks read of watched ASINs: offer snapshots (history) and alerts.
import type { Kysely } from 'kysely';
import { pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { AlertKind, MonitorOffer } from './monitor.tables.js';

type Db = Kysely<DB>;

/** The offers of the last snapshot of a watched ASIN (null: never read). */
export async function lastSnapshotOffers(db: Db, tenantId: number, monitorId: number) {
  const r = await db
    .selectFrom('monitor_snapshots')
    .select('offers')
    .where('tenant_id', '=', tenantId)
    .where('monitor_id', '=', monitorId)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? (r.offers as MonitorOffer[]) : null;
}

/** Records the offers of a watched ASIN (when they changed). */
export async function insertSnapshot(
  db: Db,
  tenantId: number,
  s: {
    monitor_id: number;
    source: string;
    offer_count: number;
    buybox_price: number | null;
    buybox_seller: string;
    offers: MonitorOffer[];
    taken_at?: Date;
  },
): Promise<void> {
  await db
    .insertInto('monitor_snapshots')
    .values({ ...s, tenant_id: tenantId, offers: JSON.stringify(s.offers) })
    .execute();
}

/** History of a watched ASIN since a time, oldest first. */
export function snapshotsSince(db: Db, tenantId: number, monitorId: number, since: Date) {
  return db
    .selectFrom('monitor_snapshots')
    .select(['taken_at', 'buybox_price', 'offer_count', 'buybox_seller'])
    .where('tenant_id', '=', tenantId)
    .where('monitor_id', '=', monitorId)
    .where('taken_at', '>=', since)
    .orderBy('taken_at')
    .limit(5000)
    .execute();
}

/** Inserts alerts; answers their ids. */
export async function insertAlerts(
  db: Db,
  tenantId: number,
  rows: { monitor_id: number; kind: AlertKind; detail: string; seller_id?: string }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const r = await db
    .insertInto('monitor_alerts')
    .values(rows.map((x) => ({ ...x, tenant_id: tenantId })))
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

const ALERT_COLUMNS = [
  'x.id',
  'x.monitor_id',
  'a.asin',
  'a.marketplace',
  'x.kind',
  'x.detail',
  'x.seller_id',
  'x.handled',
  'x.created_at',
] as const;

/** A page of the tenant's alerts, newest first. */
export function alertPage(
  db: Db,
  tenantId: number,
  q: { page: number; pageSize: number; monitor_id?: number; handled?: 0 | 1 },
) {
  let base = db
    .selectFrom('monitor_alerts as x')
    .innerJoin('monitor_asins as a', (j) => j.onRef('a.id', '=', 'x.monitor_id').on('a.tenant_id', '=', tenantId))
    .where('x.tenant_id', '=', tenantId);
  if (q.monitor_id) base = base.where('x.monitor_id', '=', q.monitor_id);
  if (q.handled !== undefined) base = base.where('x.handled', '=', q.handled === 1);
  return pageAndTotal(base, q, (b) => b.select(ALERT_COLUMNS).orderBy('x.id', 'desc'));
}

/** Marks alerts handled; answers how many changed. */
export async function handleAlerts(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .updateTable('monitor_alerts')
    .set({ handled: true })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids.length ? ids : [0])
    .where('handled', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
