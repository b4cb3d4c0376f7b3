import type { SiteLegalTexts } from '@console/shared/schemas/site';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** What the storefront reads of a site (no tenant in the request: the slug or the host name is the key; `tenant_id` scopes the site's content queries). */
const PUBLIC_COLUMNS = [
  'id',
  'tenant_id',
  'name',
  'slug',
  'domains',
  'logo_key',
  'favicon_key',
  'currency',
  'languages',
  'default_language',
  'contact',
  'legal',
  'published',
] as const;

/** What the console reads of its own site: the storefront's columns and the bookkeeping. */
const COLUMNS = [...PUBLIC_COLUMNS, 'updated_at', 'version'] as const;

/** What a save writes (everything of the form but the version). */
export interface SiteFields {
  name: string;
  slug: string;
  domains: string[];
  logo_key: string | null;
  favicon_key: string | null;
  currency: string;
  languages: string[];
  default_language: string;
  contact: { email: string; phone: string; address: string };
  legal: Partial<Record<string, SiteLegalTexts>>;
  published: boolean;
}

const json = (f: SiteFields) => ({ ...f, contact: JSON.stringify(f.contact), legal: JSON.stringify(f.legal) });

/** The tenant's site, if it has one. */
export function findSiteOfTenant(db: Db, tenantId: number) {
  return db.selectFrom('sites').select(COLUMNS).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** The tenant's site locked for the save's transaction. */
export function lockSiteOfTenant(db: Db, tenantId: number) {
  return db.selectFrom('sites').select(COLUMNS).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst();
}

/** Creates the tenant's site; undefined when it has one already (a concurrent first save). */
export function insertSite(db: Db, tenantId: number, f: SiteFields) {
  return db
    .insertInto('sites')
    .values({ tenant_id: tenantId, ...json(f) })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Updates the tenant's site only if it still has `version`; bumps it. Undefined when stale. */
export function updateSiteVersioned(db: Db, tenantId: number, version: number, f: SiteFields) {
  return db
    .updateTable('sites')
    .set({ ...json(f), updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Whether another tenant's site uses the preview slug. */
export async function slugTakenByOther(db: Db, tenantId: number, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('sites')
    .select('id')
    .where('slug', '=', slug)
    .where('tenant_id', '<>', tenantId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The domains of the list that another tenant's site answers on. */
export async function domainsTakenByOther(db: Db, tenantId: number, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('site_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('tenant_id', '<>', tenantId)
    .execute();
  return rows.map((r) => r.domain);
}

/** Replaces the host names of the tenant's site (a domain of another tenant fails on the primary key). */
export async function replaceSiteDomains(db: Db, tenantId: number, siteId: number, domains: string[]): Promise<void> {
  await db.deleteFrom('site_domains').where('tenant_id', '=', tenantId).where('site_id', '=', siteId).execute();
  if (domains.length === 0) return;
  await db
    .insertInto('site_domains')
    .values(domains.map((domain) => ({ domain, site_id: siteId, tenant_id: tenantId })))
    .execute();
}

/** A site by its preview slug (storefront; published or not, the caller decides). */
export function findSiteBySlug(db: Db, slug: string) {
  return db.selectFrom('sites').select(PUBLIC_COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

/** The site that answers on a host name. */
export function findSiteByDomain(db: Db, domain: string) {
  return db
    .selectFrom('site_domains')
    .innerJoin('sites', 'sites.id', 'site_domains.site_id')
    .select(PUBLIC_COLUMNS.map((c) => `sites.${c}` as const))
    .where('site_domains.domain', '=', domain)
    .executeTakeFirst();
}
