import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  SEO_PAGE_KIND_KEYS,
  type SiteSeo,
  type SiteSeoSaveBody,
  type StoredSiteSeo,
} from '@console/shared/schemas/site-seo';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import { NO_SITE } from './site-category.service.js';
import { siteSeoOfTenant, writeSiteSeo } from './site-seo.repository.js';
import { seoAllowsIndexing } from './storefront/seo.js';

type Pages = SiteSeo['pages'];
const langLabel = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.label ?? key;

/** The stored templates as the form shows them: known page types, non-empty templates only. */
function pagesOf(stored: StoredSiteSeo['pages']): Pages {
  const out: Pages = {};
  for (const kind of SEO_PAGE_KIND_KEYS) {
    for (const [lang, t] of Object.entries(stored?.[kind] ?? {})) {
      const title = typeof t?.title === 'string' ? t.title : '';
      const description = typeof t?.description === 'string' ? t.description : '';
      if (!title && !description) continue;
      out[kind] = { ...out[kind], [lang]: { title, description } };
    }
  }
  return out;
}

function present(row: NonNullable<Awaited<ReturnType<typeof siteSeoOfTenant>>> | undefined): SiteSeo {
  const seo = (row?.seo ?? {}) as StoredSiteSeo;
  return {
    site_created: Boolean(row),
    languages: row?.languages ?? [],
    default_language: row?.default_language ?? 'en',
    site_name: row?.name ?? '',
    currency: row?.currency ?? 'USD',
    pages: pagesOf(seo.pages),
    robots: { index: seoAllowsIndexing(seo) },
    version: typeof seo.version === 'number' ? seo.version : 0,
    updated_at: typeof seo.updated_at === 'string' ? seo.updated_at : null,
  };
}

/** The SEO form (empty templates and version 0 before the first save; `site_created` false without a site). */
export async function getSiteSeo(deps: AppDeps, tenantId: number): Promise<SiteSeo> {
  return present(await siteSeoOfTenant(deps.db, tenantId));
}

/** What the operation log keeps: which templates are set, and the robots choice. */
const summary = (pages: Pages, index: boolean) => ({
  templates: Object.entries(pages).flatMap(([kind, langs]) => Object.keys(langs ?? {}).map((l) => `${kind}.${l}`)),
  index,
});

/** Saves the whole SEO form with its own version (stale: 409); templates only in the site's languages. */
export function saveSiteSeo(deps: AppDeps, actor: Actor, body: SiteSeoSaveBody): Promise<SiteSeo> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await siteSeoOfTenant(trx, actor.tenantId, true);
    if (!row) throw badRequest(NO_SITE);
    const before = present(row);
    if (before.version !== body.version) throw staleSave(before.version);
    for (const langs of Object.values(body.pages)) {
      for (const lang of Object.keys(langs ?? {})) {
        if (!row.languages.includes(lang)) throw badRequest(`${langLabel(lang)}不是站点语言,请先在基础设置中添加`);
      }
    }
    const pages = pagesOf(body.pages);
    const stored: StoredSiteSeo = {
      pages,
      robots: { index: body.robots.index },
      version: before.version + 1,
      updated_at: new Date().toISOString(),
    };
    await writeSiteSeo(trx, actor.tenantId, stored);
    const changes = diff(summary(before.pages, before.robots.index), summary(pages, body.robots.index));
    await audit(trx, actor, {
      action: 'site.seo.save',
      targetType: 'site',
      targetId: Number(row.id),
      before: row.seo && before.version > 0 ? changes.before : undefined,
      after: { ...changes.after, name: row.name },
    });
    return present({ ...row, seo: stored as typeof row.seo });
  });
}
