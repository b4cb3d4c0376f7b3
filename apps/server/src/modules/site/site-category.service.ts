import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  SITE_CATEGORY_MAX,
  SITE_CATEGORY_MAX_DEPTH,
  type SiteCategoryCreateBody,
  type SiteCategoryMoveBody,
  type SiteCategoryNode,
  type SiteCategoryPublishBody,
  type SiteCategoryTree,
  type SiteCategoryUpdateBody,
} from '@console/shared/schemas/site-category';
import { toPinyin } from '@console/shared/sku-pinyin';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import {
  deleteSiteCategory,
  insertSiteCategories,
  listSiteCategories,
  productCountOf,
  productCounts,
  renumberSiblings,
  type SiteCategoryRow,
  siteOfTenant,
  updateSiteCategory,
} from './site-category.repository.js';

export const NO_SITE = '请先在基础设置中创建站点';
const NOT_FOUND = '分类不存在';
const langLabel = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.label ?? key;

export interface SiteOfTenant {
  id: number;
  languages: string[];
  default_language: string;
}

/** The tenant's site (locked with `lock`: every tree write holds it, so writes of one site queue); 400 without one. */
export async function requireSite(db: Kysely<DB>, tenantId: number, lock: boolean): Promise<SiteOfTenant> {
  const s = await siteOfTenant(db, tenantId, lock);
  if (!s) throw badRequest(NO_SITE);
  return { id: Number(s.id), languages: s.languages, default_language: s.default_language };
}

/** Names and SEO overrides only in the site's languages; a name in the default language. */
function checkTexts(site: SiteOfTenant, names: Record<string, unknown>, seo: Record<string, unknown>) {
  for (const key of [...Object.keys(names), ...Object.keys(seo)]) {
    if (!site.languages.includes(key)) throw badRequest(`${langLabel(key)}不是站点语言,请先在基础设置中添加`);
  }
  if (!names[site.default_language]) throw badRequest(`请填写默认语言(${langLabel(site.default_language)})的分类名称`);
}

/** An address segment from a name: pinyin for Chinese, accents dropped, other characters as hyphens. */
export function slugOf(name: string): string {
  const ascii = toPinyin(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'category';
}

/** `base`, or `base-2`, `base-3` ... the first one no category of the site has. */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The levels from the top down to `id` (1 for a top-level category). */
export function depthOf(byId: Map<number, SiteCategoryRow>, id: number | null): number {
  let depth = 0;
  for (let cur = id === null ? undefined : byId.get(id); cur && depth <= byId.size; ) {
    depth++;
    cur = cur.parent_id === null ? undefined : byId.get(cur.parent_id);
  }
  return depth;
}

/** Levels below `id` including itself (1 for a leaf). */
function heightOf(rows: SiteCategoryRow[], id: number): number {
  const children = rows.filter((r) => r.parent_id === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(rows, c.id)));
}

/** Refuses a new parent that is the category itself or one of its descendants, or too deep a tree. */
function checkParent(rows: SiteCategoryRow[], byId: Map<number, SiteCategoryRow>, id: number, parent: number | null) {
  if (parent !== null && !byId.has(parent)) throw notFound('上级分类不存在');
  for (let cur = parent; cur !== null; cur = byId.get(cur)?.parent_id ?? null) {
    if (cur === id) throw badRequest('不能把分类移动到它自己或它的下级分类下');
  }
  if (depthOf(byId, parent) + heightOf(rows, id) > SITE_CATEGORY_MAX_DEPTH) {
    throw badRequest(`分类最多${SITE_CATEGORY_MAX_DEPTH}级`);
  }
}

const siblingsOf = (rows: SiteCategoryRow[], parent: number | null, except?: number) =>
  rows
    .filter((r) => r.parent_id === parent && r.id !== except)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((r) => r.id);

/** What the operation log keeps of a category. */
const summary = (site: SiteOfTenant, r: Pick<SiteCategoryRow, 'names' | 'slug' | 'parent_id'>) => ({
  name: r.names[site.default_language] ?? Object.values(r.names)[0] ?? '',
  slug: r.slug,
  parent_id: r.parent_id,
});

