import { BASE_INFO_DEFAULTS, DESC_LANGUAGES, defaultQuantity, LISTING_LIMITS } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES, priceCountryCurrency } from '@console/shared/constants/marketplaces';
import { parseMoney } from '@console/shared/money/money';
import type { BaseInfo, GoodsData, GoodsRecord } from '@console/shared/schemas/goods';
import { draftMinimumProblem, priceProblem } from '@console/shared/validation/goods-save';
import { countryDigits, majorToMinor, minorToMajor } from '../lib/money';
import { type VariationRow, valuesFromRows } from '../lib/variations';
import { cleanAttrs } from './components/attributes/attr-values';

/** One language of the editor: always 5 bullet slots. */
export interface DescDraft {
  key: string;
  langVal: string;
  label: string;
  title: string;
  search_terms: string;
  bullet_points: string[];
  product_description: string;
}

/** The variation builder's state (spec section 3 "parentageTable"). */
export interface ParentageDraft {
  theme: string;
  attrs: string[];
  /** Values per attribute, for the tag inputs. */
  values: string[][];
  children: VariationRow[];
}

/** The editor's working copy: like GoodsData, with prices as major-unit texts while typing. */
export interface EditorDraft {
  baseInfo: BaseInfo;
  descs: DescDraft[];
  /** country_code -> price text in major units ("19.99"), empty when not set. */
  prices: Record<string, string>;
  parentage: ParentageDraft;
  images: GoodsData['images'];
  template: GoodsData['template'];
  extraAttrs: Record<string, unknown>;
  tags: string[];
  /**
   * A new product's quantity is a random default (spec: 19-55, or the user's quantityRange):
   * the value drawn and the note the editor shows under 库存 while it is unchanged. The drawn
   * value is the one saved (the server draws only for a create that sends no quantity).
   */
  quantityDefault?: { value: number; note: string };
}

const fiveBullets = (list: readonly string[] = []) =>
  Array.from({ length: LISTING_LIMITS.bulletCount }, (_, i) => list[i] ?? '');

/** The note under 库存 while a new product's quantity is the random default. */
export function quantityDefaultNote(range: readonly [number, number] = [19, 55]): string {
  const [lo, hi] = range[0] <= range[1] ? range : [range[1], range[0]];
  return `随机默认值(${lo}-${hi}),可修改`;
}

/**
 * A new product: the baseInfo defaults of spec section 3 and a quantity drawn once in the
 * user's range; the editor shows that number and the save sends it (issue 28 §3).
 */
export function emptyDraft(quantityRange?: [number, number], random: () => number = Math.random): EditorDraft {
  const quantity = defaultQuantity(quantityRange, random);
  return {
    ...fromGoodsData({ baseInfo: { ...BASE_INFO_DEFAULTS, quantity } }),
    quantityDefault: { value: quantity, note: quantityDefaultNote(quantityRange) },
  };
}

/** The note under 库存: the random default says so while the quantity is the drawn value. */
export function quantityHelp(d: Pick<EditorDraft, 'baseInfo' | 'quantityDefault'>): string | undefined {
  const q = d.quantityDefault;
  return q && d.baseInfo.quantity === q.value ? q.note : undefined;
}

/** The editor's working copy of a saved product. */
export function fromGoodsData(g: Partial<GoodsRecord['goodsData']>): EditorDraft {
  const byKey = new Map((g.commonData?.descs ?? []).map((d) => [d.key, d]));
  const priceByCode = new Map((g.priceTable ?? []).map((p) => [p.country_code, p.price]));
  const p = g.parentageTable ?? { theme: '', attrs: [], children: [] };
  const children = (p.children ?? []).map((c) => ({ ...c, images: c.images ?? [] }));
  return {
    baseInfo: { ...BASE_INFO_DEFAULTS, ...(g.baseInfo ?? {}) },
    descs: DESC_LANGUAGES.map((l) => {
      const d = byKey.get(l.key);
      return {
        key: l.key,
        langVal: l.langVal,
        label: l.label,
        title: d?.title ?? '',
        search_terms: d?.search_terms ?? '',
        bullet_points: fiveBullets(d?.bullet_points),
        product_description: d?.product_description ?? '',
      };
    }),
    prices: Object.fromEntries(
      PRICE_COUNTRIES.map((c) => [
        c.country_code,
        minorToMajor(priceByCode.get(c.country_code), countryDigits(c.country_code)),
      ]),
    ),
    parentage: {
      theme: p.theme ?? '',
      attrs: [...(p.attrs ?? [])],
      values: valuesFromRows(p.attrs ?? [], children),
      children,
    },
    images: [...(g.images ?? [])],
    template: g.template ?? null,
    extraAttrs: { ...(g.extraAttrs ?? {}) },
    tags: [...(g.tags ?? [])],
  };
}

