import type { SiteBasic, SiteBasicSaveBody } from '@console/shared/schemas/site';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, isUniqueViolation, staleSave } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { isSafeKey } from '../files/file-storage.js';
import { audit, diff } from '../system/audit.js';
import {
  domainsTakenByOther,
  findSiteOfTenant,
  insertSite,
  lockSiteOfTenant,
  replaceSiteDomains,
  type SiteFields,
  slugTakenByOther,
  updateSiteVersioned,
} from './site.repository.js';
import { consoleHostOf, forgetSiteHosts } from './storefront/site-hosts.js';

type SiteRow = NonNullable<Awaited<ReturnType<typeof findSiteOfTenant>>>;

const FILE_PREFIX = '/PDD/files/';
const fileUrl = (key: string | null) => (key ? `${FILE_PREFIX}${key}` : null);

/** The form of a tenant that has no site yet: a free-looking slug, English and Chinese, US dollars. */
function defaults(tenantId: number): SiteBasic {
  return {
    id: null,
    name: '',
    slug: `shop${tenantId}`,
    domains: [],
    logo: null,
    favicon: null,
    currency: 'USD',
    languages: ['en', 'zh-CN'],
    default_language: 'en',
    contact: { email: '', phone: '', address: '' },
    legal: {},
    published: false,
    version: 0,
    preview_path: null,
    updated_at: null,
  };
}

/** The answer of get and save. */
export function presentSite(row: SiteRow): SiteBasic {
  const legal: SiteBasic['legal'] = {};
  for (const [lang, pages] of Object.entries(row.legal)) if (pages) legal[lang] = pages;
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    domains: row.domains,
    logo: fileUrl(row.logo_key),
    favicon: fileUrl(row.favicon_key),
    currency: row.currency,
    languages: row.languages,
    default_language: row.default_language,
    contact: row.contact,
    legal,
    published: row.published,
    version: row.version,
    preview_path: `/s/${row.slug}/`,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The tenant's site form (defaults before the first save). */
export async function getSiteBasic(deps: AppDeps, tenantId: number): Promise<SiteBasic> {
  const row = await findSiteOfTenant(deps.db, tenantId);
  return row ? presentSite(row) : defaults(tenantId);
}

/** A logo or favicon URL back to its file key: one of the tenant's own stored images, or 400. */
async function ownImageKey(storage: FileStorage, tenantId: number, url: string | null, what: string) {
  if (!url) return null;
  const key = url.slice(FILE_PREFIX.length);
  if (!isSafeKey(key) || !key.startsWith(`t${tenantId}/`) || !(await storage.exists(key))) {
    throw badRequest(`${what}不存在,请重新上传`);
  }
  return key;
}

/** What the operation log keeps of a site (the legal texts as the pages that have text). */
function summary(f: SiteFields) {
  const legal = Object.entries(f.legal).flatMap(([lang, pages]) =>
    Object.entries(pages ?? {})
      .filter(([, text]) => text !== '')
      .map(([page]) => `${lang}.${page}`),
  );
  return {
    name: f.name,
    slug: f.slug,
    domains: f.domains,
    logo: f.logo_key,
    favicon: f.favicon_key,
    currency: f.currency,
    languages: f.languages,
    default_language: f.default_language,
    contact: f.contact,
    legal,
    published: f.published,
  };
}

/**
 * Creates (version 0) or updates the tenant's site. Refused: a stale version (409), a slug or a
 * domain another tenant's site uses (409, naming it), an image that is not the tenant's (400).
 */
export async function saveSiteBasic(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  body: SiteBasicSaveBody,
): Promise<SiteBasic> {
  const fields: SiteFields = {
    name: body.name,
    slug: body.slug,
    domains: body.domains,
    logo_key: await ownImageKey(storage, actor.tenantId, body.logo, 'Logo图片'),
    favicon_key: await ownImageKey(storage, actor.tenantId, body.favicon, '网站图标'),
    currency: body.currency,
    languages: body.languages,
    default_language: body.default_language,
    contact: body.contact,
    legal: body.legal,
    published: body.published,
  };
  let oldDomains: string[] = [];
  const saved = await deps.db
    .transaction()
    .execute(async (trx) => {
      const before = await lockSiteOfTenant(trx, actor.tenantId);
      if ((before?.version ?? 0) !== body.version) throw staleSave(before?.version);
      if (await slugTakenByOther(trx, actor.tenantId, fields.slug)) {
        throw conflict(`预览地址标识「${fields.slug}」已被其他站点使用`);
      }
      const own = consoleHostOf(deps.config.publicUrl);
      if (own && fields.domains.includes(own)) throw badRequest(`域名 ${own} 是本控制台的地址,不能绑定为站点域名`);
      const taken = await domainsTakenByOther(trx, actor.tenantId, fields.domains);
      if (taken.length > 0) throw conflict(`域名 ${taken.join('、')} 已被其他站点绑定`);
      const row = before
        ? await updateSiteVersioned(trx, actor.tenantId, body.version, fields)
        : await insertSite(trx, actor.tenantId, fields);
      if (!row) throw staleSave();
      await replaceSiteDomains(trx, actor.tenantId, Number(row.id), fields.domains);
      oldDomains = before?.domains ?? [];
      const changes = before
        ? diff(summary({ ...before, contact: before.contact, legal: before.legal }), summary(fields))
        : { after: summary(fields) };
      await audit(trx, actor, {
        action: 'site.basic.save',
        targetType: 'site',
        targetId: Number(row.id),
        ...changes,
        after: { ...changes.after, name: fields.name },
      });
      return row;
    })
    .catch((err: unknown) => {
      // Two tenants saving the same slug or domain at once: the unique index refuses the later one.
      if (isUniqueViolation(err)) throw conflict('预览地址标识或域名已被其他站点使用');
      throw err;
    });
  forgetSiteHosts([...oldDomains, ...fields.domains]);
  return presentSite(saved);
}
