import type { SiteLegalTexts } from '@console/shared/schemas/site';
import type { Generated } from 'kysely';
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
  created_at: Timestamp;
  updated_at: Timestamp;
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
  }
}
