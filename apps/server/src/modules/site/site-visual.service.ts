import {
  SITE_BLOCK_NAMES,
  type SiteBlock,
  type SiteVisualCreateBody,
  type SiteVisualPage,
  type SiteVisualPageRef,
  type SiteVisualPages,
  type SiteVisualSaveBody,
} from '@console/shared/schemas/site-blocks';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound, staleSave } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { isSafeKey } from '../files/file-storage.js';
import { audit } from '../system/audit.js';
import { findSiteOfTenant } from './site.repository.js';
import {
  countLandingPages,
  deleteLanding,
  findPage,
  HOME_SLUG,
  insertPage,
  listPages,
  lockPage,
  ownCategoryIds,
  ownProductIds,
  type PageRow,
  publishDraft,
  updateDraft,
} from './site-visual.repository.js';
import { parseBlocks } from './storefront/blocks.js';

/** At most this many landing pages per site (the page switcher lists them all). */
export const LANDING_MAX = 50;

const NO_SITE = '请先在基础设置中创建站点';

/** The tenant's site, or 400 saying to create it first. */
export async function siteOf(db: Kysely<DB>, tenantId: number) {
  const site = await findSiteOfTenant(db, tenantId);
  if (!site) throw badRequest(NO_SITE);
  return site;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function present(row: PageRow): SiteVisualPage {
  return {
    id: row.kind === 'home' ? null : Number(row.id),
    kind: row.kind,
    slug: row.slug,
    titles: row.titles as Record<string, string>,
    draft_blocks: parseBlocks(row.draft_blocks),
    published_blocks: row.published_blocks === null ? null : parseBlocks(row.published_blocks),
    published_at: iso(row.published_at),
    version: row.version,
    updated_at: iso(row.updated_at),
  };
}

/** A home page never saved: empty, version 0 (the first save creates it). */
const EMPTY_HOME: SiteVisualPage = {
  id: null,
  kind: 'home',
  slug: HOME_SLUG,
  titles: {},
  draft_blocks: [],
  published_blocks: null,
  published_at: null,
  version: 0,
  updated_at: null,
};

/** The site and its pages (the home page first, listed even before its first save). */
export async function listVisualPages(deps: AppDeps, tenantId: number): Promise<SiteVisualPages> {
  const site = await findSiteOfTenant(deps.db, tenantId);
  if (!site) return { site: null, pages: [] };
  const rows = await listPages(deps.db, tenantId, Number(site.id), LANDING_MAX + 1);
  const pages = rows.map((r) => ({
    id: r.kind === 'home' ? null : Number(r.id),
    kind: r.kind,
    slug: r.slug,
    titles: r.titles as Record<string, string>,
    published_at: iso(r.published_at),
    version: r.version,
  }));
  if (!pages.some((p) => p.kind === 'home')) {
    pages.unshift({ id: null, kind: 'home', slug: HOME_SLUG, titles: {}, published_at: null, version: 0 });
  }
  return {
    site: {
      id: Number(site.id),
      slug: site.slug,
      languages: site.languages,
      default_language: site.default_language,
      published: site.published,
    },
    pages,
  };
}

/** One page for the editor (`id` absent: the home page). */
export async function getVisualPage(deps: AppDeps, tenantId: number, id: number | null): Promise<SiteVisualPage> {
  const site = await siteOf(deps.db, tenantId);
  const row = await findPage(deps.db, tenantId, Number(site.id), id);
  if (row) return present(row);
  if (id === null) return EMPTY_HOME;
  throw notFound('页面不存在');
}

const where = (i: number, b: SiteBlock) => `第${i + 1}个模块(${SITE_BLOCK_NAMES[b.type]})`;

/**
 * Refuses blocks that name what is not the tenant's: a product or category of another site or
 * tenant, an image that is not one of the tenant's stored uploads (400 naming the block).
 */
export async function checkBlocksOwned(
  db: Kysely<DB>,
  storage: FileStorage,
  tenantId: number,
  siteId: number,
  blocks: SiteBlock[],
): Promise<void> {
  const productIds = blocks.flatMap((b) =>
    b.type === 'product_grid' && b.source.kind === 'products' ? b.source.product_ids : [],
  );
  const categoryIds = blocks.flatMap((b) =>
    b.type === 'featured_collection'
      ? [b.category_id]
      : b.type === 'product_grid' && b.source.kind === 'category'
        ? [b.source.category_id]
        : [],
  );
  const products = await ownProductIds(db, tenantId, siteId, [...new Set(productIds)]);
  const categories = await ownCategoryIds(db, tenantId, siteId, [...new Set(categoryIds)]);
  for (const [i, b] of blocks.entries()) {
    if (b.type === 'product_grid' && b.source.kind === 'products') {
      const missing = b.source.product_ids.find((id) => !products.has(id));
      if (missing !== undefined) throw badRequest(`${where(i, b)}:商品 ${missing} 不是本站点的商品`);
    }
    const cat =
      b.type === 'featured_collection'
        ? b.category_id
        : b.type === 'product_grid' && b.source.kind === 'category'
          ? b.source.category_id
          : null;
    if (cat !== null && !categories.has(cat)) throw badRequest(`${where(i, b)}:分类 ${cat} 不是本站点的分类`);
    const image = b.type === 'banner' || b.type === 'image_link' ? b.image : null;
    if (image) {
      const key = image.slice('/PDD/files/'.length);
      if (!isSafeKey(key) || !key.startsWith(`t${tenantId}/`) || !(await storage.exists(key))) {
        throw badRequest(`${where(i, b)}:图片不存在,请重新上传`);
      }
    }
  }
}

const pageName = (row: { kind: string; slug: string }) => (row.kind === 'home' ? '首页' : `落地页「${row.slug}」`);
const blockSummary = (blocks: SiteBlock[]) => blocks.map((b) => b.type);

/** Saves a page's draft (version 0 of the home page creates it). Stale version: 409. */
export async function saveVisualDraft(
  deps: AppDeps,
  storage: FileStorage,
  actor: Actor,
  body: SiteVisualSaveBody,
): Promise<SiteVisualPage> {
  const site = await siteOf(deps.db, actor.tenantId);
  const siteId = Number(site.id);
  await checkBlocksOwned(deps.db, storage, actor.tenantId, siteId, body.blocks);
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockPage(trx, actor.tenantId, siteId, body.id);
    if (!before && body.id !== null) throw notFound('页面不存在');
    if ((before?.version ?? 0) !== body.version) throw staleSave(before?.version);
    const row = before
      ? await updateDraft(trx, actor.tenantId, Number(before.id), body.version, body.blocks, body.titles)
      : await insertPage(trx, actor.tenantId, siteId, {
          kind: 'home',
          slug: HOME_SLUG,
          titles: body.titles ?? {},
          blocks: body.blocks,
        });
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'site.visual.save',
      targetType: 'site_page',
      targetId: Number(row.id),
      before: before ? { page: pageName(before), blocks: blockSummary(parseBlocks(before.draft_blocks)) } : undefined,
      after: { page: pageName(row), blocks: blockSummary(body.blocks) },
    });
    return present(row);
  });
}

