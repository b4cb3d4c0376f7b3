import type { BaseInfo, GoodsData } from '@console/shared/schemas/goods';
import type { PriceCountrySetting } from '@console/shared/schemas/price-settings';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { Json, Timestamp } from '../../db/types.js';

/** Stored shapes of the product's JSON sections (what the save writes). */
export type StoredDescs = Record<
  string,
  { title: string; search_terms: string; bullet_points: string[]; product_description: string }
>;
/** Prices per country code, in minor units with their currency. */
export type StoredPrices = Record<string, { price: number; currency: string }>;
/** The variation table. */
export type StoredParentage = GoodsData['parentageTable'];
/** Product images in order (the first is the main image), with their size when the upload measured it. */
export type StoredImages = GoodsData['images'];
/** extra_attrs column: the template the attributes follow, and the attributes. */
export type StoredExtra = { template: GoodsData['template']; attributes: Record<string, unknown> };
/** base_info column: older rows may lack fields added later (read with BASE_INFO_DEFAULTS). */
export type StoredBaseInfo = Partial<BaseInfo>;
/** One country of a user's price settings. */
export type StoredPriceCountry = PriceCountrySetting;

/** A product of the library (the editor's sections are JSON; filter columns are plain). */
export interface GoodsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  type: Generated<number>;
  audit_status: Generated<string>;
  is_delete: Generated<number>;
  sku: Generated<string>;
  /** Computed by PostgreSQL from descs. */
  title: GeneratedAlways<string>;
  category_id: number | null;
  product_template_id: number | null;
  base_info: Json<StoredBaseInfo>;
  descs: Json<StoredDescs>;
  prices: Json<StoredPrices>;
  parentage: Json<StoredParentage>;
  images: Json<StoredImages>;
  extra_attrs: Json<StoredExtra>;
  tags: Generated<string[]>;
  link_url: Generated<string>;
  source: Generated<string>;
  /** Computed by PostgreSQL: titles, SKUs, ASIN, EANs in lower case. */
  search_text: GeneratedAlways<string>;
  /** Offered by the platform for claiming (migration 0004). */
  claimable: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A user's price settings (migration 0004). */
export interface PriceSettingsTable {
  user_id: number;
  tenant_id: number;
  countries: Json<StoredPriceCountry[]>;
  quantity_lo: Generated<number>;
  quantity_hi: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** One tenant's claim of a published product (migration 0004). */
export interface GoodsClaimsTable {
  source_id: number;
  tenant_id: number;
  goods_id: number;
  user_id: number;
  created_at: Timestamp;
}

/**
 * Signed product counts per tenant, recycle flag, type and audit status, appended by
 * triggers on goods (migration 20261125_113711): a group's count is the sum of its rows.
 */
export interface GoodsCountsTable {
  tenant_id: number;
  is_delete: number;
  type: number;
  audit_status: string;
  n: ColumnType<string, number, number>;
}

/**
 * Every SKU of a tenant's products (parent and variations), one holder each (migration
 * 20261125_142829): triggers on goods keep it; the primary key makes SKUs unique per tenant.
 */
export interface GoodsSkusTable {
  tenant_id: number;
  /** The SKU trimmed and in lower case. */
  sku_key: string;
  /** The SKU as the holder spells it. */
  sku: string;
  goods_id: ColumnType<string, number, number>;
}

declare module '../../db/types.js' {
  /** The tables of this module (the product library, price settings and claims; export jobs are rows of `jobs`). */
  interface DB {
    goods: GoodsTable;
    goods_counts: GoodsCountsTable;
    price_settings: PriceSettingsTable;
    goods_claims: GoodsClaimsTable;
    goods_skus: GoodsSkusTable;
  }
}
