// Products per audit status under a list filter (the status tabs): the maintained counts
// (`goods_counts`), a keyword's bounded count, or a count of the filter's products.
import { type Kysely, sql } from 'kysely';
import { QueryShapes } from '../../db/query-shapes.js';
import type { DB } from '../../db/types.js';
import { applyConditions, type GoodsCondition, goodsConditions, type ScopedGoodsFilter } from './goods.repository.js';

type Db = Kysely<DB>;

/** The count statements, compiled once per filter shape (`db/query-shapes.ts`). */
const countShapes = new QueryShapes();

/** Conditions the maintained counts (`goods_counts`) can answer: tenant, recycle flag, type. */
const MAINTAINED = new Set(['tenant', 'deleted', 'type']);

/** A tenant's `goods_counts` rows are folded into one per group once a read sees more than this many. */
const COMPACT_AFTER = 64;

/** Most matches a keyword's count reads; beyond it the list says "1000+". */
export const KEYWORD_COUNT_CAP = 1000;

/** Products per audit status under a filter. */
export interface StatusCounts {
  /** Products per audit status (absent: none). */
  byStatus: Record<string, number>;
  /**
   * The count stopped after KEYWORD_COUNT_CAP + 1 matches: more match, and `byStatus` holds
   * what those first matches were (each a lower bound).
   */
  capped: boolean;
}

/**
 * Products per audit status under the filter (the status tabs). A filter of type and recycle
 * flag alone (the first page, the tabs) reads the maintained counts; a keyword reads at most
 * KEYWORD_COUNT_CAP + 1 matches (a common word matches a large part of a big tenant, and
 * counting it exactly means reading every match); any other filter counts its products.
 */
export async function countByStatus(db: Db, tenantId: number, f: ScopedGoodsFilter): Promise<StatusCounts> {
  const conditions = goodsConditions(tenantId, f, false);
  if (conditions.every((c) => MAINTAINED.has(c.name))) {
    return { byStatus: await maintainedCounts(db, conditions), capped: false };
  }
  const cap = f.keyword ? KEYWORD_COUNT_CAP : undefined;
  if (cap) {
    const windowed = await keywordWindowCounts(db, conditions);
    if (windowed) return windowed;
  }
  const values: unknown[] = conditions.map((c) => c.value);
  if (cap) values.push(cap + 1);
  const key = `counts:${conditions.map((c) => c.name).join(',')}${cap ? ':capped' : ''}`;
  const compiled = countShapes.compiled(
    key,
    values,
    (slot) => {
      const matching = applyConditions(db.selectFrom('goods'), conditions, slot);
      if (!cap) {
        return matching
          .select(['goods.audit_status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('goods.audit_status');
      }
      return db
        .selectFrom(matching.select('goods.audit_status').limit(slot(conditions.length)).as('goods'))
        .select(['goods.audit_status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('goods.audit_status');
    },
    { prepare: !cap },
  );
  const rows = (await db.executeQuery(compiled)).rows;
  const byStatus = Object.fromEntries(rows.map((r) => [r.audit_status, Number(r.n)]));
  const read = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { byStatus, capped: cap !== undefined && read > cap };
}

/**
 * A keyword's counts when every one of the newest KEYWORD_COUNT_CAP + 1 products of the other
 * conditions matches it (a word of the whole catalogue, such as the brand): read from those
 * products through the id index (about 1 ms for 1,001 products) where the trigram index would
 * fetch every match of the tenant before its count could stop (about 10 ms for a word in
 * 10,000 products). One statement: its first part looks for a product of the window that does
 * not match and stops at the first one, so a rarer word costs a few rows and gets undefined
 * (then the trigram index counts). Otherwise the answer is the trigram count's: a full window
 * means more than the cap match, and these 1,001 are the matches read (each figure a lower
 * bound); a window that holds every product of the other conditions gives exact counts.
 */
async function keywordWindowCounts(db: Db, conditions: GoodsCondition[]): Promise<StatusCounts | undefined> {
  const keyword = conditions.find((c) => c.name === 'keyword')!;
  const others = conditions.filter((c) => c.name !== 'keyword' && c.name !== 'grams');
  const n = others.length;
  const size = KEYWORD_COUNT_CAP + 1;
  const key = `count-window:${others.map((c) => c.name).join(',')}`;
  const compiled = countShapes.compiled(key, [...others.map((c) => c.value), size, keyword.value], (slot) => {
    // The window is a CTE read twice, so PostgreSQL keeps its rows and reads them once, lazily:
    // the non-match check stops as soon as it finds one.
    const newest = applyConditions(db.selectFrom('goods'), others, slot)
      .select(['goods.id', 'goods.audit_status', 'goods.search_text'])
      .orderBy('goods.id', 'desc')
      .limit(slot(n));
    return db
      .with('w', () => newest)
      .selectFrom('w')
      .select(['w.audit_status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('w as v')
              .select('v.id')
              .where(sql<boolean>`(${sql.ref('v.search_text')} like ${slot(n + 1)}) is not true`),
          ),
        ),
      )
      .groupBy('w.audit_status');
  });
  const rows = (await db.executeQuery(compiled)).rows;
  if (rows.length === 0) return undefined;
  const byStatus = Object.fromEntries(rows.map((r) => [r.audit_status, Number(r.n)]));
  const read = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { byStatus, capped: read === size };
}

/** Counts per status from `goods_counts` (conditions: tenant, recycle flag, optionally type). */
async function maintainedCounts(db: Db, conditions: GoodsCondition[]): Promise<Record<string, number>> {
  const key = `maintained:${conditions.map((c) => c.name).join(',')}`;
  const compiled = countShapes.compiled(
    key,
    conditions.map((c) => c.value),
    (slot) => {
      let q = db
        .selectFrom('goods_counts')
        .select([
          'goods_counts.audit_status',
          sql<string>`sum(goods_counts.n)`.as('n'),
          sql<string>`count(*)`.as('parts'),
        ])
        .where('goods_counts.tenant_id', '=', slot(0))
        .where('goods_counts.is_delete', '=', slot(1));
      if (conditions.length > 2) q = q.where('goods_counts.type', '=', slot(2));
      return q.groupBy('goods_counts.audit_status');
    },
    { prepare: true },
  );
  const rows = (await db.executeQuery(compiled)).rows;
  if (rows.reduce((sum, r) => sum + Number(r.parts), 0) > COMPACT_AFTER) {
    await compactGoodsCounts(db, conditions[0]!.value as number);
  }
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.audit_status, Number(r.n)]));
}

/**
 * Folds a tenant's `goods_counts` rows into one per group, in one statement: a reader sees
 * either the old rows or their sums. A concurrent fold of the same tenant waits for this one
 * and then finds only rows committed after it; writers never wait (they only append).
 */
export async function compactGoodsCounts(db: Db, tenantId: number): Promise<void> {
  await sql`
    with gone as (delete from goods_counts where tenant_id = ${tenantId}
                  returning tenant_id, is_delete, type, audit_status, n)
    insert into goods_counts (tenant_id, is_delete, type, audit_status, n)
    select tenant_id, is_delete, type, audit_status, sum(n) from gone
     group by tenant_id, is_delete, type, audit_status
    having sum(n) <> 0`.execute(db);
}
