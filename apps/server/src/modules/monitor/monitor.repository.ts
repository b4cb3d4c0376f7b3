import { type Kysely, sql, type Updateable } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { AlertKind, CaseEvidence, CaseStatus, MonitorAsinsTable, MonitorOffer } from './monitor.tables.js';

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

/** Shops (of every tenant) with watched ASINs: the polling runs per shop. */
export function shopsWithWatches(db: Db) {
  return db
    .selectFrom('shops as s')
    .select(['s.id', 's.tenant_id', 's.name'])
    .where('s.auth_status', '=', 'authorized')
    .where('s.seller_id', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('monitor_asins as a').select('a.id').whereRef('a.shop_id', '=', 's.id')),
    )
    .orderBy('s.id')
    .execute();
}

/**
 * Claims up to `limit` due ASINs of a shop, higher priority first, then the most overdue,
 * moving them `leaseMs` ahead so another poller (or process) skips them.
 */
export async function claimDue(
  db: Db,
  tenantId: number,
  shopId: number,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<WatchRow[]> {
  const ids = await sql<{ id: string }>`
    update monitor_asins set next_check_at = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select id from monitor_asins
      where tenant_id = ${tenantId} and shop_id = ${shopId} and next_check_at <= ${now}
      order by priority desc, next_check_at
      limit ${limit}
      for update skip locked)
    returning id`.execute(db);
  return ids.rows.length
    ? findWatches(
        db,
        tenantId,
        ids.rows.map((r) => Number(r.id)),
      )
    : [];
}

/**
 * Claims the watched ASIN of a shop whose catalog was read longest ago, if before `before`
 * (its `content_checked_at` is moved to now, so no other poller reads it too).
 */
export async function claimContentDue(
  db: Db,
  tenantId: number,
  shopId: number,
  before: Date,
): Promise<WatchRow | null> {
  const r = await sql<{ id: string }>`
    update monitor_asins set content_checked_at = now()
    where id = (
      select id from monitor_asins
      where tenant_id = ${tenantId} and shop_id = ${shopId}
        and (content_checked_at is null or content_checked_at < ${before})
      order by content_checked_at nulls first
      limit 1
      for update skip locked)
    returning id`.execute(db);
  const id = r.rows[0]?.id;
  return id ? ((await findWatches(db, tenantId, [Number(id)]))[0] ?? null) : null;
}

/** When the next ASIN of a shop is due (null: none watched). */
export async function nextDue(db: Db, tenantId: number, shopId: number): Promise<Date | null> {
  const r = await db
    .selectFrom('monitor_asins')
    .select((eb) => eb.fn.min('next_check_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return (r?.at as Date | null | undefined) ?? null;
}

/** Polled ASINs of a shop by priority (notified ones are read when Amazon tells of a change). */
export async function polledByPriority(db: Db, tenantId: number, shopId: number) {
  const rows = await db
    .selectFrom('monitor_asins')
    .select(['priority', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('our_offer', '=', false)
    .groupBy('priority')
    .execute();
  return rows.map((r) => ({ priority: r.priority, n: Number(r.n) }));
}

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

/** The live cases of a watched ASIN (locked for the check's update). */
export function liveCases(db: Db, tenantId: number, monitorId: number) {
  return db
    .selectFrom('monitor_cases')
    .select(['id', 'seller_id', 'status', 'evidence', 'gone_since'])
    .where('tenant_id', '=', tenantId)
    .where('monitor_id', '=', monitorId)
    .where('status', 'in', ['open', 'warned', 'reported'])
    .forUpdate()
    .execute();
}

/** Opens a case for a follower of an own-brand ASIN (none when a live one exists). */
export async function insertCase(
  db: Db,
  tenantId: number,
  c: { monitor_id: number; marketplace: string; asin: string; seller_id: string; evidence: CaseEvidence[] },
): Promise<number | null> {
  const r = await db
    .insertInto('monitor_cases')
    .values({ ...c, tenant_id: tenantId, evidence: JSON.stringify(c.evidence) })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'monitor_id', 'seller_id'])
        .where('status', 'in', ['open', 'warned', 'reported'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/** What a check saw of a live case: still there (evidence), or gone since, or removed. */
export async function updateCaseSeen(
  db: Db,
  tenantId: number,
  id: number,
  patch: {
    evidence?: CaseEvidence[];
    last_seen_at?: Date;
    gone_since?: Date | null;
    status?: CaseStatus;
    closed_at?: Date | null;
  },
): Promise<void> {
  const { evidence, ...rest } = patch;
  await db
    .updateTable('monitor_cases')
    .set({
      ...rest,
      ...(evidence ? { evidence: JSON.stringify(evidence) } : {}),
      updated_at: new Date(),
      ...(patch.status ? { version: sql`version + 1` } : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

const CASE_COLUMNS = [
  'c.id',
  'c.monitor_id',
  'c.marketplace',
  'c.asin',
  'a.title',
  'a.brand',
  'a.currency',
  'c.seller_id',
  'c.seller_name',
  'c.status',
  'c.first_seen_at',
  'c.last_seen_at',
  'c.gone_since',
  'c.closed_at',
  'c.version',
  'c.evidence',
] as const;

/** A page of the tenant's removal cases, newest first. */
export function casePage(
  db: Db,
  tenantId: number,
  q: { page: number; pageSize: number; status?: CaseStatus; keyword?: string },
) {
  let base = db
    .selectFrom('monitor_cases as c')
    .innerJoin('monitor_asins as a', (j) => j.onRef('a.id', '=', 'c.monitor_id').on('a.tenant_id', '=', tenantId))
    .where('c.tenant_id', '=', tenantId);
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    base = base.where((eb) =>
      eb.or([eb('c.asin', 'ilike', k), eb('c.seller_id', 'ilike', k), eb('a.title', 'ilike', k)]),
    );
  }
  return pageAndTotal(base, q, (b) => b.select(CASE_COLUMNS).orderBy('c.id', 'desc'));
}

/** One case of the tenant. */
export function findCase(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('monitor_cases as c')
    .innerJoin('monitor_asins as a', (j) => j.onRef('a.id', '=', 'c.monitor_id').on('a.tenant_id', '=', tenantId))
    .select(CASE_COLUMNS)
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Sets a case's status by the user when its version matches; answers the new version or null. */
export async function setCaseStatus(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: { status: CaseStatus; seller_name?: string; closed_at: Date | null },
): Promise<number | null> {
  const r = await db
    .updateTable('monitor_cases')
    .set({ ...patch, updated_at: new Date(), version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return r ? r.version : null;
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
