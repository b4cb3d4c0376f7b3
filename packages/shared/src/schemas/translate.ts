import { z } from 'zod';
import { COPYABLE_FIELDS, DESC_LANGUAGE_KEYS } from '../constants/goods.js';
import { dbId, pageQuery } from './common.js';
import { idsField } from './goods.js';
import { libraryId } from './goods-library.js';

/** Most texts one translate call takes, and the longest text. */
export const TRANSLATE_LIMITS = { texts: 500, textChars: 10_000 } as const;

const lang = z.enum(DESC_LANGUAGE_KEYS as unknown as [string, ...string[]], { error: '语言不支持' });
const fromLang = z.union([z.literal('auto'), lang], { error: '源语言不支持' }).default('auto');
const text = z
  .string({ error: '翻译内容必须为文本' })
  .max(TRANSLATE_LIMITS.textChars, { error: `单条翻译内容不能超过${TRANSLATE_LIMITS.textChars}个字符` });

/** `arr` arrives as text (a JSON array string, spec section 7) or as an array. */
const textList = z
  .union([z.string(), z.array(z.unknown())], { error: '请提供要翻译的内容' })
  .transform((v, ctx) => {
    let list: unknown = v;
    if (typeof v === 'string') {
      try {
        list = JSON.parse(v);
      } catch {
        list = null;
      }
    }
    if (!Array.isArray(list) || list.some((t) => typeof t !== 'string')) {
      ctx.addIssue({ code: 'custom', message: 'arr必须是文本数组(JSON)' });
      return z.NEVER;
    }
    return list as string[];
  })
  .pipe(
    z
      .array(text)
      .min(1, { error: '请提供要翻译的内容' })
      .max(TRANSLATE_LIMITS.texts, { error: `一次最多翻译${TRANSLATE_LIMITS.texts}条` }),
  );

/** POST /transfer/mulObjGoogleTran. */
export const mulTranslateBody = z.strictObject({ arr: textList, to: lang, from: fromLang });
/** POST /transfer/googleTran. */
export const singleTranslateBody = z.strictObject({ word: text, to: lang, from: fromLang });
/** POST /transfer/saveCorrection: the user's own translation of `source`, reused next time. */
export const saveCorrectionBody = z.strictObject({
  source: text.min(1, { error: '原文不能为空' }),
  from: fromLang,
  to: lang,
  text: text.min(1, { error: '译文不能为空' }),
});

/** A glossary entry's id (a `serial` column). */
const glossaryId = dbId('ID', 'integer');

/** POST /transfer/glossary/save: creates (no id) or changes an entry. */
export const glossarySaveBody = z.strictObject({
  id: glossaryId.optional(),
  term: z
    .string({ error: '请填写术语' })
    .trim()
    .min(1, { error: '请填写术语' })
    .max(100, { error: '术语不能超过100个字符' }),
  lang: z.union([z.literal(''), lang], { error: '语言不支持' }).default(''),
  translation: z.string().trim().max(200, { error: '译法不能超过200个字符' }).default(''),
});
/** POST /transfer/glossary/delete. */
export const glossaryDeleteBody = z.strictObject({
  ids: z.array(glossaryId, { error: '请选择要删除的术语' }).min(1, { error: '请选择要删除的术语' }).max(1000),
});

/** POST /transfer/translateGoods: a job over one or more products. */
export const translateGoodsBody = z.strictObject({
  ids: idsField,
  from: lang,
  to: z.array(lang, { error: '请选择目标语言' }).min(1, { error: '请选择目标语言' }),
  fields: z
    .array(z.enum(COPYABLE_FIELDS, { error: '字段不支持' }))
    .min(1, { error: '请选择字段' })
    .optional(),
  overwrite: z.boolean({ error: 'overwrite必须为布尔值' }).default(false),
});
/** GET /transfer/translateJob?id=. */
export const translateJobQuery = z.strictObject({ id: z.uuid({ error: '任务ID不合法' }) });
/** GET /transfer/usage?days=. */
export const translateUsageQuery = z.strictObject({
  days: z.coerce.number({ error: '天数必须为数字' }).int().min(1).max(366, { error: '最多查询366天' }).default(30),
});

