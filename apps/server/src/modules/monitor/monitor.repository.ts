import { type Kysely, sql, type Updateable } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { MonitorAsinsTable } from './monitor.tables.js';

type Db = Kysely<DB>;

/** Columns of a watched ASIN read by the checks and the screens. */
const ASIN_COLUMNS = [
  'a.id',
  'a.tenant_id',
  'a.owner_id',
  'a.shop_id',
  'a.marketplace',
  'a.asin',
  'a.currency',
  'a.priority',
  'a.own_brand',
  'a.band_min',
  'a.band_max',
  'a.title',
  'a.image',
  'a.brand',
  'a.suppressed',
  'a.offer_count',
  'a.buybox_price',
  'a.buybox_seller',
  'a.holds_buybox',
  'a.our_offer',
  'a.offers_hash',
  'a.last_checked_at',
  'a.last_source',
  'a.next_check_at',
  'a.content_checked_at',
  'a.check_error',
  'a.version',
] as const;

/** A watched ASIN as the checks read it. */
export type WatchRow = Awaited<ReturnType<typeof findWatches>>[number];

/** How many ASINs an account watches (its `limit_monitor_len` bounds this). */
export async function countOwned(db: Db, tenantId: number, ownerId: number): Promise<number> {
  const r = await db
    .selectFrom('monitor_asins')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Locks the owner's watch count for an add (two adds of one account at once cannot pass the limit). */
export async function lockOwner(db: Db, tenantId: number, ownerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${tenantId}, ${ownerId})`.execute(db);
}

/** Which of these ASINs the tenant already watches in the marketplace. */
export async function watchedAsins(db: Db, tenantId: number, marketplace: string, asins: string[]) {
  if (asins.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('monitor_asins')
    .select('asin')
    .where('tenant_id', '=', tenantId)
    .where('marketplace', '=', marketplace)
    .where('asin', 'in', asins)
    .execute();
  return new Set(rows.map((r) => r.asin));
}

/** Adds watched ASINs (one per tenant, marketplace and ASIN; existing ones are left alone). */
export async function insertWatches(
  db: Db,
  tenantId: number,
  rows: {
    owner_id: number;
    shop_id: number;
    marketplace: string;
    asin: string;
    currency: string;
    priority: number;
    own_brand: boolean;
    band_min: number | null;
    band_max: number | null;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const r = await db
    .insertInto('monitor_asins')
    .values(rows.map((x) => ({ ...x, tenant_id: tenantId })))
    .onConflict((oc) => oc.columns(['tenant_id', 'marketplace', 'asin']).doNothing())
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** Watched ASINs of the tenant by id. */
export function findWatches(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('monitor_asins as a')
    .select(ASIN_COLUMNS)
    .where('a.tenant_id', '=', tenantId)
    .where('a.id', 'in', ids.length ? ids : [0])
    .execute();
}

/**
 * Watched ASINs of a marketplace whose shop is the given seller (an offer notification's
 * addressees); `sandbox` narrows to sandbox or real shops (a queue serves one Amazon).
 */
export function watchesOfSeller(db: Db, sellerId: string, marketplace: string, asin: string, sandbox?: boolean) {
  let q = db
    .selectFrom('monitor_asins as a')
    .innerJoin('shops as s', (j) => j.onRef('s.id', '=', 'a.shop_id').onRef('s.tenant_id', '=', 'a.tenant_id'))
    .select(ASIN_COLUMNS)
    .where('s.seller_id', '=', sellerId)
    .where('a.marketplace', '=', marketplace)
    .where('a.asin', '=', asin);
  if (sandbox !== undefined) q = q.where('s.sandbox', '=', sandbox);
  return q.execute();
}

/** A page of the tenant's watched ASINs with the shop's name and open alert and live case counts. */
export function watchPage(
  db: Db,
  tenantId: number,
  q: { page: number; pageSize: number; keyword?: string; shop_id?: number; filter: string },
) {
  let base = db.selectFrom('monitor_asins as a').where('a.tenant_id', '=', tenantId);
  if (q.shop_id) base = base.where('a.shop_id', '=', q.shop_id);
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    base = base.where((eb) => eb.or([eb('a.asin', 'ilike', k), eb('a.title', 'ilike', k), eb('a.brand', 'ilike', k)]));
  }
  if (q.filter === 'lost') base = base.where('a.our_offer', '=', true).where('a.holds_buybox', '=', false);
  if (q.filter === 'alerts')
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('monitor_alerts as x')
          .select('x.id')
          .whereRef('x.monitor_id', '=', 'a.id')
          .where('x.tenant_id', '=', tenantId)
          .where('x.handled', '=', false),
      ),
    );
  if (q.filter === 'hijacked')
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('monitor_cases as c')
          .select('c.id')
          .whereRef('c.monitor_id', '=', 'a.id')
          .where('c.tenant_id', '=', tenantId)
          .where('c.status', 'in', ['open', 'warned', 'reported']),
      ),
    );
  return pageAndTotal(base, q, (b) =>
    b
      .leftJoin('shops as s', (j) => j.onRef('s.id', '=', 'a.shop_id').on('s.tenant_id', '=', tenantId))
      .select(ASIN_COLUMNS)
      .select((eb) => [
        eb.fn.coalesce('s.name', sql<string>`''`).as('shop_name'),
        eb
          .selectFrom('monitor_alerts as x')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('x.monitor_id', '=', 'a.id')
          .where('x.tenant_id', '=', tenantId)
          .where('x.handled', '=', false)
          .as('open_alerts'),
        eb
          .selectFrom('monitor_cases as c')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('c.monitor_id', '=', 'a.id')
          .where('c.tenant_id', '=', tenantId)
          .where('c.status', 'in', ['open', 'warned', 'reported'])
          .as('live_cases'),
      ])
      .orderBy('a.id', 'desc'),
  );
}

/** Saves a user's change of a watched ASIN when its version still matches; answers the new version or null. */
export async function updateWatchSettings(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: Pick<Updateable<MonitorAsinsTable>, 'priority' | 'own_brand' | 'band_min' | 'band_max'>,
): Promise<number | null> {
  const r = await db
    .updateTable('monitor_asins')
    .set({ ...patch, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return r ? r.version : null;
}

/** Stops watching ASINs (their history, alerts and cases go with them). */
export async function deleteWatches(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('monitor_asins')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids.length ? ids : [0])
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Saves what a check read (state, schedule) of one watched ASIN. */
export async function saveWatchState(
  db: Db,
  tenantId: number,
  id: number,
  patch: Updateable<MonitorAsinsTable>,
  o: { countCheck?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('monitor_asins')
    .set({ ...patch, ...(o.countCheck ? { checks: sql<number>`checks + 1` } : {}) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Sets when watched ASINs are read next (a deferred or throttled check keeps them in line). */
export async function rescheduleWatches(db: Db, tenantId: number, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('monitor_asins')
    .set({ next_check_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** The tenant's monitor settings (defaults when never saved). */
export async function findSettings(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('monitor_settings')
    .select(['removed_after_minutes'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r ?? { removed_after_minutes: 1440 };
}

/** Saves the tenant's monitor settings. */
export async function saveSettings(db: Db, tenantId: number, s: { removed_after_minutes: number }): Promise<void> {
  await db
    .insertInto('monitor_settings')
    .values({ tenant_id: tenantId, ...s })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...s, updated_at: new Date() }))
    .execute();
}

/** Dashboard counts of the tenant. */
export async function overviewCounts(db: Db, tenantId: number, since: Date) {
  const r = await sql<{
    watched: string;
    our_offers: string;
    holding: string;
    open_alerts: string;
    hijacked: string;
    live_cases: string;
    checks_today: string;
  }>`
    select
      (select count(*) from monitor_asins where tenant_id = ${tenantId}) as watched,
      (select count(*) from monitor_asins where tenant_id = ${tenantId} and our_offer) as our_offers,
      (select count(*) from monitor_asins where tenant_id = ${tenantId} and our_offer and holds_buybox) as holding,
      (select count(*) from monitor_alerts where tenant_id = ${tenantId} and not handled) as open_alerts,
      (select count(distinct monitor_id) from monitor_cases where tenant_id = ${tenantId}
         and status in ('open', 'warned', 'reported')) as hijacked,
      (select count(*) from monitor_cases where tenant_id = ${tenantId}
         and status in ('open', 'warned', 'reported')) as live_cases,
      (select coalesce(sum(checks), 0) from monitor_check_days where tenant_id = ${tenantId} and day >= ${since}) as checks_today`.execute(
    db,
  );
  const x = r.rows[0]!;
  return {
    watched: Number(x.watched),
    our_offers: Number(x.our_offers),
    holding: Number(x.holding),
    open_alerts: Number(x.open_alerts),
    hijacked: Number(x.hijacked),
    live_cases: Number(x.live_cases),
    checks_today: Number(x.checks_today),
  };
}

/** Counts checks of the tenant per day (the dashboard's "checks done today"). */
export async function countChecks(db: Db, tenantId: number, day: string, n: number): Promise<void> {
  await sql`insert into monitor_check_days (tenant_id, day, checks) values (${tenantId}, ${day}, ${n})
    on conflict (tenant_id, day) do update set checks = monitor_check_days.checks + excluded.checks`.execute(db);
}

/** The tenant's shops with their names (list and budget). */
export function tenantShops(db: Db, tenantId: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'seller_id', 'auth_status', 'sandbox', 'marketplaces', 'staff_ids'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}
