import type { SensitiveHit } from '@console/shared/schemas/goods';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import {
  deleteSensitiveWords,
  insertSensitiveWords,
  listSensitiveWords,
  lockSensitiveWords,
  wordsForLangs,
} from './sensitive.repository.js';
import { matchSensitiveWordsSliced, type TextToCheck } from './sensitive-matcher.js';

/** Most words one request may add. */
export const SENSITIVE_BATCH_MAX = 5000;
const WORD_MAX = 100;

/**
 * Finds the tenant's sensitive words in a product's texts (each hit with language, field,
 * word and JS string offsets). The product save calls it to warn and highlight; it changes nothing.
 */
export async function findSensitiveWords(
  db: Kysely<DB>,
  tenantId: number,
  texts: TextToCheck[],
): Promise<SensitiveHit[]> {
  const withText = texts.filter((t) => t.text);
  if (withText.length === 0) return [];
  const words = await wordsForLangs(
    db,
    tenantId,
    withText.map((t) => t.lang),
  );
  return matchSensitiveWordsSliced(words, withText);
}

/** Words from a list or from text with one word per line (commas and semicolons also separate). */
export function splitWords(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(/\r\n|\r|\n|[,;，；、]/);
  return parts.map((w) => w.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** Adds many words at once; duplicates (any case, in the input or already stored) are skipped. */
export async function addSensitiveWords(deps: AppDeps, actor: Actor, lang: string, input: string | string[]) {
  const words = splitWords(input);
  if (words.length === 0) throw badRequest('请填写敏感词');
  if (words.length > SENSITIVE_BATCH_MAX) throw badRequest(`一次最多添加${SENSITIVE_BATCH_MAX}个敏感词`);
  const tooLong = words.find((w) => w.length > WORD_MAX);
  if (tooLong) throw badRequest(`敏感词不能超过${WORD_MAX}个字符: ${tooLong.slice(0, 20)}…`);
  const seen = new Set<string>();
  const unique = words.filter((w) => {
    const key = w.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const added = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertSensitiveWords(trx, actor.tenantId, actor.userId, lang, unique);
    await audit(trx, actor, {
      action: 'goods.sensitive.create',
      targetType: 'goods_sensitive_word',
      targetId: lang,
      after: { lang, words: inserted },
    });
    return inserted;
  });
  return { added: added.length, duplicate: words.length - added.length, words: added };
}

/** One page of the library. */
export function listSensitive(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; lang?: string | undefined; keyword?: string | undefined },
) {
  return listSensitiveWords(deps.db, tenantId, f);
}

/** Deletes words; any missing (or another tenant's) id is 404 and then nothing is deleted. */
export async function removeSensitiveWords(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockSensitiveWords(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('敏感词不存在');
    const deleted = await deleteSensitiveWords(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'goods.sensitive.delete',
      targetType: 'goods_sensitive_word',
      targetId: unique.join(','),
      before: { words: rows.map((r) => ({ lang: r.lang, word: r.word })) },
    });
    return deleted;
  });
}