/** Publishes a page's draft: visitors see it from now on. */
export async function publishVisualPage(deps: AppDeps, actor: Actor, body: SiteVisualPageRef): Promise<SiteVisualPage> {
  const site = await siteOf(deps.db, actor.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockPage(trx, actor.tenantId, Number(site.id), body.id);
    if (!before) throw body.id === null ? badRequest('请先保存草稿再发布') : notFound('页面不存在');
    if (before.version !== body.version) throw staleSave(before.version);
    const row = await publishDraft(trx, actor.tenantId, Number(before.id), body.version);
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'site.visual.publish',
      targetType: 'site_page',
      targetId: Number(row.id),
      after: { page: pageName(row), blocks: blockSummary(parseBlocks(row.draft_blocks)) },
    });
    return present(row);
  });
}

/** Creates an empty landing page (its slug unique in the site; at most LANDING_MAX). */
export async function createLandingPage(
  deps: AppDeps,
  actor: Actor,
  body: SiteVisualCreateBody,
): Promise<SiteVisualPage> {
  const site = await siteOf(deps.db, actor.tenantId);
  const siteId = Number(site.id);
  return deps.db.transaction().execute(async (trx) => {
    const { n } = await countLandingPages(trx, actor.tenantId, siteId);
    if (Number(n) >= LANDING_MAX) throw badRequest(`最多创建${LANDING_MAX}个落地页`);
    const row = await insertPage(trx, actor.tenantId, siteId, {
      kind: 'landing',
      slug: body.slug,
      titles: body.titles,
      blocks: [],
    });
    if (!row) throw conflict(`页面地址「${body.slug}」已被使用`);
    await audit(trx, actor, {
      action: 'site.visual.create',
      targetType: 'site_page',
      targetId: Number(row.id),
      after: { page: pageName(row) },
    });
    return present(row);
  });
}

/** Deletes a landing page (the home page cannot be deleted). */
export async function deleteLandingPage(deps: AppDeps, actor: Actor, body: SiteVisualPageRef): Promise<null> {
  if (body.id === null) throw badRequest('首页不能删除');
  const id = body.id;
  const site = await siteOf(deps.db, actor.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockPage(trx, actor.tenantId, Number(site.id), id);
    if (!before) throw notFound('页面不存在');
    if (before.version !== body.version) throw staleSave(before.version);
    if (!(await deleteLanding(trx, actor.tenantId, id, body.version))) throw staleSave();
    await audit(trx, actor, {
      action: 'site.visual.delete',
      targetType: 'site_page',
      targetId: id,
      before: { page: pageName(before) },
    });
    return null;
  });
}
