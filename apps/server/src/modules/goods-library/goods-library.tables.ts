import type { Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../../db/types.js';

/** Goods libraries (migration 20261122_0003): bullet-point sets per language. */
export interface GoodsPointsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  name: string;
  points: Json<Record<string, string[]>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Goods libraries: search-terms entries per country. */
export interface GoodsSearchTermsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  country: string;
  name: string;
  terms: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Goods libraries: sensitive words per language (`all` = every language). */
export interface GoodsSensitiveWordsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  lang: string;
  word: string;
  created_at: Timestamp;
}

/** Goods libraries: the EAN/UPC pool; `gtin` is the code padded to 14 digits (duplicate check). */
export interface GoodsEansTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  code: string;
  gtin: string;
  kind: string;
  status: Generated<string>;
  goods_id: number | null;
  sku: string | null;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Goods libraries: the tenant's own category tree (parent_id 0 = top level). */
export interface GoodsCategoriesTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of this module (bullet points, search terms, sensitive words, the EAN pool and categories). */
  interface DB {
    goods_points: GoodsPointsTable;
    goods_search_terms: GoodsSearchTermsTable;
    goods_sensitive_words: GoodsSensitiveWordsTable;
    goods_eans: GoodsEansTable;
    goods_categories: GoodsCategoriesTable;
  }
}
