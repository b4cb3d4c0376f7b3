import type { GlossarySaveBody } from '@console/shared/schemas/translate';
import type { Actor, AppDeps } from '../../context.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.js';
import {
  deleteGlossaryEntries,
  glossaryTermTaken,
  insertGlossaryEntryIfFree,
  listGlossary,
  lockGlossaryEntry,
  updateGlossaryEntry,
} from '../../translation/glossary.repository.js';
import { audit } from '../system/audit.js';

const TAKEN = '该术语已存在';
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The tenant's glossary, for the editor and the management screen. */
export async function glossaryList(deps: AppDeps, tenantId: number) {
  const rows = await listGlossary(deps.db, tenantId);
  return rows.map((r) => ({ ...r, created_at: seconds(r.created_at), updated_at: seconds(r.updated_at) }));
}

/** Creates or changes an entry; the same term twice for one language is refused. */
export async function glossarySave(deps: AppDeps, actor: Actor, body: GlossarySaveBody) {
  const e = { term: body.term, lang: body.lang, translation: body.translation };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (body.id === undefined) {
        const row = await insertGlossaryEntryIfFree(trx, actor.tenantId, e);
        if (!row) throw conflict(TAKEN);
        await audit(trx, actor, {
          action: 'translate.glossary.create',
          targetType: 'translation_glossary',
          targetId: row.id,
          after: e,
        });
        return { id: row.id };
      }
      const before = await lockGlossaryEntry(trx, actor.tenantId, body.id);
      if (!before) throw notFound('术语不存在');
      // Checked first so an expected refusal leaves no error in PostgreSQL's log; a concurrent save
      // of the same term still meets the unique index (caught below).
      if (await glossaryTermTaken(trx, actor.tenantId, e.term, e.lang, body.id)) throw conflict(TAKEN);
      await updateGlossaryEntry(trx, actor.tenantId, body.id, e);
      await audit(trx, actor, {
        action: 'translate.glossary.update',
        targetType: 'translation_glossary',
        targetId: body.id,
        before: { term: before.term, lang: before.lang, translation: before.translation },
        after: e,
      });
      return { id: body.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TAKEN);
    throw err;
  }
}

/** Deletes entries; any missing (or another tenant's) id is 404 and nothing is deleted. */
export async function glossaryDelete(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await deleteGlossaryEntries(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('术语不存在');
    await audit(trx, actor, {
      action: 'translate.glossary.delete',
      targetType: 'translation_glossary',
      targetId: unique.join(','),
      before: rows.map((r) => ({ term: r.term, lang: r.lang, translation: r.translation })),
    });
    return rows.length;
  });
}
