import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import {
  type addCandidatesBody,
  asinPasteField,
  type candidateListQuery,
  type importCandidatesBody,
  MAX_CANDIDATES_PER_ADD,
  MAX_REFUSED_LISTED,
  type priceRuleBody,
  type pushBody,
  type refreshCandidatesBody,
  type searchCatalogBody,
} from '@console/shared/schemas/follow';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import {
  deleteCandidates,
  findCandidates,
  findPriceRule,
  insertOffers,
  listCandidates,
  markCandidatesPending,
  savePriceRule,
  setCandidateCost,
  upsertCandidates,
} from './follow.repository.js';
import { callError, openShop, usableShop } from './follow-client.js';
import { asinsOfFile } from './follow-file.js';
import { followLookupJob } from './follow-lookup.job.js';
import { catalogCategory, catalogFacts, DEFAULT_PRICE_RULE, type PriceRule, suggestedPrice } from './follow-market.js';
import { followPushJob } from './follow-push.job.js';

/** The caller of a follow-selling action: who (for the log and shop access) and the job client. */
export interface FollowCaller {
  actor: Actor;
  user: UserRow;
  jobs: JobClient;
}

/** The tenant's price rule, or the default. */
export async function priceRuleOf(deps: AppDeps, tenantId: number): Promise<PriceRule> {
  return (await findPriceRule(deps.db, tenantId)) ?? DEFAULT_PRICE_RULE;
}

/** Saves the tenant's follow price rule (audited). */
export async function savePriceRuleFor(deps: AppDeps, actor: Actor, body: z.infer<typeof priceRuleBody>) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findPriceRule(trx, actor.tenantId);
    await savePriceRule(trx, actor.tenantId, body);
    await audit(trx, actor, {
      action: 'follow.priceRule',
      targetType: 'follow_price_rule',
      targetId: actor.tenantId,
      before,
      after: body,
    });
  });
  return body;
}

/**
 * Adds pasted ASINs to the pool and starts their lookup with the shop's authorization. The
 * valid ones are added (one already in the pool is looked up again); malformed and repeated
 * ones come back with their reason. No valid ASIN: nothing is written, no job.
 */
export async function addCandidates(deps: AppDeps, c: FollowCaller, body: z.infer<typeof addCandidatesBody>) {
  await usableShop(deps, c.actor.tenantId, c.user, body.shop_id);
  const m = marketplaceByCode(body.marketplace)!;
  const { asins, refused } = body.asins;
  const refusedPart = { refused: refused.slice(0, MAX_REFUSED_LISTED), refused_count: refused.length };
  if (asins.length === 0) return { job_id: null, added: 0, existing: 0, existing_asins: [], ...refusedPart };
  return deps.db.transaction().execute(async (trx) => {
    const rows = await upsertCandidates(trx, c.actor.tenantId, {
      marketplace: m.code,
      currency: m.currency,
      asins,
      userId: c.actor.userId,
    });
    const job = await c.jobs.enqueue(
      followLookupJob,
      c.actor,
      { shopId: body.shop_id, ids: rows.map((r) => r.id) },
      { tx: trx, total: rows.length },
    );
    const existing = rows.filter((r) => !r.added).map((r) => r.asin);
    const added = rows.length - existing.length;
    await audit(trx, c.actor, {
      action: 'follow.candidateAdd',
      targetType: 'follow_candidate',
      targetId: job.id,
      after: { marketplace: m.code, count: rows.length, added, refused: refused.length, asins: asins.slice(0, 50) },
    });
    return {
      job_id: job.id,
      added,
      existing: existing.length,
      existing_asins: existing.slice(0, MAX_REFUSED_LISTED),
      ...refusedPart,
    };
  });
}

/** Looks candidates up again. */
export async function refreshCandidates(deps: AppDeps, c: FollowCaller, body: z.infer<typeof refreshCandidatesBody>) {
  await usableShop(deps, c.actor.tenantId, c.user, body.shop_id);
  const rows = await findCandidates(deps.db, c.actor.tenantId, body.ids);
  if (rows.length !== body.ids.length) throw notFound('候选商品不存在');
  return deps.db.transaction().execute(async (trx) => {
    await markCandidatesPending(trx, c.actor.tenantId, body.ids);
    const job = await c.jobs.enqueue(
      followLookupJob,
      c.actor,
      { shopId: body.shop_id, ids: body.ids },
      { tx: trx, total: body.ids.length },
    );
    return { job_id: job.id, added: 0, existing: body.ids.length, existing_asins: [], refused: [], refused_count: 0 };
  });
}

/** Searches Amazon's catalog (keyword or browse node) with the shop's authorization: 20 hits at most. */
export async function searchCatalog(deps: AppDeps, c: FollowCaller, body: z.infer<typeof searchCatalogBody>) {
  await usableShop(deps, c.actor.tenantId, c.user, body.shop_id);
  const shop = await openShop(deps, c.actor.tenantId, body.shop_id, body.marketplace);
  try {
    const r = await shop.client.catalog.search({
      marketplaceIds: [shop.marketplaceId],
      ...(body.keyword ? { keywords: body.keyword.split(/\s+/).filter(Boolean) } : {}),
      ...(body.classification_id ? { classificationIds: [body.classification_id] } : {}),
      includedData: ['summaries', 'images', 'productTypes', 'classifications'],
      pageSize: 20,
    });
    return {
      list: r.items.slice(0, 20).map((item) => {
        const f = catalogFacts(item, shop.marketplaceId);
        const category = catalogCategory(item, shop.marketplaceId);
        return {
          asin: item.asin,
          title: f.title,
          brand: f.brand,
          image: f.image,
          product_type: f.productType,
          category_id: category.id,
          category_name: category.name,
        };
      }),
    };
  } catch (err) {
    throw await callError(deps, c.actor.tenantId, body.shop_id, err);
  }
}

