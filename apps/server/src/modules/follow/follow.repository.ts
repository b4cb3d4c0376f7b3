import { type Kysely, sql, type Updateable } from 'kysely';
import { pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { FollowCandidatesTable, FollowIssue, FollowOffersTable } from './follow.tables.js';

type Db = Kysely<DB>;

const CANDIDATE_COLUMNS = [
  'id',
  'marketplace',
  'asin',
  'status',
  'title',
  'image',
  'brand',
  'product_type',
  'currency',
  'offer_count',
  'fba_offers',
  'fbm_offers',
  'buybox_price',
  'buybox_seller',
  'amazon_sells',
  'restriction',
  'restriction_message',
  'risk_flags',
  'cost',
  'error',
  'looked_up_at',
] as const;

/**
 * Adds ASINs of a marketplace to the pool (existing ones are set back to pending); returns
 * every row's id with whether it was new.
 */
export async function upsertCandidates(
  db: Db,
  tenantId: number,
  p: { marketplace: string; currency: string; asins: string[]; userId: number },
): Promise<{ id: number; asin: string; added: boolean }[]> {
  if (p.asins.length === 0) return [];
  const rows = await db
    .insertInto('follow_candidates')
    .values(
      p.asins.map((asin) => ({
        tenant_id: tenantId,
        marketplace: p.marketplace,
        asin,
        currency: p.currency,
        created_by: p.userId,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'marketplace', 'asin']).doUpdateSet({ status: 'pending', error: '' }))
    .returning(['id', 'asin', sql<boolean>`(xmax = 0)`.as('added')])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), asin: r.asin, added: r.added }));
}

/** One page of the pool, newest first. */
export function listCandidates(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; marketplace?: string; status?: string; asin?: string },
) {
  let q = db.selectFrom('follow_candidates').where('tenant_id', '=', tenantId);
  if (f.marketplace) q = q.where('marketplace', '=', f.marketplace);
  if (f.status) q = q.where('status', '=', f.status as 'pending');
  if (f.asin) q = q.where('asin', '=', f.asin);
  return pageAndTotal(q, f, (q) => q.select(CANDIDATE_COLUMNS).orderBy('id', 'desc'));
}