/** A reason the working copy cannot be saved, with the pane that shows the field. */
export interface DraftError {
  /** paneName of the editor: '0' base info, '1' texts, '2' prices. */
  pane: '0' | '1' | '2';
  message: string;
  /** The field that shows the message (`sku`: the SKU input of the base info). */
  field?: 'sku';
}

/**
 * Why a country's price text cannot be saved, or null: empty means the product is not sold
 * in that country; 0 and negative amounts have their own messages (shared `priceProblem`),
 * anything else that is not an amount is a format error.
 */
export function priceTextError(text: string, countryCode: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  const digits = countryDigits(countryCode);
  const r = parseMoney(t, priceCountryCurrency(countryCode), { allowNegative: true });
  if (!r.ok) return `价格格式不正确(最多${digits}位小数)`;
  return priceProblem(r.value);
}

/** Characters the server accepts in search terms (the marketplace's 249 bytes are only flagged). */
const SEARCH_TERMS_MAX_CHARS = 1000;

/**
 * Texts the server would refuse (the hard limits of the save; the search-terms bytes and
 * bullet count are only flagged), named by language, e.g. after a translation that came out long.
 */
function textErrors(descs: readonly DescDraft[]): DraftError[] {
  const out: DraftError[] = [];
  const over = (label: string, field: string, size: number, max: number) =>
    out.push({ pane: '1', message: `${label}${field}超出上限(${size}/${max}个字符),请缩短后再保存` });
  for (const x of descs) {
    if (x.title.length > LISTING_LIMITS.titleChars) over(x.label, '标题', x.title.length, LISTING_LIMITS.titleChars);
    x.bullet_points.forEach((b, i) => {
      if (b.length > LISTING_LIMITS.bulletChars)
        over(x.label, `五点描述第${i + 1}条`, b.length, LISTING_LIMITS.bulletChars);
    });
    if (x.search_terms.length > SEARCH_TERMS_MAX_CHARS)
      over(x.label, '搜索词', x.search_terms.length, SEARCH_TERMS_MAX_CHARS);
    if (x.product_description.length > LISTING_LIMITS.descriptionChars) {
      over(x.label, '产品描述', x.product_description.length, LISTING_LIMITS.descriptionChars);
    }
  }
  return out;
}

/**
 * Converts the working copy into the save payload; what the server would refuse (price texts
 * that are not amounts, texts over the hard limits) is listed as errors instead.
 */
export function toGoodsData(d: EditorDraft): { data: GoodsData; errors: DraftError[] } {
  const errors: DraftError[] = [];
  const priceTable: GoodsData['priceTable'] = [];
  const minimum = draftMinimumProblem({ baseInfo: d.baseInfo, commonData: { descs: d.descs } });
  if (minimum) errors.push({ pane: '0', message: minimum.message, field: 'sku' });
  for (const c of PRICE_COUNTRIES) {
    const text = d.prices[c.country_code] ?? '';
    const problem = priceTextError(text, c.country_code);
    if (problem) {
      errors.push({ pane: '2', message: `${c.country}${problem}` });
      continue;
    }
    const minor = majorToMinor(text, countryDigits(c.country_code));
    if (minor !== null) priceTable.push({ country_code: c.country_code, price: minor });
  }
  errors.push(...textErrors(d.descs));
  const attrs = d.parentage.attrs.map((a) => a.trim()).filter(Boolean);
  const data: GoodsData = {
    baseInfo: d.baseInfo,
    commonData: {
      descs: d.descs.map((x) => ({
        key: x.key,
        langVal: x.langVal,
        title: x.title,
        search_terms: x.search_terms,
        bullet_points: x.bullet_points.filter((b) => b.trim() !== ''),
        product_description: x.product_description,
      })),
    },
    priceTable,
    parentageTable: {
      theme: d.parentage.theme,
      attrs,
      children: attrs.length ? d.parentage.children : [],
    },
    images: d.images,
    template: d.template,
    // Rows emptied while editing are placeholders, not values: the server gets the Amazon attribute arrays only.
    extraAttrs: cleanAttrs(d.extraAttrs),
    tags: d.tags,
  };
  return { data, errors };
}

/** A stable snapshot text of a working copy (originData comparison for unsaved changes). */
export function snapshot(d: EditorDraft): string {
  return JSON.stringify(toGoodsData(d).data);
}
