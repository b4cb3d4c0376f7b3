import { z } from 'zod';
import { MARKETPLACES } from '../constants/marketplaces.js';
import { EMAIL_RE, MSG } from '../validation/rules.js';
import { dbId, dbIdList, paged, pageQuery, requiredString } from './common.js';
import { goodsFilterSchema } from './goods.js';

/**
 * GPSR helper (`/index/gpsr` GPSR提交助手, issue 31 §3, docs/gpsr.md): reusable compliance
 * profiles (manufacturer, EU responsible person, safety attestation, warnings, documents),
 * applied to products per EU marketplace; the upload maps them to the product type's GPSR
 * attributes; a check lists products the EU would refuse.
 */

/** The EU member states' marketplaces of the marketplace table (GPSR applies there; the UK is not in the EU). */
const EU_ISO = new Set(['DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE', 'BE', 'IE']);
export const GPSR_MARKETPLACES = MARKETPLACES.filter((m) => EU_ISO.has(m.iso)).map((m) => m.code);
export type GpsrMarketplace = (typeof GPSR_MARKETPLACES)[number];

/** Languages of the EU marketplaces' listings (the two letters of their Amazon language tags) plus English. */
export const GPSR_LANGUAGES = ['de', 'fr', 'it', 'es', 'nl', 'pl', 'sv', 'en'] as const;
export type GpsrLanguage = (typeof GPSR_LANGUAGES)[number];
export const GPSR_LANGUAGE_NAMES: Record<GpsrLanguage, string> = {
  de: '德语',
  fr: '法语',
  it: '意大利语',
  es: '西班牙语',
  nl: '荷兰语',
  pl: '波兰语',
  sv: '瑞典语',
  en: '英语',
};

/** Amazon's `compliance_media.content_type` values a GPSR document is usually one of. */
export const GPSR_DOC_TYPES = {
  safety_information: '安全信息',
  instructions_for_use: '使用说明',
  user_manual: '用户手册',
  certificate_of_compliance: '合规证书',
  safety_data_sheet: '安全数据表',
} as const;
export type GpsrDocType = keyof typeof GPSR_DOC_TYPES;

/** What a profile may lack for the EU, with the sentence the check shows. */
export const GPSR_MISSING = {
  no_profile: '未应用合规档案',
  manufacturer: '制造商信息不完整(名称、邮寄地址、电子邮箱)',
  responsible: '欧盟负责人信息不完整(名称、邮寄地址、电子邮箱)',
  safety: '未确认安全声明,也没有警告语或安全文件',
} as const;
export type GpsrMissing = keyof typeof GPSR_MISSING;

/** Most documents per profile and the largest document. */
export const GPSR_MAX_DOCS = 10;
export const GPSR_MAX_DOC_BYTES = 10 * 1024 * 1024;
export const GPSR_DOC_TYPES_MSG = '只支持 PDF、JPG、PNG 格式的文件';
/** Most products one apply call may change. */
export const GPSR_MAX_APPLY = 20_000;

const text = (max: number) =>
  z
    .string({ error: '格式不正确' })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .default('');
const email = z
  .string({ error: '格式不正确' })
  .trim()
  .max(100, { error: MSG.maxLength(100) })
  .refine((v) => v === '' || EMAIL_RE.test(v), { error: MSG.email })
  .default('');

const gpsrMarketplace = z
  .string({ error: '站点不合法' })
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is GpsrMarketplace => (GPSR_MARKETPLACES as string[]).includes(s), {
    error: '只能选择欧盟站点(德国、法国、意大利、西班牙、荷兰、波兰、瑞典、比利时)',
  });

/** A document of a profile: a file uploaded through `POST /gpsr/document/upload`. */
export const gpsrDocument = z.strictObject({
  url: z
    .string({ error: '文件地址不合法' })
    .regex(/^\/PDD\/files\/t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg|png)$/, { error: '请先上传文件' }),
  name: requiredString(200),
  size: z.number().int().min(0).max(GPSR_MAX_DOC_BYTES),
  doc_type: z.enum(Object.keys(GPSR_DOC_TYPES) as [GpsrDocType], { error: '请选择文件类型' }),
  language: z.enum(GPSR_LANGUAGES, { error: '请选择文件语言' }),
});
export type GpsrDocument = z.infer<typeof gpsrDocument>;

const profileFields = {
  name: requiredString(100),
  manufacturer_name: text(100),
  manufacturer_address: text(500),
  manufacturer_email: email,
  rp_name: text(100),
  rp_address: text(500),
  rp_email: email,
  safety_attestation: z.boolean({ error: '格式不正确' }).default(false),
  /** Safety warnings per language (free text, each optional). */
  warnings: z.partialRecord(z.enum(GPSR_LANGUAGES, { error: '语言不支持' }), text(2000)).default({}),
  documents: z
    .array(gpsrDocument, { error: '格式不正确' })
    .max(GPSR_MAX_DOCS, { error: `最多上传${GPSR_MAX_DOCS}个文件` })
    .default([]),
  remark: text(500),
};

