import { BASE_INFO_DEFAULTS, DESC_LANGUAGES } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import type { GoodsListRow, GoodsRecord } from '@console/shared/schemas/goods';
import type { GoodsRow } from '../../db/types.js';
import type { StoredDescs, StoredPrices } from './goods.tables.js';

export type { StoredDescs, StoredExtra, StoredImages, StoredParentage, StoredPrices } from './goods.tables.js';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/** A product as the editor loads it: every language and every price country present, in order. */
export function presentGoods(row: GoodsRow): GoodsRecord {
  const descs: StoredDescs = row.descs ?? {};
  const prices: StoredPrices = row.prices ?? {};
  return {
    id: Number(row.id),
    version: row.version,
    audit_status: row.audit_status,
    is_delete: row.is_delete,
    creator_id: row.creator_id,
    created_at: secs(row.created_at),
    updated_at: secs(row.updated_at),
    goodsData: {
      baseInfo: { ...BASE_INFO_DEFAULTS, ...row.base_info },
      commonData: {
        descs: DESC_LANGUAGES.map((l) => ({
          key: l.key,
          langVal: l.langVal,
          label: l.label,
          title: descs[l.key]?.title ?? '',
          search_terms: descs[l.key]?.search_terms ?? '',
          bullet_points: descs[l.key]?.bullet_points ?? [],
          product_description: descs[l.key]?.product_description ?? '',
        })),
      },
      priceTable: PRICE_COUNTRIES.map((c) => ({
        country: c.country,
        country_code: c.country_code,
        currency: c.currency,
        price: prices[c.country_code]?.price ?? null,
      })),
      parentageTable: row.parentage,
      images: row.images,
      template: row.extra_attrs.template ?? null,
      extraAttrs: row.extra_attrs.attributes ?? {},
      tags: row.tags,
    },
  };
}

type ListSource = Pick<
  GoodsRow,
  | 'id'
  | 'title'
  | 'sku'
  | 'type'
  | 'audit_status'
  | 'is_delete'
  | 'prices'
  | 'category_id'
  | 'creator_id'
  | 'tags'
  | 'version'
  | 'claimable'
> & {
  creator_name: string | null;
  variation_count: number;
  /** The first picture's address ('' without pictures). */
  thumbnail: string;
  /** Unix seconds (int8 as text). */
  created_s: string;
  updated_s: string;
};

/** One row of the product list. */
export function presentListRow(r: ListSource): GoodsListRow {
  return {
    id: Number(r.id),
    title: r.title,
    sku: r.sku,
    type: r.type,
    audit_status: r.audit_status,
    is_delete: r.is_delete,
    thumbnail: r.thumbnail,
    prices: r.prices ?? {},
    category_id: r.category_id,
    creator_id: r.creator_id,
    creator_name: r.creator_name ?? '',
    tags: r.tags,
    variation_count: Number(r.variation_count),
    created_at: Number(r.created_s),
    updated_at: Number(r.updated_s),
    version: r.version,
    claimable: r.claimable,
  };
}