/** A concurrent insert of the same slug meets the unique index: the same answer as the check. */
const slugConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict('分类标识已被其他分类使用');
  throw err;
};

function slugFor(
  rows: SiteCategoryRow[],
  site: SiteOfTenant,
  wanted: string,
  names: Record<string, string | undefined>,
  self?: number,
) {
  const taken = new Set(rows.filter((r) => r.id !== self).map((r) => r.slug));
  if (wanted === '') return freeSlug(slugOf(names[site.default_language] ?? ''), taken);
  if (taken.has(wanted)) throw conflict(`分类标识「${wanted}」已被其他分类使用`);
  return wanted;
}

/** One category as the API answers it (children filled by `buildTree`). */
export function toNode(r: SiteCategoryRow, productCount: number): SiteCategoryNode {
  const names: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.names)) if (v) names[k] = v;
  const seo: SiteCategoryNode['seo'] = {};
  for (const [k, v] of Object.entries(r.seo))
    if (v) seo[k] = { title: v.title ?? '', description: v.description ?? '' };
  return {
    id: r.id,
    parent_id: r.parent_id,
    position: r.position,
    slug: r.slug,
    names,
    seo,
    library_category_id: r.library_category_id,
    published: r.published,
    product_count: productCount,
    version: r.version,
    children: [],
  };
}

/** The tree with each category's product count (children in position order). */
export function buildTree(rows: SiteCategoryRow[], counts: Map<number, number>): SiteCategoryNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r, counts.get(r.id) ?? 0)]));
  const roots: SiteCategoryNode[] = [];
  for (const r of rows) {
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/** The site's tree and languages; an empty tree and `site: null` before the site is created. */
export async function siteCategoryTree(deps: AppDeps, tenantId: number): Promise<SiteCategoryTree> {
  const site = await siteOfTenant(deps.db, tenantId);
  if (!site) return { site: null, tree: [] };
  const siteId = Number(site.id);
  const [rows, counts] = await Promise.all([
    listSiteCategories(deps.db, tenantId, siteId),
    productCounts(deps.db, tenantId, siteId),
  ]);
  return {
    site: { languages: site.languages, default_language: site.default_language },
    tree: buildTree(rows, counts),
  };
}

/** Runs a tree write with the site locked and its rows read; a slug race ends as a 409. */
export function treeWrite<T>(
  deps: AppDeps,
  actor: Actor,
  work: (trx: Kysely<DB>, site: SiteOfTenant, rows: SiteCategoryRow[]) => Promise<T>,
): Promise<T> {
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const site = await requireSite(trx, actor.tenantId, true);
      return work(trx, site, await listSiteCategories(trx, actor.tenantId, site.id));
    })
    .catch(slugConflict);
}

function own(rows: SiteCategoryRow[], id: number, version: number) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const before = byId.get(id);
  if (!before) throw notFound(NOT_FOUND);
  if (before.version !== version) throw staleSave(before.version);
  return { byId, before };
}

/** Adds a category after its siblings. */
export function createSiteCategory(deps: AppDeps, actor: Actor, body: SiteCategoryCreateBody) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    checkTexts(site, body.names, body.seo);
    if (rows.length >= SITE_CATEGORY_MAX) throw badRequest(`每个站点最多${SITE_CATEGORY_MAX}个分类`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (body.parent_id !== null && !byId.has(body.parent_id)) throw notFound('上级分类不存在');
    if (depthOf(byId, body.parent_id) >= SITE_CATEGORY_MAX_DEPTH)
      throw badRequest(`分类最多${SITE_CATEGORY_MAX_DEPTH}级`);
    const fields = {
      parent_id: body.parent_id,
      position: siblingsOf(rows, body.parent_id).length,
      slug: slugFor(rows, site, body.slug, body.names),
      names: body.names,
      seo: body.seo,
      library_category_id: null,
    };
    const [row] = await insertSiteCategories(trx, actor.tenantId, site.id, [fields]);
    await audit(trx, actor, {
      action: 'site.category.create',
      targetType: 'site_category',
      targetId: row!.id,
      after: summary(site, row!),
    });
    return toNode(row!, 0);
  });
}

