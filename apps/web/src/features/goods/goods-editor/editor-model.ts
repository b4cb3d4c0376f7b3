import {
  BASE_INFO_DEFAULTS,
  type BaseInfo,
  DESC_LANGUAGES,
  defaultQuantity,
  type GoodsData,
  LISTING_LIMITS,
  PRICE_COUNTRIES,
} from '@console/shared';
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
  images: { url: string }[];
  template: GoodsData['template'];
  extraAttrs: Record<string, unknown>;
  tags: string[];
}

const fiveBullets = (list: readonly string[] = []) =>
  Array.from({ length: LISTING_LIMITS.bulletCount }, (_, i) => list[i] ?? '');

/** A new product: the baseInfo defaults of spec section 3 and a quantity in the user's range. */
export function emptyDraft(quantityRange?: [number, number]): EditorDraft {
  return fromGoodsData({ baseInfo: { ...BASE_INFO_DEFAULTS, quantity: defaultQuantity(quantityRange) } });
}

/** The editor's working copy of a saved product. */
export function fromGoodsData(g: Partial<GoodsData>): EditorDraft {
  const byKey = new Map((g.commonData?.descs ?? []).map((d) => [d.key, d]));
  const priceByCode = new Map((g.priceTable ?? []).map((p) => [p.country_code, p.price as number | null]));
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

/** Converts the working copy into the save payload; price texts that are not valid amounts are listed as errors. */
export function toGoodsData(d: EditorDraft): { data: GoodsData; errors: string[] } {
  const errors: string[] = [];
  const priceTable: GoodsData['priceTable'] = [];
  for (const c of PRICE_COUNTRIES) {
    const minor = majorToMinor(d.prices[c.country_code] ?? '', countryDigits(c.country_code));
    if (minor === null) continue;
    if (Number.isNaN(minor)) errors.push(`${c.country}价格格式不正确(最多${countryDigits(c.country_code)}位小数)`);
    else priceTable.push({ country_code: c.country_code, price: minor });
  }
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
