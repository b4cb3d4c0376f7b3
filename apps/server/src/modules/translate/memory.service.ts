import type { Paged } from '@console/shared/schemas/common';
import type {
  CorrectionEntry,
  MemoryEntry,
  TranslateMemoryQuery,
  TranslateStatus,
} from '@console/shared/schemas/translate';
import type { Actor, AppDeps } from '../../context.js';
import { notFound } from '../../lib/app-error.js';
import {
  deleteCorrectionEntries,
  deleteMemoryEntries,
  listCorrectionEntries,
  listMemoryEntries,
  machineOutputs,
} from '../../translation/memory.repository.js';
import { TRANSLATE_MSG } from '../../translation/translate-errors.js';
import { audit } from '../system/audit.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** Long texts are cut in the operation log (the log is for review, not a backup). */
const clip = (t: string) => (t.length > 200 ? `${t.slice(0, 200)}…` : t);

/** One page of the tenant's translation memory (provider answers), newest first. */
export async function memoryList(
  deps: AppDeps,
  tenantId: number,
  q: TranslateMemoryQuery,
): Promise<Paged<MemoryEntry>> {
  const r = await listMemoryEntries(deps.db, tenantId, q);
  return {
    list: r.rows.map((m) => ({ ...m, created_at: seconds(m.created_at) })),
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Deletes memory entries (the next translation of those texts asks the provider again).
 * Any missing or another tenant's id is 404 and nothing is deleted.
 */
export async function memoryDelete(deps: AppDeps, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await deleteMemoryEntries(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('翻译记忆不存在');
    await audit(trx, actor, {
      action: 'translate.memory.delete',
      targetType: 'translation_memory',
      targetId: unique.join(','),
      before: rows.slice(0, 100).map((r) => ({
        id: r.id,
        provider: r.provider,
        pair: `${r.source_lang}->${r.target_lang}`,
        source: clip(r.source_text),
        text: clip(r.translated_text),
      })),
    });
    return rows.length;
  });
}

/** One page of the tenant's stored corrections, most recently saved first. */
export async function correctionList(
  deps: AppDeps,
  tenantId: number,
  q: TranslateMemoryQuery,
): Promise<Paged<CorrectionEntry>> {
  const r = await listCorrectionEntries(deps.db, tenantId, q);
  return {
    list: r.rows.map((c) => ({ ...c, account: c.account ?? '', updated_at: seconds(c.updated_at) })),
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Deletes corrections (later translations of those texts come from the memory or the provider
 * again). Any missing or another tenant's id is 404 and nothing is deleted.
 */
export async function correctionDelete(deps: AppDeps, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await deleteCorrectionEntries(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('人工修正不存在');
    await audit(trx, actor, {
      action: 'translate.correction.delete',
      targetType: 'translation_correction',
      targetId: unique.join(','),
      before: rows.slice(0, 100).map((r) => ({
        id: r.id,
        pair: `${r.source_lang}->${r.target_lang}`,
        source: clip(r.source_text),
        text: clip(r.text),
      })),
    });
    return rows.length;
  });
}

/**
 * For each text: whether a machine (or a stored correction) delivered it for this target
 * language in this tenant. The editor keeps the others (edited by hand) unless the user asks
 * to overwrite, the same rule as the product job (docs/translation.md).
 */
export async function machineCheck(deps: AppDeps, tenantId: number, to: string, texts: string[]): Promise<boolean[]> {
  const machine = await machineOutputs(deps.db, tenantId, to, texts);
  return texts.map((t) => t === '' || machine.has(t));
}

/** Which provider is configured, so the editor can say how to configure one before a call fails. */
export function translateStatus(deps: AppDeps): TranslateStatus {
  const provider = deps.config.translateProvider;
  const configured = provider !== 'none';
  return { provider, configured, demo: provider === 'demo', message: configured ? '' : TRANSLATE_MSG.notConfigured };
}
