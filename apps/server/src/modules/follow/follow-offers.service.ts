import { minor, moneyToNumber } from '@console/shared/money';
import { can } from '@console/shared/permissions/can';
import type {
  offerListQuery,
  offerRepriceBody,
  offerStopBody,
  offerUpdateBody,
  offerView,
} from '@console/shared/schemas/follow';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { recomputeOversold } from '../order/order-oversold.service.js';
import { listShops } from '../shop/shop.repository.js';
import { audit, diff } from '../system/audit.js';
import {
  dueRepriceOffers,
  findOffers,
  listOffers,
  requeueOffers,
  saveOfferMarket,
  updateOfferVersioned,
} from './follow.repository.js';
import type { FollowCaller } from './follow.service.js';
import { callError, openShop } from './follow-client.js';
import { repricedPrice, summarizeOffers } from './follow-market.js';
import { followPushJob } from './follow-push.job.js';

type OfferRow = Awaited<ReturnType<typeof findOffers>>[number];
type OfferView = z.infer<typeof offerView>;

/** Queue statuses (跟卖上传记录) and product statuses (跟卖商品). */
export const QUEUE_STATUSES = ['queued', 'submitting', 'failed', 'active'] as const;
const PRODUCT_STATUSES = ['active', 'paused'] as const;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Shops a non-admin may see offers of (those given to the account, or given to nobody). */
async function visibleShopIds(deps: AppDeps, c: FollowCaller): Promise<number[] | undefined> {
  if (can(subjectOf(c.user), 'shop.manage')) return undefined;
  const { rows } = await listShops(deps.db, c.actor.tenantId, { page: 1, pageSize: 10_000, userId: c.user.id });
  return rows.map((r) => r.id);
}

