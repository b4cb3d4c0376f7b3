// Follow-sale removal cases (跟卖移除) of own-brand ASINs.
import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { CaseEvidence, CaseStatus } from './monitor.tables.js';

type Db = Kysely<DB>;

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
