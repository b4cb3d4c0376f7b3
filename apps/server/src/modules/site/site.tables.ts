import type { SiteLegalTexts } from '@console/shared/schemas/site';
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/types.js';

/** A tenant's own site (migration 20261208_700000). */
export interface SitesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** The preview address segment: `/s/<slug>/`. */
  slug: string;
  /** Host names in the seller's order (the lookup and uniqueness live in `site_domains`). */
  domains: string[];
  /** File store keys of the logo and the favicon (`t<tenant>/...`). */
  logo_key: string | null;
  favicon_key: string | null;
  currency: string;
  /** Library language keys (`en`, `de`, `se` ...). */
  languages: string[];
  default_language: string;
  contact: Json<{ email: string; phone: string; address: string }>;
  /** Markdown of the legal pages per language key. */
  legal: Json<Partial<Record<string, SiteLegalTexts>>>;
  published: boolean;
  /** SEO settings: title/description templates per page type and language (migration 20261209_100000). */
  seo: Generated<Json<Record<string, unknown>>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Per-language SEO overrides of one category or product (`{ en: { title, description } }`). */
export type SiteSeoOverride = Partial<Record<string, { title?: string; description?: string }>>;

/** A category of a site's tree (migration 20261209_100000). */
export interface SiteCategoriesTable {
  tenant_id: number;
  id: Generated<number>;
  site_id: number;
  /** null: a top-level category. */
  parent_id: number | null;
  /** Order among its siblings. */
  position: Generated<number>;
  /** The address segment, unique in the site. */
  slug: string;
  /** Name per library language key. */
  names: Json<Partial<Record<string, string>>>;
  /** The library category it was taken from, if any. */
  library_category_id: number | null;
  seo: Generated<Json<SiteSeoOverride>>;
  /** false: hidden on the storefront with its whole subtree (migration 20261210_600000). */
  published: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  version: Generated<number>;
}

/** Texts of a site product in one language. */
export interface SiteProductText {
  title: string;
  description: string;
  bullets: string[];
}

/** A variation of a site product (its own price in the site currency; null: the product's). */
export interface SiteProductVariation {
  sku: string;
  options: Record<string, string>;
  price: number | null;
  picture: string | null;
  /** Units in stock; absent or null: not tracked (docs/site.md "Stock"). */
  stock?: number | null;
}

/** A product of a site (migration 20261209_100000). */
export interface SiteProductsTable {
  tenant_id: number;
  id: Generated<number>;
  site_id: number;
  /** The library product it was taken from (null: created on the site). */
  goods_id: number | null;
  slug: string;
  texts: Json<Partial<Record<string, SiteProductText>>>;
  /** File store keys, the first is the main picture. */
  pictures: Json<string[]>;
  /** In the site currency (numeric: read as a string). */
  price: ColumnType<string, string | number, string | number>;
  compare_at_price: ColumnType<string | null, string | number | null, string | number | null>;
  variations: Json<SiteProductVariation[]>;
  category_ids: ColumnType<string[], number[], number[]>;
  seo: Generated<Json<SiteSeoOverride>>;
  published: Generated<boolean>;
  /** true: `noindex` on its page and left out of the sitemap (migration 20261210_600000). */
  noindex: Generated<boolean>;
  published_at: Timestamp | null;
  /** When the library's texts, prices and pictures were last taken in. */
  library_synced_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  version: Generated<number>;
}

/** A page of blocks: the home page or a landing page (migration 20261209_100000). */
export interface SitePagesTable {
  tenant_id: number;
  id: Generated<number>;
  site_id: number;
  kind: 'home' | 'landing';
  slug: string;
  titles: Json<Partial<Record<string, string>>>;
  /** The blocks being edited (the visual editor's draft). */
  draft_blocks: Json<unknown[]>;
  /** The blocks visitors see (null: never published). */
  published_blocks: Json<unknown[]> | null;
  published_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  version: Generated<number>;
}

/** A host name a site's storefront answers on (unique over all tenants). */
export interface SiteDomainsTable {
  domain: string;
  site_id: number;
  tenant_id: number;
}

declare module '../../db/types.js' {
  /** The tables of the own site. */
  interface DB {
    sites: SitesTable;
    site_domains: SiteDomainsTable;
    site_categories: SiteCategoriesTable;
    site_products: SiteProductsTable;
    site_pages: SitePagesTable;
  }
}