/** One page of the pool with each candidate's suggested price by the tenant's rule. */
export async function candidatePage(deps: AppDeps, tenantId: number, q: z.infer<typeof candidateListQuery>) {
  const rule = await priceRuleOf(deps, tenantId);
  const { rows, total } = await listCandidates(deps.db, tenantId, q);
  return {
    list: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      suggested_price: suggestedPrice(r.buybox_price, r.cost, rule, r.currency),
      looked_up_at: r.looked_up_at ? Math.floor(r.looked_up_at.getTime() / 1000) : null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Sets a candidate's cost (the floor of its suggested price), audited. */
export async function setCost(deps: AppDeps, actor: Actor, id: number, cost: number | null) {
  return deps.db.transaction().execute(async (trx) => {
    const [row] = await findCandidates(trx, actor.tenantId, [id]);
    if (!row || !(await setCandidateCost(trx, actor.tenantId, id, cost))) throw notFound('候选商品不存在');
    await audit(trx, actor, {
      action: 'follow.candidateCost',
      targetType: 'follow_candidate',
      targetId: id,
      before: { asin: row.asin, cost: row.cost },
      after: { cost },
    });
    return null;
  });
}

/**
 * Adds the ASINs of a file (.txt like a paste; .csv/.xlsx the `ASIN` column or the first one)
 * to the pool: each checked as a pasted one (`ASIN格式不合法: ...`), then looked up.
 */
export async function importCandidates(deps: AppDeps, c: FollowCaller, body: z.infer<typeof importCandidatesBody>) {
  await usableShop(deps, c.actor.tenantId, c.user, body.shop_id);
  const cells = await asinsOfFile(body.file);
  if (cells.length === 0) throw badRequest('文件中没有ASIN');
  if (cells.length > MAX_CANDIDATES_PER_ADD * 2) throw badRequest(`一次最多添加${MAX_CANDIDATES_PER_ADD}个ASIN`);
  // A long cell (a title in the wrong column) is cut so it is refused as a bad ASIN, not as a bad body.
  const parsed = asinPasteField.safeParse(cells.map((c) => c.slice(0, 40)));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'ASIN格式不合法');
  return addCandidates(deps, c, { marketplace: body.marketplace, shop_id: body.shop_id, asins: parsed.data });
}

/** Removes candidates from the pool (audited); another tenant's ids are 404. */
export async function removeCandidates(deps: AppDeps, actor: Actor, ids: number[]) {
  const rows = await findCandidates(deps.db, actor.tenantId, ids);
  if (rows.length !== ids.length) throw notFound('候选商品不存在');
  return deps.db.transaction().execute(async (trx) => {
    const deleted = await deleteCandidates(trx, actor.tenantId, ids);
    await audit(trx, actor, {
      action: 'follow.candidateDelete',
      targetType: 'follow_candidate',
      targetId: `${ids.length} items`,
      before: { asins: rows.map((r) => r.asin).slice(0, 50) },
    });
    return { deleted };
  });
}

/**
 * Pushes candidates to a shop (§2): one follow offer per candidate at its suggested price,
 * queued for the push job. Candidates not looked up, without a Buy Box price or product type,
 * or restricted for the shop are skipped, as is one already followed in the shop.
 */
export async function pushCandidates(deps: AppDeps, c: FollowCaller, body: z.infer<typeof pushBody>) {
  const shop = await usableShop(deps, c.actor.tenantId, c.user, body.shop_id);
  const rows = await findCandidates(deps.db, c.actor.tenantId, body.ids);
  if (rows.length !== body.ids.length) throw notFound('候选商品不存在');
  const rule = await priceRuleOf(deps, c.actor.tenantId);
  const fit = rows.filter(
    (r) =>
      r.status === 'ready' &&
      r.buybox_price !== null &&
      r.product_type !== '' &&
      (r.restriction === 'none' || r.restriction === '') &&
      shop.marketplaces.includes(r.marketplace),
  );
  if (fit.length === 0) throw badRequest('所选商品都不能跟卖(未查询完成、无购物车价格、受限或店铺未开通该站点)');
  const stamp = Date.now().toString(36).toUpperCase().slice(-5);
  return deps.db.transaction().execute(async (trx) => {
    const ids = await insertOffers(
      trx,
      c.actor.tenantId,
      fit.map((r) => ({
        shop_id: shop.id,
        candidate_id: Number(r.id),
        marketplace: r.marketplace,
        asin: r.asin,
        sku: `FL-${r.asin}-${stamp}`,
        product_type: r.product_type,
        currency: r.currency,
        price: suggestedPrice(r.buybox_price, r.cost, rule, r.currency)!,
        quantity: body.quantity,
        fulfillment: body.fulfillment,
        created_by: c.actor.userId,
        title: r.title,
        image: r.image,
      })),
    );
    if (ids.length === 0) throw badRequest('所选商品已在该店铺跟卖');
    const job = await c.jobs.enqueue(followPushJob, c.actor, { ids }, { tx: trx, total: ids.length });
    await audit(trx, c.actor, {
      action: 'follow.push',
      targetType: 'shop',
      targetId: shop.id,
      after: { shop: shop.name, count: ids.length, asins: fit.map((r) => r.asin).slice(0, 50) },
    });
    return { job_id: job.id, queued: ids.length, skipped: rows.length - ids.length };
  });
}