/** A page of the follow queue (`queue`) or of the follow-sale products (`products`). */
export async function offerPage(
  deps: AppDeps,
  c: FollowCaller,
  which: 'queue' | 'products',
  q: z.infer<typeof offerListQuery>,
) {
  const statuses = q.status ? [q.status] : which === 'queue' ? [...QUEUE_STATUSES] : [...PRODUCT_STATUSES];
  const { rows, total } = await listOffers(deps.db, c.actor.tenantId, {
    ...q,
    statuses,
    shopId: q.shop_id,
    asin: q.asin,
    shopIds: await visibleShopIds(deps, c),
  });
  return {
    list: rows.map(
      (r): OfferView => ({
        ...r,
        id: Number(r.id),
        issues: Array.isArray(r.issues) ? r.issues : [],
        checked_at: seconds(r.checked_at),
        created_at: seconds(r.created_at)!,
      }),
    ),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function oneOffer(deps: AppDeps, tenantId: number, id: number): Promise<OfferRow> {
  const [row] = await findOffers(deps.db, tenantId, [id]);
  if (!row || row.status === 'deleted') throw notFound('跟卖商品不存在');
  return row;
}

/** Retries failed queue items: queued again and submitted by a new push job. */
export async function retryOffers(deps: AppDeps, c: FollowCaller, ids: number[]) {
  const rows = await findOffers(deps.db, c.actor.tenantId, ids);
  if (rows.length !== ids.length) throw notFound('跟卖记录不存在');
  return deps.db.transaction().execute(async (trx) => {
    const again = await requeueOffers(trx, c.actor.tenantId, ids);
    if (again.length === 0) throw badRequest('只有失败的记录可以重试');
    const job = await c.jobs.enqueue(followPushJob, c.actor, { ids: again }, { tx: trx, total: again.length });
    await audit(trx, c.actor, {
      action: 'follow.retry',
      targetType: 'follow_offer',
      targetId: `${again.length} items`,
      after: { ids: again.slice(0, 100) },
    });
    return { job_id: job.id, queued: again.length, skipped: ids.length - again.length };
  });
}

/**
 * Changes price and/or quantity of a follow offer on Amazon (patchListingsItem), then saves
 * it when its version still matches; quantity 0 pauses it (暂停), a positive one resumes.
 */
export async function updateOffer(deps: AppDeps, actor: Actor, body: z.infer<typeof offerUpdateBody>) {
  const row = await oneOffer(deps, actor.tenantId, body.id);
  if (row.version !== body.version) throw staleSave(row.version);
  if (row.status !== 'active' && row.status !== 'paused') throw badRequest('只有在售或已暂停的跟卖可以修改');
  if (body.price === undefined && body.quantity === undefined) throw badRequest('请填写价格或库存');
  const price = body.price ?? row.price;
  const quantity = body.quantity ?? row.quantity;
  const shop = await openShop(deps, actor.tenantId, row.shop_id, row.marketplace);
  const patches = [
    {
      op: 'replace' as const,
      path: '/attributes/purchasable_offer',
      value: [
        {
          currency: row.currency,
          marketplace_id: shop.marketplaceId,
          our_price: [{ schedule: [{ value_with_tax: moneyToNumber(minor(price), row.currency) }] }],
        },
      ],
    },
    {
      op: 'replace' as const,
      path: '/attributes/fulfillment_availability',
      value: [{ fulfillment_channel_code: 'DEFAULT', quantity }],
    },
  ];
  const r = await shop.client.listings
    .patch(row.sku, [shop.marketplaceId], { productType: row.product_type, patches })
    .catch(async (err: unknown) => {
      throw await callError(deps, actor.tenantId, row.shop_id, err);
    });
  if (r.status !== 'ACCEPTED') throw badRequest(`亚马逊拒绝了修改:${r.issues?.[0]?.message ?? r.status}`);
  const status = quantity === 0 ? 'paused' : 'active';
  return deps.db.transaction().execute(async (trx) => {
    const saved = await updateOfferVersioned(trx, actor.tenantId, row.id, body.version, { price, quantity, status });
    if (!saved) throw staleSave();
    // The offer's quantity is its listing's stock: the orders' 超卖 flags follow in this transaction.
    if (quantity !== row.quantity) await recomputeOversold(trx, actor.tenantId, row.shop_id);
    await audit(trx, actor, {
      action: 'follow.offerUpdate',
      targetType: 'follow_offer',
      targetId: row.id,
      ...diff({ price: row.price, quantity: row.quantity, status: row.status }, { price, quantity, status }),
    });
    return { id: Number(saved.id), version: saved.version };
  });
}

/** Stops following (停止跟卖): deletes the offer on Amazon, then marks it deleted. */
export async function stopOffer(deps: AppDeps, actor: Actor, body: z.infer<typeof offerStopBody>) {
  const row = await oneOffer(deps, actor.tenantId, body.id);
  if (row.version !== body.version) throw staleSave(row.version);
  if (row.status === 'queued' || row.status === 'submitting') throw badRequest('提交中的跟卖不能停止');
  if (row.status !== 'failed') {
    const shop = await openShop(deps, actor.tenantId, row.shop_id, row.marketplace);
    await shop.client.listings.delete(row.sku, [shop.marketplaceId]).catch(async (err: unknown) => {
      throw await callError(deps, actor.tenantId, row.shop_id, err);
    });
  }
  return deps.db.transaction().execute(async (trx) => {
    const saved = await updateOfferVersioned(trx, actor.tenantId, row.id, body.version, { status: 'deleted' });
    if (!saved) throw staleSave();
    // A stopped offer no longer gives its listing a stock (an earlier upload's may): flags follow.
    await recomputeOversold(trx, actor.tenantId, row.shop_id);
    await audit(trx, actor, {
      action: 'follow.offerStop',
      targetType: 'follow_offer',
      targetId: row.id,
      before: { asin: row.asin, sku: row.sku, status: row.status },
    });
    return { id: Number(saved.id), version: saved.version };
  });
}

/** Sets the simple repricing rule of an offer (follow the Buy Box within min and max). */
export async function setReprice(deps: AppDeps, actor: Actor, body: z.infer<typeof offerRepriceBody>) {
  const row = await oneOffer(deps, actor.tenantId, body.id);
  return deps.db.transaction().execute(async (trx) => {
    const saved = await updateOfferVersioned(trx, actor.tenantId, row.id, body.version, {
      reprice_enabled: body.enabled,
      reprice_min: body.min,
      reprice_max: body.max,
    });
    if (!saved) throw staleSave(row.version);
    await audit(trx, actor, {
      action: 'follow.offerReprice',
      targetType: 'follow_offer',
      targetId: row.id,
      ...diff(
        { enabled: row.reprice_enabled, min: row.reprice_min, max: row.reprice_max },
        { enabled: body.enabled, min: body.min, max: body.max },
      ),
    });
    return { id: Number(saved.id), version: saved.version };
  });
}

/**
 * Reads the Buy Box of follow offers (getItemOffersBatch, 20 per call) and stores price owner,
 * whether we hold it and the seller count; an offer with repricing on moves one minor unit
 * under the Buy Box within its min and max (patchListingsItem). Returns how many were checked.
 */
export async function checkOffers(deps: AppDeps, tenantId: number, ids: number[]) {
  const rows = (await findOffers(deps.db, tenantId, ids)).filter((r) => r.status === 'active' || r.status === 'paused');
  const groups = new Map<string, OfferRow[]>();
  for (const r of rows)
    groups.set(`${r.shop_id}|${r.marketplace}`, [...(groups.get(`${r.shop_id}|${r.marketplace}`) ?? []), r]);
  let checked = 0;
  let repriced = 0;
  for (const list of groups.values()) {
    const first = list[0]!;
    const shop = await openShop(deps, tenantId, first.shop_id, first.marketplace);
    for (let i = 0; i < list.length; i += 20) {
      const chunk = list.slice(i, i + 20);
      const batch = await shop.client.pricing
        .getItemOffersBatch(chunk.map((o) => ({ asin: o.asin, marketplaceId: shop.marketplaceId })))
        .catch(async (err: unknown) => {
          throw await callError(deps, tenantId, first.shop_id, err);
        });
      for (const o of chunk) {
        const payload = batch.responses.find((x) => x.request.Asin === o.asin)?.body.payload;
        if (!payload) continue;
        const s = summarizeOffers(payload, o.currency);
        let price: number | undefined;
        if (o.reprice_enabled && o.reprice_min !== null && o.reprice_max !== null && o.status === 'active') {
          const next = repricedPrice({
            price: o.price,
            buybox: s.buyboxPrice,
            holds: s.mine,
            min: o.reprice_min,
            max: o.reprice_max,
          });
          if (next !== o.price) {
            const r = await shop.client.listings.patch(o.sku, [shop.marketplaceId], {
              productType: o.product_type,
              patches: [
                {
                  op: 'replace',
                  path: '/attributes/purchasable_offer',
                  value: [
                    {
                      currency: o.currency,
                      marketplace_id: shop.marketplaceId,
                      our_price: [{ schedule: [{ value_with_tax: moneyToNumber(minor(next), o.currency) }] }],
                    },
                  ],
                },
              ],
            });
            if (r.status === 'ACCEPTED') {
              price = next;
              repriced++;
            }
          }
        }
        await saveOfferMarket(deps.db, tenantId, o.id, {
          buybox_price: s.buyboxPrice,
          buybox_seller: s.buyboxSeller,
          holds_buybox: s.mine,
          seller_count: s.offerCount,
          ...(price === undefined ? {} : { price }),
        });
        checked++;
      }
    }
  }
  return { checked, repriced };
}

/** How often the scheduled repricing reads an offer with a rule (and the job's period). */
export const REPRICE_INTERVAL_MS = 10 * 60_000;
/** Offers per shop one scheduled run reads: 10 batches, 100 s of getItemOffersBatch at 0.1 rps. */
export const REPRICE_PER_SHOP = 200;

/**
 * The scheduled repricing (§2 "simple repricing rules"): every offer whose rule is on and that
 * was not checked within `REPRICE_INTERVAL_MS` is read and repriced by `checkOffers`, per shop
 * within the shared rate-limit buckets. A shop that fails (authorization, Amazon) is logged and
 * the others go on. Returns the totals.
 */
export async function repriceDue(
  deps: AppDeps,
  o: { now?: Date; intervalMs?: number; perShop?: number; log?: (line: string) => void } = {},
) {
  const now = o.now ?? new Date();
  const due = await dueRepriceOffers(
    deps.db,
    new Date(now.getTime() - (o.intervalMs ?? REPRICE_INTERVAL_MS)),
    o.perShop ?? REPRICE_PER_SHOP,
  );
  const groups = new Map<string, { tenantId: number; shopId: number; ids: number[] }>();
  for (const r of due) {
    const key = `${r.tenant_id}|${r.shop_id}`;
    const g = groups.get(key) ?? { tenantId: r.tenant_id, shopId: r.shop_id, ids: [] };
    g.ids.push(Number(r.id));
    groups.set(key, g);
  }
  const total = { shops: groups.size, checked: 0, repriced: 0, failed: 0 };
  await Promise.all(
    [...groups.values()].map(async (g) => {
      try {
        const r = await checkOffers(deps, g.tenantId, g.ids);
        total.checked += r.checked;
        total.repriced += r.repriced;
      } catch (err) {
        total.failed++;
        (o.log ?? console.warn)(
          `follow repricing: shop ${g.shopId} of tenant ${g.tenantId} not checked: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }),
  );
  return total;
}
