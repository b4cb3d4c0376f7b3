import type { MarketplaceCode } from './marketplaces.js';

/** Listing languages of the editor (spec section 3 "commonData.descs"): key and language value. */
export const DESC_LANGUAGES = [
  { key: 'zh-CN', langVal: 'zh-CN', label: '中文' },
  { key: 'en', langVal: 'UK', label: '英语' },
  { key: 'fr', langVal: 'FR', label: '法语' },
  { key: 'de', langVal: 'DE', label: '德语' },
  { key: 'it', langVal: 'IT', label: '意大利语' },
  { key: 'es', langVal: 'ES', label: '西班牙语' },
  { key: 'nl', langVal: 'nl', label: '荷兰语' },
  { key: 'ja', langVal: 'ja', label: '日语' },
  { key: 'se', langVal: 'sv', label: '瑞典语' },
  { key: 'pl', langVal: 'pl', label: '波兰语' },
  { key: 'br', langVal: 'pt', label: '葡萄牙语' },
  { key: 'ae', langVal: 'ar', label: '阿拉伯语' },
] as const;

export type DescLanguage = (typeof DESC_LANGUAGES)[number]['key'];
export const DESC_LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as readonly DescLanguage[];

/** The text fields of one language, and the fields that can be copied between languages. */
export const COPYABLE_FIELDS = ['title', 'bullet_points', 'search_terms', 'product_description'] as const;
export type CopyableField = (typeof COPYABLE_FIELDS)[number];

/** Product list type filter (spec section 9). 0 means all. */
export const GOODS_TYPES = [
  { value: 0, label: '全部' },
  { value: 7, label: '模型模板' },
  { value: 8, label: '通用模板' },
  { value: 1, label: '重点' },
  { value: 2, label: '原创' },
  { value: 3, label: '海外' },
  { value: 4, label: '采集' },
  { value: 5, label: '其他' },
  { value: 6, label: '产品库' },
] as const;
export const GOODS_TYPE_VALUES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** A product's own type 0 (the default of spec section 3) means no type chosen yet: 0 is 全部 only as a filter. */
export const GOODS_TYPE_UNSET_LABEL = '未分类';

/** The label of a product's type (not of the filter): 0 is 未分类, an unknown value '-'. */
export function goodsTypeLabel(type: number | null | undefined): string {
  if (!type) return GOODS_TYPE_UNSET_LABEL;
  return GOODS_TYPES.find((t) => t.value === type)?.label ?? '-';
}

/** Audit statuses (spec section 3) with their labels. */
export const AUDIT_STATUSES = {
  hasAudit: '已审核',
  willAudit: '待审核',
  useless: '无效',
} as const;
export type AuditStatus = keyof typeof AUDIT_STATUSES;
export const AUDIT_STATUS_KEYS = Object.keys(AUDIT_STATUSES) as AuditStatus[];

/**
 * What a product can still lack before upload: the list's 待完善 filter (`lack`) and the
 * product home page's counts.
 */
export const GOODS_LACKS = [
  { value: 'image', label: '没有图片' },
  { value: 'price', label: '没有价格' },
  { value: 'en_title', label: '没有英文标题' },
  { value: 'ean', label: '有变体未分配EAN' },
  { value: 'small_image', label: '主图小于500像素' },
] as const;
export type GoodsLack = (typeof GOODS_LACKS)[number]['value'];

/**
 * Audit state machine (DECISIONS.md: explicit transitions). A new product waits for
 * review; review approves or invalidates it; an approved or invalid product can be sent
 * back for review; an invalid one can also be approved directly after a fix.
 */
export const AUDIT_TRANSITIONS: Record<AuditStatus, readonly AuditStatus[]> = {
  willAudit: ['hasAudit', 'useless'],
  hasAudit: ['willAudit', 'useless'],
  useless: ['willAudit', 'hasAudit'],
};

/** Upload types (spec section 9). */
export const UPLOAD_TYPES = ['good', 'relation', 'image', 'quantity', 'price'] as const;

/** Marketplace text limits the editor counts against (Amazon listing rules). */
export const LISTING_LIMITS = {
  titleChars: 200,
  bulletCount: 5,
  bulletChars: 500,
  searchTermsBytes: 249,
  descriptionChars: 2000,
} as const;

/** Countries whose search-terms library may get new entries (spec section 9). */
export const SEARCH_TERM_COUNTRIES = [
  'en',
  'fr',
  'de',
  'it',
  'es',
  'nl',
  'ja',
  'pl',
] as const satisfies readonly MarketplaceCode[];

/**
 * baseInfo defaults (spec section 3). Money is minor units: the specification's cost price 1
 * is ¥1.00, stored as 100 fen (the editor, the server and old rows without one all show ¥1.00).
 */
export const BASE_INFO_DEFAULTS = {
  type: 0,
  product_type: 0,
  deal_time: 2,
  cost_price: 100,
  weight: 0,
  length1: 1,
  length2: 1,
  length3: 1,
  discount: 1,
  is_electric: 0,
  not_vat: 0,
} as const;

/** Default quantity: a random integer 19-55, or within the user's quantityRange (spec section 9). */
export function defaultQuantity(
  range: readonly [number, number] = [19, 55],
  random: () => number = Math.random,
): number {
  const [lo, hi] = range[0] <= range[1] ? range : [range[1], range[0]];
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** UTF-8 byte length (Amazon counts search terms in bytes). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}
