import type { Actor, AppDeps } from '../../context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { deleteSiteGoods, lockSiteGoods, setSiteGoodsPublished } from './site-goods.repository.js';
import { publishProblems, requireSite, titleOf } from './site-goods.service.js';

/** Titles named in a batch's log sentence (the rest is counted). */
const NAMED = 5;

/**
 * Locks the products of the tenant's site in id order: all of `ids` or 404 (another tenant's id,
 * an unknown one), so a batch never acts on part of a forged selection.
 */
async function lockAll(trx: AppDeps['db'], tenantId: number, siteId: number, ids: number[]) {
  const rows = await lockSiteGoods(trx, tenantId, siteId, ids);
  if (rows.length !== ids.length) throw notFound('站点商品不存在,请刷新列表后重试');
  return rows;
}

/**
 * POST /site/goods/publish and /unpublish. Publishing is all or nothing: a product without a
 * title in the site's default language, without a price above 0 or without a picture is named
 * with its reasons and nothing changes (400). Products already so are left as they are, so two
 * concurrent calls on the same ids publish each product once (rows are locked in id order).
 */
export async function setPublished(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
  published: boolean,
): Promise<{ affected: number }> {
  const site = await requireSite(deps, actor.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockAll(trx, actor.tenantId, Number(site.id), ids);
    const title = (r: (typeof rows)[number]) => titleOf(r.texts, site.default_language, Number(r.id));
    if (published) {
      const refused = rows
        .map((r) => ({ id: Number(r.id), title: title(r), reasons: publishProblems(r, site) }))
        .filter((r) => r.reasons.length > 0);
      if (refused.length) {
        const text = refused
          .slice(0, NAMED)
          .map((r) => `「${r.title}」${r.reasons.join('、')}`)
          .join(';');
        const more = refused.length > NAMED ? `等${refused.length}个商品` : '';
        throw badRequest(`以下商品不能发布:${text}${more}`, { refused });
      }
    }
    const changing = rows.filter((r) => r.published !== published);
    const affected = await setSiteGoodsPublished(
      trx,
      actor.tenantId,
      changing.map((r) => Number(r.id)),
      published,
    );
    if (affected > 0) {
      await audit(trx, actor, {
        action: published ? 'site.goods.publish' : 'site.goods.unpublish',
        targetType: 'site_goods',
        targetId: changing
          .slice(0, 20)
          .map((r) => r.id)
          .join(','),
        after: { count: affected, titles: changing.slice(0, NAMED).map(title) },
      });
    }
    return { affected };
  });
}

/** POST /site/goods/delete: all of the ids or 404. */
export async function deleteGoods(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  const site = await requireSite(deps, actor.tenantId);
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockAll(trx, actor.tenantId, Number(site.id), ids);
    const deleted = await deleteSiteGoods(trx, actor.tenantId, ids);
    await audit(trx, actor, {
      action: 'site.goods.delete',
      targetType: 'site_goods',
      targetId: ids.slice(0, 20).join(','),
      after: {
        count: deleted,
        titles: rows.slice(0, NAMED).map((r) => titleOf(r.texts, site.default_language, Number(r.id))),
      },
    });
    return { deleted };
  });
}