/** Candidates of the tenant by id (ids of another tenant find nothing). */
export function findCandidates(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('follow_candidates')
    .select(CANDIDATE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Sets candidates back to pending before a new lookup. */
export function markCandidatesPending(db: Db, tenantId: number, ids: number[]) {
  return db
    .updateTable('follow_candidates')
    .set({ status: 'pending', error: '' })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** What a lookup found about one candidate (`pending` with a reason: tried again later in the job). */
export type CandidateLookup = Partial<
  Pick<
    Updateable<FollowCandidatesTable>,
    | 'title'
    | 'image'
    | 'brand'
    | 'product_type'
    | 'offer_count'
    | 'fba_offers'
    | 'fbm_offers'
    | 'buybox_price'
    | 'buybox_seller'
    | 'amazon_sells'
    | 'restriction'
    | 'restriction_message'
    | 'risk_flags'
    | 'error'
  >
> & { status: 'ready' | 'failed' | 'pending' };

/** Stores a lookup's result. */
export function saveCandidateLookup(db: Db, tenantId: number, id: number, r: CandidateLookup) {
  return db
    .updateTable('follow_candidates')
    .set({ ...r, looked_up_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Sets a candidate's cost; undefined when it is not the tenant's. */
export function setCandidateCost(db: Db, tenantId: number, id: number, cost: number | null) {
  return db
    .updateTable('follow_candidates')
    .set({ cost })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['id'])
    .executeTakeFirst();
}

/** Deletes candidates; returns how many. */
export async function deleteCandidates(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('follow_candidates')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The tenant's follow price rule, or undefined (the default applies). */
export function findPriceRule(db: Db, tenantId: number) {
  return db
    .selectFrom('follow_price_rules')
    .select(['mode', 'value', 'min_margin_bp'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Saves the tenant's follow price rule. */
export function savePriceRule(
  db: Db,
  tenantId: number,
  r: { mode: 'amount' | 'percent'; value: number; min_margin_bp: number },
) {
  return db
    .insertInto('follow_price_rules')
    .values({ tenant_id: tenantId, ...r })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...r, updated_at: new Date() }))
    .execute();
}

const OFFER_COLUMNS = [
  'follow_offers.id',
  'follow_offers.shop_id',
  'follow_offers.marketplace',
  'follow_offers.asin',
  'follow_offers.sku',
  'follow_offers.title',
  'follow_offers.image',
  'follow_offers.product_type',
  'follow_offers.currency',
  'follow_offers.price',
  'follow_offers.quantity',
  'follow_offers.fulfillment',
  'follow_offers.status',
  'follow_offers.issues',
  'follow_offers.error',
  'follow_offers.buybox_price',
  'follow_offers.buybox_seller',
  'follow_offers.holds_buybox',
  'follow_offers.seller_count',
  'follow_offers.reprice_enabled',
  'follow_offers.reprice_min',
  'follow_offers.reprice_max',
  'follow_offers.checked_at',
  'follow_offers.created_at',
  'follow_offers.version',
] as const;

/** A new follow offer (a queue item). */
export type NewOffer = Pick<
  FollowOffersTable,
  | 'shop_id'
  | 'candidate_id'
  | 'marketplace'
  | 'asin'
  | 'sku'
  | 'product_type'
  | 'currency'
  | 'price'
  | 'quantity'
  | 'fulfillment'
  | 'created_by'
> & { title: string; image: string };

/** Queues offers; one already live for the shop, marketplace and ASIN is skipped. Returns the new ids. */
export async function insertOffers(db: Db, tenantId: number, rows: NewOffer[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const r = await db
    .insertInto('follow_offers')
    .values(rows.map((o) => ({ ...o, tenant_id: tenantId })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'shop_id', 'marketplace', 'asin']).where('status', '<>', 'deleted').doNothing(),
    )
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** One page of the tenant's follow offers with their shop's name; `statuses` narrows (queue or products). */
export function listOffers(
  db: Db,
  tenantId: number,
  f: {
    page: number;
    pageSize: number;
    statuses: FollowOffersTable['status']['__select__'][];
    shopId?: number;
    asin?: string;
    shopIds?: number[];
  },
) {
  let q = db
    .selectFrom('follow_offers')
    .innerJoin('shops', (j) => j.onRef('shops.id', '=', 'follow_offers.shop_id').on('shops.tenant_id', '=', tenantId))
    .where('follow_offers.tenant_id', '=', tenantId)
    .where('follow_offers.status', 'in', f.statuses);
  if (f.shopId) q = q.where('follow_offers.shop_id', '=', f.shopId);
  if (f.asin) q = q.where('follow_offers.asin', '=', f.asin);
  if (f.shopIds) q = q.where('follow_offers.shop_id', 'in', f.shopIds.length ? f.shopIds : [0]);
  return pageAndTotal(q, f, (q) =>
    q.select([...OFFER_COLUMNS, 'shops.name as shop_name']).orderBy('follow_offers.id', 'desc'),
  );
}

/** Offers of the tenant by id. */
export function findOffers(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('follow_offers')
    .select(OFFER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Claims queued offers for submission (status `submitting`); returns those claimed. */
export function claimOffers(db: Db, tenantId: number, ids: number[]) {
  return db
    .updateTable('follow_offers')
    .set({ status: 'submitting', updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .returning(['id'])
    .execute();
}

/** Sets failed offers back to queued for a retry; returns the ids. */
export async function requeueOffers(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  const r = await db
    .updateTable('follow_offers')
    .set({ status: 'queued', error: '', issues: '[]', updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'failed')
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** Stores the result of a submission. */
export function saveOfferResult(
  db: Db,
  tenantId: number,
  id: number,
  r: { status: 'active' | 'failed' | 'queued'; issues: FollowIssue[]; error: string },
) {
  return db
    .updateTable('follow_offers')
    .set({ status: r.status, issues: JSON.stringify(r.issues), error: r.error, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Changes an offer when its version still matches (a stale save changes nothing and returns
 * undefined); the version goes up by one.
 */
export function updateOfferVersioned(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  set: Partial<
    Pick<FollowOffersTable, 'price' | 'quantity' | 'reprice_min' | 'reprice_max'> & {
      status: 'active' | 'paused' | 'deleted';
      reprice_enabled: boolean;
    }
  >,
) {
  return db
    .updateTable('follow_offers')
    .set({ ...set, version: sql`version + 1`, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'version'])
    .executeTakeFirst();
}

/** Stores what a Buy Box check found (and a repriced price). */
export function saveOfferMarket(
  db: Db,
  tenantId: number,
  id: number,
  m: {
    buybox_price: number | null;
    buybox_seller: string;
    holds_buybox: boolean;
    seller_count: number;
    price?: number;
  },
) {
  return db
    .updateTable('follow_offers')
    .set({ ...m, checked_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Follow offers of every tenant whose repricing rule is due (active, rule on, not checked
 * since `before`), longest unchecked first, at most `limit` per shop. The scheduled
 * repricing's work list (a system job: all tenants).
 */
export function dueRepriceOffers(db: Db, before: Date, limit: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('follow_offers')
        .select([
          'tenant_id',
          'shop_id',
          'id',
          sql<number>`row_number() over (partition by shop_id order by checked_at asc nulls first, id)`.as('n'),
        ])
        .where('status', '=', 'active')
        .where('reprice_enabled', '=', true)
        .where((w) => w.or([w('checked_at', 'is', null), w('checked_at', '<', before)]))
        .as('due'),
    )
    .select(['tenant_id', 'shop_id', 'id'])
    .where('n', '<=', limit)
    .orderBy('tenant_id')
    .orderBy('shop_id')
    .execute();
}

/** The tenant's sensitive words (lower-cased), for the brand risk flag. */
export async function sensitiveWords(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('goods_sensitive_words')
    .select('word')
    .where('tenant_id', '=', tenantId)
    .limit(5000)
    .execute();
  return rows.map((r) => r.word.toLowerCase());
}
