import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../db/paging.js';
import type { DB } from '../db/types.js';

type Db = Kysely<DB>;

/** The memory key of a text: SHA-256 of its exact content. */
export const textHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What identifies a memory entry besides the text. */
export interface MemoryKey {
  provider: string;
  from: string;
  to: string;
  format: string;
}

/** Stored provider answers for the given source hashes (hash -> translation). */
export async function findMemory(
  db: Db,
  tenantId: number,
  k: MemoryKey,
  hashes: string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('translation_memory')
    .select(['source_hash', 'translated_text'])
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', k.provider)
    .where('source_lang', '=', k.from)
    .where('target_lang', '=', k.to)
    .where('format', '=', k.format)
    .where('source_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((r) => [r.source_hash, r.translated_text]));
}

/** Stores provider answers (a concurrent identical answer is kept, not duplicated). */
export async function saveMemory(
  db: Db,
  tenantId: number,
  k: MemoryKey,
  items: { source: string; translated: string }[],
) {
  if (items.length === 0) return;
  await db
    .insertInto('translation_memory')
    .values(
      items.map((i) => ({
        tenant_id: tenantId,
        provider: k.provider,
        source_lang: k.from,
        target_lang: k.to,
        format: k.format,
        source_hash: textHash(i.source),
        source_text: i.source,
        translated_text: i.translated,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'provider', 'source_lang', 'target_lang', 'format', 'source_hash']).doNothing(),
    )
    .execute();
}

/** The tenant's corrections for the given raw source hashes (hash -> corrected text). */
export async function findCorrections(db: Db, tenantId: number, from: string, to: string, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('translation_corrections')
    .select(['source_hash', 'text'])
    .where('tenant_id', '=', tenantId)
    .where('source_lang', '=', from)
    .where('target_lang', '=', to)
    .where('source_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((r) => [r.source_hash, r.text]));
}

/** Stores or replaces a correction; returns the previous text, if any. */
export async function upsertCorrection(
  db: Db,
  tenantId: number,
  userId: number,
  c: { source: string; from: string; to: string; text: string },
) {
  const hash = textHash(c.source);
  const before = await db
    .selectFrom('translation_corrections')
    .select('text')
    .where('tenant_id', '=', tenantId)
    .where('source_lang', '=', c.from)
    .where('target_lang', '=', c.to)
    .where('source_hash', '=', hash)
    .executeTakeFirst();
  await db
    .insertInto('translation_corrections')
    .values({
      tenant_id: tenantId,
      source_lang: c.from,
      target_lang: c.to,
      source_hash: hash,
      source_text: c.source,
      text: c.text,
      user_id: userId,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'source_lang', 'target_lang', 'source_hash'])
        .doUpdateSet({ text: c.text, user_id: userId, updated_at: sql`now()` }),
    )
    .execute();
  return before?.text;
}

/** Remembers texts a machine (or a stored correction) delivered for a target language. */
export async function recordOutputs(db: Db, tenantId: number, to: string, texts: string[]) {
  const unique = [...new Set(texts.filter(Boolean).map(textHash))];
  if (unique.length === 0) return;
  await db
    .insertInto('translation_outputs')
    .values(unique.map((h) => ({ tenant_id: tenantId, target_lang: to, output_hash: h })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Which of the texts a machine delivered for this target language (the rest were written by hand). */
export async function machineOutputs(db: Db, tenantId: number, to: string, texts: string[]): Promise<Set<string>> {
  const hashes = [...new Set(texts.filter(Boolean).map(textHash))];
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('translation_outputs')
    .select('output_hash')
    .where('tenant_id', '=', tenantId)
    .where('target_lang', '=', to)
    .where('output_hash', 'in', hashes)
    .execute();
  const found = new Set(rows.map((r) => r.output_hash));
  return new Set(texts.filter((t) => found.has(textHash(t))));
}

/** Adds characters and texts sent to a provider to today's usage row. */
export async function addUsage(db: Db, tenantId: number, provider: string, chars: number, texts: number) {
  if (texts === 0) return;
  await db
    .insertInto('translation_usage')
    .values({ tenant_id: tenantId, provider, day: sql<string>`current_date`, chars, texts })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'provider', 'day']).doUpdateSet({
        chars: sql`translation_usage.chars + excluded.chars`,
        texts: sql`translation_usage.texts + excluded.texts`,
      }),
    )
    .execute();
}

/** Usage rows of the tenant, newest day first. */
export function listUsage(db: Db, tenantId: number, days: number) {
  return db
    .selectFrom('translation_usage')
    .select(['provider', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'chars', 'texts'])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', sql<Date>`current_date - ${days}::int`)
    .orderBy('day', 'desc')
    .orderBy('provider')
    .execute();
}

// ---------------------------------------------------------------- management screen (list and delete)

/** Filters of the memory and correction lists: text in source or translation, language pair. */
export interface EntryFilter {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One page of the tenant's memory entries, newest first. */
export async function listMemoryEntries(db: Db, tenantId: number, f: EntryFilter) {
  let q = db.selectFrom('translation_memory').where('tenant_id', '=', tenantId);
  if (f.from) q = q.where('source_lang', '=', f.from);
  if (f.to) q = q.where('target_lang', '=', f.to);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('source_text', 'ilike', like), eb('translated_text', 'ilike', like)]));
  }
  return pageAndTotal(q, f, (q) =>
    q
      .select([
        'id',
        'provider',
        'source_lang',
        'target_lang',
        'format',
        'source_text',
        'translated_text',
        'created_at',
      ])
      .orderBy('id', 'desc'),
  );
}

/** Deletes the tenant's memory entries with these ids; returns the deleted rows. */
export function deleteMemoryEntries(db: Db, tenantId: number, ids: number[]) {
  return db
    .deleteFrom('translation_memory')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning(['id', 'provider', 'source_lang', 'target_lang', 'source_text', 'translated_text'])
    .execute();
}

/** One page of the tenant's corrections with the account that saved each, newest first. */
export async function listCorrectionEntries(db: Db, tenantId: number, f: EntryFilter) {
  let q = db.selectFrom('translation_corrections as c').where('c.tenant_id', '=', tenantId);
  if (f.from) q = q.where('c.source_lang', '=', f.from);
  if (f.to) q = q.where('c.target_lang', '=', f.to);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('c.source_text', 'ilike', like), eb('c.text', 'ilike', like)]));
  }
  return pageAndTotal(q, f, (q) =>
    q
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.source_lang',
        'c.target_lang',
        'c.source_text',
        'c.text',
        'c.user_id',
        'u.account',
        'c.updated_at',
      ])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
}

/** Deletes the tenant's corrections with these ids; returns the deleted rows. */
export function deleteCorrectionEntries(db: Db, tenantId: number, ids: number[]) {
  return db
    .deleteFrom('translation_corrections')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning(['id', 'source_lang', 'target_lang', 'source_text', 'text'])
    .execute();
}