/** Changes names, slug and SEO overrides; a new `parent_id` moves it last under that parent. */
export function updateSiteCategoryNode(deps: AppDeps, actor: Actor, body: SiteCategoryUpdateBody) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    const { byId, before } = own(rows, body.id, body.version);
    checkTexts(site, body.names, body.seo);
    const moving = body.parent_id !== undefined && body.parent_id !== before.parent_id;
    if (moving) checkParent(rows, byId, body.id, body.parent_id!);
    const row = await updateSiteCategory(trx, actor.tenantId, body.id, {
      names: body.names,
      seo: body.seo,
      slug: slugFor(rows, site, body.slug, body.names, body.id),
      ...(moving ? { parent_id: body.parent_id!, position: siblingsOf(rows, body.parent_id!).length } : {}),
    });
    if (moving) await renumberSiblings(trx, actor.tenantId, siblingsOf(rows, before.parent_id, body.id));
    await audit(trx, actor, {
      action: 'site.category.update',
      targetType: 'site_category',
      targetId: row.id,
      before: summary(site, before),
      after: summary(site, row),
    });
    return toNode(row, await productCountOf(trx, actor.tenantId, site.id, row.id));
  });
}

/** Drag and drop: a new parent (never itself or a descendant) and a place among the new siblings. */
export function moveSiteCategory(deps: AppDeps, actor: Actor, body: SiteCategoryMoveBody) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    const { byId, before } = own(rows, body.id, body.version);
    checkParent(rows, byId, body.id, body.parent_id);
    const order = siblingsOf(rows, body.parent_id, body.id);
    order.splice(Math.min(body.position, order.length), 0, body.id);
    const row = await updateSiteCategory(trx, actor.tenantId, body.id, {
      parent_id: body.parent_id,
      position: order.indexOf(body.id),
    });
    await renumberSiblings(trx, actor.tenantId, order);
    if (before.parent_id !== body.parent_id) {
      await renumberSiblings(trx, actor.tenantId, siblingsOf(rows, before.parent_id, body.id));
    }
    const parent = body.parent_id === null ? undefined : byId.get(body.parent_id);
    await audit(trx, actor, {
      action: 'site.category.move',
      targetType: 'site_category',
      targetId: row.id,
      before: summary(site, before),
      after: { ...summary(site, row), parent: parent ? summary(site, parent).name : null, position: row.position },
    });
    return { id: row.id, version: row.version };
  });
}

/** The tree's 显示/隐藏 switch: a hidden category (and its subtree) is left out of the storefront. */
export function setSiteCategoryPublished(deps: AppDeps, actor: Actor, body: SiteCategoryPublishBody) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    const { before } = own(rows, body.id, body.version);
    const row = await updateSiteCategory(trx, actor.tenantId, body.id, { published: body.published });
    await audit(trx, actor, {
      action: 'site.category.publish',
      targetType: 'site_category',
      targetId: row.id,
      before: { ...summary(site, before), published: before.published },
      after: { ...summary(site, row), published: row.published },
    });
    return toNode(row, await productCountOf(trx, actor.tenantId, site.id, row.id));
  });
}

/** Deletes a category without children and without products (each refusal says how many). */
export function deleteSiteCategoryNode(deps: AppDeps, actor: Actor, body: { id: number; version: number }) {
  return treeWrite(deps, actor, async (trx, site, rows) => {
    const { before } = own(rows, body.id, body.version);
    const children = rows.filter((r) => r.parent_id === body.id).length;
    if (children > 0) throw badRequest(`该分类下还有 ${children} 个子分类,请先删除或移走子分类`);
    const products = await productCountOf(trx, actor.tenantId, site.id, body.id);
    if (products > 0) throw badRequest(`该分类下还有 ${products} 个站点商品,请先把商品移出该分类`);
    await deleteSiteCategory(trx, actor.tenantId, body.id);
    await renumberSiblings(trx, actor.tenantId, siblingsOf(rows, before.parent_id, body.id));
    await audit(trx, actor, {
      action: 'site.category.delete',
      targetType: 'site_category',
      targetId: body.id,
      before: summary(site, before),
    });
    return null;
  });
}
