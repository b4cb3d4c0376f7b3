import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

type Db = Kysely<DB>;
const COLUMNS = ['id', 'term', 'lang', 'translation', 'created_at', 'updated_at'] as const;

/** Every glossary entry of the tenant (ordered by term). */
export function listGlossary(db: Db, tenantId: number) {
  return db
    .selectFrom('translation_glossary')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('term')
    .orderBy('lang')
    .execute();
}

/** One entry of the tenant, locked for an update. */
export function lockGlossaryEntry(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('translation_glossary')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds an entry. */
export function insertGlossaryEntry(db: Db, tenantId: number, e: { term: string; lang: string; translation: string }) {
  return db
    .insertInto('translation_glossary')
    .values({ tenant_id: tenantId, ...e })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Adds an entry; undefined when the tenant has the term for this language already (no unique-violation error). */
export function insertGlossaryEntryIfFree(
  db: Db,
  tenantId: number,
  e: { term: string; lang: string; translation: string },
) {
  return db
    .insertInto('translation_glossary')
    .values({ tenant_id: tenantId, ...e })
    .onConflict((oc) => oc.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Whether another entry of the tenant has this term (any case) for this language. */
export async function glossaryTermTaken(db: Db, tenantId: number, term: string, lang: string, exceptId: number) {
  const row = await db
    .selectFrom('translation_glossary')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['term']), '=', term.toLowerCase()))
    .where('lang', '=', lang)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes an entry of the tenant. */
export function updateGlossaryEntry(
  db: Db,
  tenantId: number,
  id: number,
  e: { term: string; lang: string; translation: string },
) {
  return db
    .updateTable('translation_glossary')
    .set({ ...e, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes entries of the tenant; returns the deleted rows. */
export function deleteGlossaryEntries(db: Db, tenantId: number, ids: number[]) {
  return db
    .deleteFrom('translation_glossary')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning(COLUMNS)
    .execute();
}
