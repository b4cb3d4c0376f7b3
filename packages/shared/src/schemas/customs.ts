import { z } from 'zod';
import { creditCodeError } from '../customs/credit-code.js';
import { CUSTOMS_UNITS, hsCodeError, normalizeHsCode, VALUE_RULES } from '../customs/hs-code.js';
import { IOSS_NUMBER, IOSS_REASON_TEXT } from '../customs/ioss.js';
import { CURRENCIES } from '../money/currencies.js';
import { MSG } from '../validation/rules.js';
import { dbId, paged, pageQuery, requiredString } from './common.js';

/**
 * Customs (issue 18 §3): HS codes with declared names and value rules (`/order/hs-code`),
 * production and sales unit records (`/order/order_customs_info`), the operator's IOSS
 * number. See docs/customs.md.
 */

const keyword = z
  .string()
  .trim()
  .max(100, { error: MSG.maxLength(100) })
  .optional();
const version = z.coerce
  .number({ error: '版本号必须为数字' })
  .int({ error: '版本号不合法' })
  .min(1, { error: '版本号不合法' })
  .max(2_147_483_647, { error: '版本号不合法' });
const optionalText = (max: number) =>
  z
    .string({ error: '格式不正确' })
    .trim()
    .max(max, { error: MSG.maxLength(max) })
    .default('');

/** An HS code id. */
export const hsCodeId = dbId('海关编码ID');
/** A production and sales unit id. */
export const customsUnitId = dbId('备案ID');

/** GET .../get?id=. */
export const customsIdQuery = z.strictObject({ id: dbId('ID') });
/** POST .../delete. */
export const customsIdsBody = z.strictObject({
  ids: z
    .array(dbId('ID'), { error: '请选择要操作的记录' })
    .min(1, { error: '请选择要操作的记录' })
    .max(500, { error: '一次最多操作500条' }),
});

// ---------------------------------------------------------------- HS codes (海关编码)

/** The code as typed ("8517.62.00.00" or "8517620000"), checked and kept as digits. */
const hsCodeText = z
  .string({ error: '请填写HS编码' })
  .transform(normalizeHsCode)
  .superRefine((code, ctx) => {
    if (code === '') ctx.addIssue({ code: 'custom', message: '请填写HS编码' });
    else {
      const error = hsCodeError(code);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }
  });
const valueRule = z.enum(Object.keys(VALUE_RULES) as [keyof typeof VALUE_RULES], { error: '请选择申报价值规则' });
const unit = z.enum(CUSTOMS_UNITS, { error: '请选择申报单位' });
const currency = z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES], { error: '币种不支持' });
const linkIds = (label: string) =>
  z
    .array(dbId(`${label}ID`), { error: `${label}格式不正确` })
    .max(200, { error: `最多关联200个${label}` })
    .default([]);

const hsFields = {
  hs_code: hsCodeText,
  name_cn: requiredString(100),
  name_en: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: '请填写英文申报品名' })
    .max(100, { error: MSG.maxLength(100) })
    .regex(/^[\x20-\x7E]+$/, { error: '英文申报品名只能包含英文字母、数字和常用符号' }),
  unit,
  value_rule: valueRule,
  /** Percent of the order amount, 1-100 (ratio rule only). */
  value_ratio: z.coerce
    .number({ error: '申报比例必须为数字' })
    .int({ error: '申报比例必须为整数' })
    .min(1, { error: '申报比例应在1-100之间' })
    .max(100, { error: '申报比例应在1-100之间' })
    .nullable()
    .default(null),
  /** Fixed value per unit as decimal text in `value_currency` ("4.50"; fixed rule only). */
  value_fixed: z.string({ error: '固定申报价值格式不正确' }).trim().max(20).nullable().default(null),
  value_currency: currency.nullable().default(null),
  remark: optionalText(200),
  category_ids: linkIds('分类'),
  goods_ids: linkIds('商品'),
};

/** The rule's own fields must be present (and the others absent) for the chosen rule. */
function checkRule(
  v: {
    value_rule?: string | undefined;
    value_ratio?: number | null;
    value_fixed?: string | null;
    value_currency?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.value_rule === 'ratio' && v.value_ratio == null) {
    ctx.addIssue({ code: 'custom', message: '请填写申报比例', path: ['value_ratio'] });
  }
  if (v.value_rule === 'fixed') {
    if (!v.value_fixed) ctx.addIssue({ code: 'custom', message: '请填写固定申报价值', path: ['value_fixed'] });
    if (!v.value_currency) ctx.addIssue({ code: 'custom', message: '请选择申报币种', path: ['value_currency'] });
  }
}

