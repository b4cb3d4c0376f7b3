/**
 * The storefront search's rows (migration 20261210_700000): one per published site product and
 * language, written only by the triggers on `site_products` (never by the application).
 */
export interface SiteProductSearchTable {
  tenant_id: number;
  product_id: number;
  site_id: number;
  /** Library language key (`en`, `zh-CN`). */
  lang: string;
  /** The product's title in that language, in lower case. */
  title: string;
  published_at: Date | null;
}

declare module '../../../db/types.js' {
  /** The storefront search table. */
  interface DB {
    site_product_search: SiteProductSearchTable;
  }
}