/** How one translated field fits the marketplace limits (LISTING_LIMITS). */
export interface FieldFit {
  field: string;
  size: number;
  max: number;
  ok: boolean;
}

// ---------------------------------------------------------------- management screen and editor helpers

const keywordFilter = z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional();
const fromFilter = z.union([z.literal('auto'), lang], { error: '源语言不支持' }).optional();

/** GET /transfer/memory/list and /transfer/corrections/list: text search (source or translation) and language pair. */
export const translateMemoryQuery = z.strictObject({
  ...pageQuery,
  keyword: keywordFilter,
  from: fromFilter,
  to: lang.optional(),
});
/** POST /transfer/memory/delete and /transfer/corrections/delete. */
export const translateEntryDeleteBody = z.strictObject({
  ids: z
    .array(libraryId, { error: '请选择要删除的记录' })
    .min(1, { error: '请选择要删除的记录' })
    .max(1000, { error: '一次最多删除1000条' }),
});
/** POST /transfer/machineCheck: which target texts a machine delivered (the rest count as edited by hand). */
export const machineCheckBody = z.strictObject({
  to: lang,
  texts: z
    .array(text, { error: '请提供要检查的内容' })
    .min(1, { error: '请提供要检查的内容' })
    .max(TRANSLATE_LIMITS.texts, { error: `一次最多检查${TRANSLATE_LIMITS.texts}条` }),
});

/** A glossary entry (GET /transfer/glossary/list). */
export interface GlossaryEntry {
  id: number;
  term: string;
  /** '' = every language. */
  lang: string;
  /** '' = do not translate. */
  translation: string;
  created_at: number;
  updated_at: number;
}

/** A translation-memory entry: one provider answer (GET /transfer/memory/list). */
export interface MemoryEntry {
  id: number;
  provider: string;
  source_lang: string;
  target_lang: string;
  format: string;
  /** The source as sent to the provider (glossary terms, tags and placeholders as ⟦n⟧ tokens). */
  source_text: string;
  translated_text: string;
  created_at: number;
}

/** A stored user correction (GET /transfer/corrections/list). */
export interface CorrectionEntry {
  id: number;
  source_lang: string;
  target_lang: string;
  source_text: string;
  text: string;
  user_id: number;
  /** Account of the user who saved it ('' when that account is gone). */
  account: string;
  updated_at: number;
}

/** GET /transfer/usage. */
export interface TranslateUsage {
  provider: string;
  list: { provider: string; day: string; chars: number; texts: number }[];
  totals: Record<string, { chars: number; texts: number }>;
}

/** GET /transfer/status: the configured provider; `message` says how to configure one when there is none. */
export interface TranslateStatus {
  provider: string;
  configured: boolean;
  /** Translations are simulated and marked `[演示]`. */
  demo: boolean;
  message: string;
}

/** One product's outcome in a translation job (GET /transfer/translateJob `result`). */
export interface TranslateJobItem {
  id: number;
  status: 'done' | 'skipped' | 'failed';
  message?: string;
  version?: number;
  kept: { lang: string; field: string }[];
  limits: Record<string, FieldFit[]>;
}

/** GET /transfer/translateJob. */
export interface TranslateJobView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  total: number;
  result: TranslateJobItem[];
  error: string;
  created_at: number;
  finished_at: number | null;
}

export type TranslateMemoryQuery = z.infer<typeof translateMemoryQuery>;
export type MulTranslateBody = z.infer<typeof mulTranslateBody>;
export type TranslateGoodsBody = z.infer<typeof translateGoodsBody>;
export type GlossarySaveBody = z.infer<typeof glossarySaveBody>;