export const gpsrProfileCreateBody = z.strictObject(profileFields);
export type GpsrProfileCreateBody = z.infer<typeof gpsrProfileCreateBody>;
export const gpsrProfileUpdateBody = z.strictObject({
  id: dbId('档案ID'),
  version: z.number({ error: '版本号不合法' }).int().min(1).max(2_147_483_647),
  ...profileFields,
});
export type GpsrProfileUpdateBody = z.infer<typeof gpsrProfileUpdateBody>;

export const gpsrIdQuery = z.strictObject({ id: dbId('档案ID') });
export const gpsrIdsBody = z.strictObject({
  ids: z
    .array(dbId('档案ID'), { error: '请选择档案' })
    .min(1, { error: '请选择档案' })
    .max(100, { error: '一次最多操作100条' }),
});
export const gpsrProfileListQuery = z.strictObject({
  ...pageQuery,
  keyword: z
    .string()
    .trim()
    .max(100, { error: MSG.maxLength(100) })
    .optional(),
});

export const gpsrProfileRow = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturer_name: z.string(),
  manufacturer_address: z.string(),
  manufacturer_email: z.string(),
  rp_name: z.string(),
  rp_address: z.string(),
  rp_email: z.string(),
  safety_attestation: z.boolean(),
  warnings: z.record(z.string(), z.string()),
  documents: z.array(gpsrDocument),
  remark: z.string(),
  missing: z.array(z.string()),
  /** Product x marketplace pairs using the profile. */
  used: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type GpsrProfileRow = z.infer<typeof gpsrProfileRow>;
export const gpsrProfilePage = paged(gpsrProfileRow);

/** The account's compliance fields a new profile starts from. */
export const gpsrDefaults = z.object({ manufacturer_email: z.string(), rp_email: z.string() });

export const gpsrUploadedDocument = z.object({ url: z.string(), name: z.string(), size: z.number().int() });

/** `POST /gpsr/apply`: a profile for products (ids or a product-list filter) in EU marketplaces. */
export const gpsrApplyBody = z
  .strictObject({
    profile_id: dbId('档案ID'),
    marketplaces: z
      .array(gpsrMarketplace, { error: '请选择站点' })
      .min(1, { error: '请选择站点' })
      .max(GPSR_MARKETPLACES.length),
    ids: dbIdList({ label: '商品ID', empty: '请选择商品', invalid: '商品ID列表不合法' }).optional(),
    filter: goodsFilterSchema.optional(),
  })
  .refine((b) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1, { error: '请选择商品或筛选条件' });
export type GpsrApplyBody = z.infer<typeof gpsrApplyBody>;
export const gpsrApplyResult = z.object({ goods: z.number().int(), pairs: z.number().int() });

/** `POST /gpsr/remove` (移除资料): the products keep no profile in the chosen EU marketplaces. */
export const gpsrRemoveBody = z
  .strictObject({
    marketplaces: z
      .array(gpsrMarketplace, { error: '请选择站点' })
      .min(1, { error: '请选择站点' })
      .max(GPSR_MARKETPLACES.length),
    ids: dbIdList({ label: '商品ID', empty: '请选择商品', invalid: '商品ID列表不合法' }).optional(),
    filter: goodsFilterSchema.optional(),
  })
  .refine((b) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1, { error: '请选择商品或筛选条件' });
export type GpsrRemoveBody = z.infer<typeof gpsrRemoveBody>;
/** How many products were chosen and how many product x marketplace links were removed. */
export const gpsrRemoveResult = z.object({ goods: z.number().int(), pairs: z.number().int() });

/** `GET /gpsr/check`: the products one EU marketplace would refuse for missing GPSR data. */
export const gpsrCheckQuery = z.strictObject({
  ...pageQuery,
  marketplace: gpsrMarketplace.default('de'),
  keyword: z
    .string()
    .trim()
    .max(100, { error: MSG.maxLength(100) })
    .optional(),
});
export const gpsrCheckRow = z.object({
  goods_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  image: z.string(),
  profile_id: z.number().int().nullable(),
  profile_name: z.string().nullable(),
  missing: z.array(z.string()),
});
export const gpsrCheckPage = paged(gpsrCheckRow).extend({
  /** Products refused per EU marketplace (the tabs' counts). */
  counts: z.record(z.string(), z.number().int()),
});

/** What a profile lacks for the EU (empty: complete). */
export function gpsrMissing(p: {
  manufacturer_name: string;
  manufacturer_address: string;
  manufacturer_email: string;
  rp_name: string;
  rp_address: string;
  rp_email: string;
  safety_attestation: boolean;
  warnings: Partial<Record<string, string>>;
  documents: readonly unknown[];
}): GpsrMissing[] {
  const out: GpsrMissing[] = [];
  if (!p.manufacturer_name.trim() || !p.manufacturer_address.trim() || !p.manufacturer_email.trim())
    out.push('manufacturer');
  if (!p.rp_name.trim() || !p.rp_address.trim() || !p.rp_email.trim()) out.push('responsible');
  const warned = Object.values(p.warnings).some((w) => (w ?? '').trim() !== '');
  if (!p.safety_attestation && !warned && p.documents.length === 0) out.push('safety');
  return out;
}
