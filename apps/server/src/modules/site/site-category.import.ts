import { SITE_CATEGORY_MAX } from '@console/shared/schemas/site-category';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { listCategories } from '../goods-library/category.repository.js';
import { audit } from '../system/audit.js';
import { insertSiteCategories, type SiteCategoryFields } from './site-category.repository.js';
import { freeSlug, type SiteOfTenant, slugOf, treeWrite } from './site-category.service.js';

/**
 * The library's one name per category is the seller's own text (usually Chinese): it becomes the
 * name in Chinese when the site has Chinese, and in the default language when that is still empty,
 * so every imported category has a name the storefront can fall back to.
 */
function namesOf(site: SiteOfTenant, name: string): Partial<Record<string, string>> {
  const names: Partial<Record<string, string>> = {};
  if (site.languages.includes('zh-CN')) names['zh-CN'] = name;
  names[site.default_language] ??= name;
  return names;
}

/**
 * 从商品库导入分类: the library's category tree (商品分类) as site categories, parents first,
 * each new one last among its siblings. Idempotent by `library_category_id`: a library category
 * the site already has is left as the seller edited it (and its new children go under it).
 */
export function importLibraryCategories(deps: AppDeps, actor: Actor) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    const library = await listCategories(trx, actor.tenantId);
    const siteIdOfLibrary = new Map<number, number>();
    for (const r of rows) if (r.library_category_id !== null) siteIdOfLibrary.set(r.library_category_id, r.id);
    const missing = library.filter((c) => !siteIdOfLibrary.has(Number(c.id)));
    if (missing.length === 0) return { created: 0, existing: library.length };
    if (rows.length + missing.length > SITE_CATEGORY_MAX) {
      throw badRequest(`导入后将有 ${rows.length + missing.length} 个分类,超过每个站点${SITE_CATEGORY_MAX}个的上限`);
    }
    const taken = new Set(rows.map((r) => r.slug));
    const nextPosition = new Map<number | null, number>();
    for (const r of rows) nextPosition.set(r.parent_id, Math.max(nextPosition.get(r.parent_id) ?? 0, r.position + 1));
    // Level by level: a category is inserted once its parent has a site id (the library's tree has no cycles).
    let pending = missing;
    let created = 0;
    while (pending.length > 0) {
      const ready = pending.filter((c) => Number(c.parent_id) === 0 || siteIdOfLibrary.has(Number(c.parent_id)));
      if (ready.length === 0) break;
      const fields: SiteCategoryFields[] = ready.map((c) => {
        const parent = Number(c.parent_id) === 0 ? null : siteIdOfLibrary.get(Number(c.parent_id))!;
        const position = nextPosition.get(parent) ?? 0;
        nextPosition.set(parent, position + 1);
        const slug = freeSlug(slugOf(c.name), taken);
        taken.add(slug);
        return {
          parent_id: parent,
          position,
          slug,
          names: namesOf(site, c.name),
          seo: {},
          library_category_id: Number(c.id),
        };
      });
      const inserted = await insertSiteCategories(trx, actor.tenantId, site.id, fields);
      for (const r of inserted) siteIdOfLibrary.set(r.library_category_id!, r.id);
      created += inserted.length;
      pending = pending.filter((c) => !siteIdOfLibrary.has(Number(c.id)));
    }
    await audit(trx, actor, {
      action: 'site.category.import',
      targetType: 'site',
      targetId: site.id,
      after: { created, existing: library.length - missing.length },
    });
    return { created, existing: library.length - missing.length };
  });
}
