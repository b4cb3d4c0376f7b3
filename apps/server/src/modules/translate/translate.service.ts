import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { entriesFor, protect, restore } from '../../translation/glossary.js';
import { listGlossary } from '../../translation/glossary.repository.js';
import {
  addUsage,
  findCorrections,
  findMemory,
  listUsage,
  recordOutputs,
  saveMemory,
  textHash,
  upsertCorrection,
} from '../../translation/memory.repository.js';
import type { TextFormat } from '../../translation/provider.js';
import { providerOf } from '../../translation/provider-factory.js';
import { audit } from '../system/audit.js';

/** One translate request of a tenant. */
export interface TranslateRequest {
  texts: string[];
  to: string;
  from: string;
  format: TextFormat;
}

/** Translations in input order, and how many texts the provider actually got. */
export interface TranslateOutcome {
  translations: string[];
  sent: number;
}

/**
 * The translation pipeline: a stored correction wins; else glossary terms, tags and
 * placeholders are protected by tokens, the memory answers what it knows, only the rest goes
 * to the provider (stored afterwards), tokens are restored. Usage counts what was sent.
 */
export async function translateTexts(
  deps: AppDeps,
  tenantId: number,
  req: TranslateRequest,
): Promise<TranslateOutcome> {
  const provider = providerOf(deps.config);
  const db = deps.db;
  const out = req.texts.map((t) => (t.trim() === '' || req.from === req.to ? t : undefined));
  const todo = [...new Set(req.texts.filter((_, i) => out[i] === undefined))];
  if (todo.length === 0) return { translations: out.map((t) => t ?? ''), sent: 0 };

  const corrections = await findCorrections(db, tenantId, req.from, req.to, todo.map(textHash));
  const glossary = entriesFor(await listGlossary(db, tenantId), req.to);
  const result = new Map<string, string>();
  const pending: { source: string; masked: string; tokens: string[] }[] = [];
  for (const source of todo) {
    const corrected = corrections.get(textHash(source));
    if (corrected !== undefined) result.set(source, corrected);
    else pending.push({ source, ...protect(source, glossary) });
  }

  const key = { provider: provider.name, from: req.from, to: req.to, format: req.format };
  const memory = await findMemory(db, tenantId, key, [...new Set(pending.map((p) => textHash(p.masked)))]);
  const misses = [...new Set(pending.map((p) => p.masked).filter((m) => !memory.has(textHash(m))))];
  if (misses.length > 0) {
    const r = await provider.translate(misses, req.to, req.from, req.format);
    await saveMemory(
      db,
      tenantId,
      key,
      misses.map((source, i) => ({ source, translated: r.translations[i]! })),
    );
    for (const [i, m] of misses.entries()) memory.set(textHash(m), r.translations[i]!);
    await addUsage(
      db,
      tenantId,
      provider.name,
      misses.reduce((n, t) => n + t.length, 0),
      misses.length,
    );
  }
  for (const p of pending) result.set(p.source, restore(memory.get(textHash(p.masked))!, p.tokens));
  const translations = req.texts.map((t, i) => out[i] ?? result.get(t) ?? '');
  await recordOutputs(db, tenantId, req.to, [...result.values()]);
  return { translations, sent: misses.length };
}

/** Stores the user's own translation of a text; the next translation of that text in that pair uses it. */
export async function saveCorrection(
  deps: AppDeps,
  actor: Actor,
  c: { source: string; from: string; to: string; text: string },
) {
  await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const before = await upsertCorrection(trx, actor.tenantId, actor.userId, c);
    await recordOutputs(trx, actor.tenantId, c.to, [c.text]);
    await audit(trx, actor, {
      action: 'translate.correction',
      targetType: 'translation_correction',
      targetId: `${c.from}->${c.to}:${textHash(c.source).slice(0, 12)}`,
      before: before === undefined ? null : { text: before },
      after: { source: c.source.slice(0, 200), text: c.text.slice(0, 200) },
    });
  });
}

/** Characters sent per provider and day (admins), with totals per provider. */
export async function usageOf(deps: AppDeps, tenantId: number, days: number) {
  const rows = await listUsage(deps.db, tenantId, days);
  const totals: Record<string, { chars: number; texts: number }> = {};
  for (const r of rows) {
    const t = totals[r.provider] ?? { chars: 0, texts: 0 };
    totals[r.provider] = t;
    t.chars += Number(r.chars);
    t.texts += r.texts;
  }
  return { provider: deps.config.translateProvider, list: rows.map((r) => ({ ...r, chars: Number(r.chars) })), totals };
}
