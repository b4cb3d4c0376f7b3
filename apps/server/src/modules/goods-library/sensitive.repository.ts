import type { Kysely } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** One page of the tenant's sensitive words, newest first. */
export async function listSensitiveWords(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; lang?: string | undefined; keyword?: string | undefined },
) {
  let q = db.selectFrom('goods_sensitive_words').where('tenant_id', '=', tenantId);
  if (f.lang) q = q.where('lang', '=', f.lang);
  if (f.keyword) q = q.where('word', 'ilike', containsPattern(f.keyword));
  return pageAndTotal(q, f, (q) => q.select(['id', 'lang', 'word', 'creator_id', 'created_at']).orderBy('id', 'desc'));
}

/** The words that apply to texts in these languages (plus the `all` words). */
export function wordsForLangs(db: Db, tenantId: number, langs: string[]) {
  return db
    .selectFrom('goods_sensitive_words')
    .select(['lang', 'word'])
    .where('tenant_id', '=', tenantId)
    .where('lang', 'in', [...new Set([...langs, 'all'])])
    .execute();
}

/** Inserts words; ones already present (same language, any case) are skipped. Returns the inserted words. */
export async function insertSensitiveWords(
  db: Db,
  tenantId: number,
  creatorId: number,
  lang: string,
  words: string[],
): Promise<string[]> {
  if (words.length === 0) return [];
  const rows = await db
    .insertInto('goods_sensitive_words')
    .values(words.map((word) => ({ tenant_id: tenantId, creator_id: creatorId, lang, word })))
    .onConflict((oc) => oc.doNothing())
    .returning('word')
    .execute();
  return rows.map((r) => r.word);
}

/** The tenant's words with these ids, locked for the transaction. */
export function lockSensitiveWords(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods_sensitive_words')
    .select(['id', 'lang', 'word'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Deletes the tenant's words with these ids. */
export async function deleteSensitiveWords(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('goods_sensitive_words')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