/** POST /customs/hs-code/create. */
export const hsCodeCreateBody = z.strictObject(hsFields).superRefine(checkRule);
/** POST /customs/hs-code/update: every field again (the dialog sends the whole record) and the version read. */
export const hsCodeUpdateBody = z.strictObject({ id: hsCodeId, version, ...hsFields }).superRefine(checkRule);
export type HsCodeCreateBody = z.infer<typeof hsCodeCreateBody>;
export type HsCodeUpdateBody = z.infer<typeof hsCodeUpdateBody>;
/** GET /customs/hs-code/list. */
export const hsCodeListQuery = z.strictObject({ ...pageQuery, keyword });

/** A linked category or product, with its name as the list shows it. */
const linkRow = z.object({ id: z.number().int(), name: z.string() });
/** One HS code. Times are unix seconds; `value_fixed` is decimal text of `value_currency`. */
export const hsCodeRow = z.object({
  id: z.number().int(),
  hs_code: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
  unit: z.string(),
  value_rule: valueRule,
  value_ratio: z.number().int().nullable(),
  value_fixed: z.string().nullable(),
  value_currency: z.string().nullable(),
  remark: z.string(),
  categories: z.array(linkRow),
  goods: z.array(linkRow),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type HsCodeRow = z.infer<typeof hsCodeRow>;
export const hsCodePage = paged(hsCodeRow);

// ---------------------------------------------------------------- production and sales units (生产销售单位备案)

const creditCode = z
  .string({ error: '请填写统一社会信用代码' })
  .trim()
  .transform((s) => s.toUpperCase())
  .superRefine((code, ctx) => {
    const error = code === '' ? '请填写统一社会信用代码' : creditCodeError(code);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
/** A mobile (spec section 5: 11 digits starting with 1) or a landline with its area code. */
const contactPhone = z
  .string({ error: '请填写联系电话' })
  .trim()
  .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, { error: '联系电话格式不正确(11位手机号或带区号的固定电话)' });

const unitFields = {
  name: requiredString(100),
  credit_code: creditCode,
  address: requiredString(200),
  contact_name: requiredString(50),
  contact_phone: contactPhone,
  /** The unit used on declarations unless another is chosen (one per tenant). */
  is_default: z.boolean({ error: '默认标记格式不正确' }).default(false),
  remark: optionalText(200),
};
/** POST /customs/unit/create. */
export const customsUnitCreateBody = z.strictObject(unitFields);
/** POST /customs/unit/update. */
export const customsUnitUpdateBody = z.strictObject({ id: customsUnitId, version, ...unitFields });
export type CustomsUnitCreateBody = z.infer<typeof customsUnitCreateBody>;
export type CustomsUnitUpdateBody = z.infer<typeof customsUnitUpdateBody>;
/** GET /customs/unit/list. */
export const customsUnitListQuery = z.strictObject({ ...pageQuery, keyword });
/** One record. */
export const customsUnitRow = z.object({
  id: z.number().int(),
  name: z.string(),
  credit_code: z.string(),
  address: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  is_default: z.boolean(),
  remark: z.string(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type CustomsUnitRow = z.infer<typeof customsUnitRow>;
export const customsUnitPage = paged(customsUnitRow);

// ---------------------------------------------------------------- the operator's IOSS number

/** GET /customs/ioss: the platform's IOSS number and the date of the rates the check uses. */
export const iossSetting = z.object({
  ioss_number: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.number().int().nullable(),
  rates_as_of: z.string(),
});
export type IossSetting = z.infer<typeof iossSetting>;
/** POST /customs/ioss/update: an empty number clears it. */
export const iossUpdateBody = z.strictObject({
  ioss_number: z
    .string({ error: 'IOSS编号格式不正确' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => s === '' || IOSS_NUMBER.test(s), { error: 'IOSS编号应为IM加10位数字,例如IM2760000001' }),
  /** The version read (0 when never set). */
  version: z.coerce.number({ error: '版本号必须为数字' }).int().min(0).max(2_147_483_647),
});
/** POST /customs/ioss/check: what a declaration to `country` worth `value` would carry. */
export const iossCheckBody = z.strictObject({
  country: z
    .string({ error: '请填写目的国' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: '目的国应为两位国家代码,例如DE' }),
  value: z.string({ error: '请填写货值' }).trim().min(1, { error: '请填写货值' }).max(20, { error: '货值格式不正确' }),
  currency,
});
/** The decision (see `iossDecision`). */
export const iossCheckResult = z.object({
  applies: z.boolean(),
  ioss_number: z.string().nullable(),
  reason: z.enum(Object.keys(IOSS_REASON_TEXT) as [keyof typeof IOSS_REASON_TEXT]),
  reason_text: z.string(),
  value_eur: z.string().nullable(),
  rates_as_of: z.string(),
});
