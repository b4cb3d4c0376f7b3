import { z } from 'zod';
import { COPYABLE_FIELDS, DESC_LANGUAGE_KEYS } from '../constants/goods.js';
import { dbId, paged, pageQuery } from './common.js';
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
export const fieldFit = z.object({ field: z.string(), size: z.number().int(), max: z.number().int(), ok: z.boolean() });
export type FieldFit = z.infer<typeof fieldFit>;

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

const int_ = z.number().int();

/** A glossary entry (GET /transfer/glossary/list). */
export const glossaryEntry = z.object({
  id: int_,
  term: z.string(),
  /** '' = every language. */
  lang: z.string(),
  /** '' = do not translate. */
  translation: z.string(),
  created_at: int_,
  updated_at: int_,
});
export type GlossaryEntry = z.infer<typeof glossaryEntry>;

/** A translation-memory entry: one provider answer (GET /transfer/memory/list). */
export const memoryEntry = z.object({
  id: int_,
  provider: z.string(),
  source_lang: z.string(),
  target_lang: z.string(),
  format: z.string(),
  /** The source as sent to the provider (glossary terms, tags and placeholders as ⟦n⟧ tokens). */
  source_text: z.string(),
  translated_text: z.string(),
  created_at: int_,
});
export type MemoryEntry = z.infer<typeof memoryEntry>;
/** GET /transfer/memory/list. */
export const memoryPage = paged(memoryEntry);

/** A stored user correction (GET /transfer/corrections/list). */
export const correctionEntry = z.object({
  id: int_,
  source_lang: z.string(),
  target_lang: z.string(),
  source_text: z.string(),
  text: z.string(),
  user_id: int_,
  /** Account of the user who saved it ('' when that account is gone). */
  account: z.string(),
  updated_at: int_,
});
export type CorrectionEntry = z.infer<typeof correctionEntry>;
/** GET /transfer/corrections/list. */
export const correctionPage = paged(correctionEntry);

/** GET /transfer/usage. */
export const translateUsage = z.object({
  provider: z.string(),
  list: z.array(z.object({ provider: z.string(), day: z.string(), chars: int_, texts: int_ })),
  totals: z.record(z.string(), z.object({ chars: int_, texts: int_ })),
});
export type TranslateUsage = z.infer<typeof translateUsage>;

/** GET /transfer/status: the configured provider; `message` says how to configure one when there is none. */
export const translateStatus = z.object({
  provider: z.string(),
  configured: z.boolean(),
  /** Translations are simulated and marked `[演示]`. */
  demo: z.boolean(),
  message: z.string(),
});
export type TranslateStatus = z.infer<typeof translateStatus>;

/** One product's outcome in a translation job (GET /transfer/translateJob `result`). */
export const translateJobItem = z.object({
  id: int_,
  status: z.enum(['done', 'skipped', 'failed']),
  message: z.string().optional(),
  version: int_.optional(),
  kept: z.array(z.object({ lang: z.string(), field: z.string() })),
  limits: z.record(z.string(), z.array(fieldFit)),
});
export type TranslateJobItem = z.infer<typeof translateJobItem>;

/** GET /transfer/translateJob. */
export const translateJobView = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: int_,
  total: int_,
  result: z.array(translateJobItem),
  error: z.string(),
  created_at: int_,
  finished_at: int_.nullable(),
});
export type TranslateJobView = z.infer<typeof translateJobView>;

/** POST /transfer/translateGoods: the job to poll. */
export const translateJobStarted = z.object({ job_id: z.string(), total: int_ });
/** POST /transfer/mulObjGoogleTran: the translations in the order of `arr`. */
export const translationsData = z.array(z.string());
/** POST /transfer/googleTran: the translation of `word`. */
export const translationData = z.string();
/** POST /transfer/glossary/save: the entry's id. */
export const glossarySavedData = z.object({ id: int_ });
/** POST /transfer/machineCheck: per text, whether a machine delivered it. */
export const machineCheckData = z.object({ machine: z.array(z.boolean()) });

export type TranslateMemoryQuery = z.infer<typeof translateMemoryQuery>;
export type MulTranslateBody = z.infer<typeof mulTranslateBody>;
export type TranslateGoodsBody = z.infer<typeof translateGoodsBody>;
export type GlossarySaveBody = z.infer<typeof glossarySaveBody>;
