import { DESC_LANGUAGE_KEYS } from '@console/shared/constants/goods';
import { PRICE_COUNTRY_CODES, priceCountryCurrency } from '@console/shared/constants/marketplaces';
import type {
  CreateUploadBody,
  ErrorFeedData,
  ResubmitBody,
  UploadItemsQuery,
  UploadQueueListQuery,
} from '@console/shared/schemas/upload';
import { UPLOAD_RETRYABLE } from '@console/shared/schemas/upload';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { selectedIds } from '../goods/goods-batch.repository.js';
import { openShop } from '../shop/shop-client.js';
import { audit } from '../system/audit.js';
import { readItemIssues } from './issue-reading.js';
import { uploadPumpJob } from './upload.jobs.js';
import { presentItem, presentListing, presentQueue } from './upload.presenter.js';
import {
  findQueue,
  goodsForUpload,
  insertQueue,
  itemIdsIn,
  itemsOfGoods,
  ledgerOf,
  listItems,
  listQueues,
  reopenQueue,
  setItemsStatus,
  setLedgerFromItems,
  uploaderAccount,
  usableShops,
} from './upload.repository.js';
import { heldPairs } from './upload-check.service.js';
import { clientSchemas, expandGoods, remapItems, uploadImageUrl } from './upload-expand.js';
import { saveGoodsFields } from './upload-goods.repository.js';
import { advanceExpansion, rereadItems } from './upload-runner.repository.js';
import { resolveUploadTarget } from './upload-target.js';

/** Most products one queue takes. */
export const MAX_QUEUE_GOODS = 20_000;
/** Products mapped in the create request itself (larger selections are mapped by the runner). */
const SYNC_EXPAND = 200;

/** The caller's reach in the library (data scope): creators whose products it may upload. */
export interface UploadReach {
  creators: readonly number[] | null;
}

/** The shops the user may upload to and the marketplaces allowed (`allowUploadSiteArr`). */
export async function uploadTargets(deps: AppDeps, actor: Actor) {
  const [shops, account] = await Promise.all([
    usableShops(deps.db, actor.tenantId, actor.userId),
    uploaderAccount(deps.db, actor.tenantId, actor.userId),
  ]);
  const allowed = account.allow_upload_sites;
  return {
    list: shops
      .filter((s) => s.auth_status === 'authorized')
      .map((s) => ({
        shop_id: s.id,
        name: s.name,
        sandbox: s.sandbox,
        region: s.region,
        marketplaces: s.marketplaces.filter((m) => allowed.length === 0 || allowed.includes(m)),
      })),
  };
}

/** The ETA of a queue from the scheduler's estimate of its remaining requests. */
export async function etaSeconds(deps: AppDeps, q: Awaited<ReturnType<typeof findQueue>>): Promise<number | null> {
  if (!q || !['pending', 'running'].includes(q.status)) return null;
  const left = q.c_waiting + q.c_sending;
  const toRead = left + q.c_submitted + q.c_accepted;
  const rate = 5 * deps.config.spapi.timeScale;
  // Listings: one put per item plus a read-back per 20; feeds: a few calls, processing time and read-backs.
  const sends = q.mode === 'listings' ? left / rate : left > 0 ? 20 / deps.config.spapi.timeScale : 0;
  const feedWait = q.mode === 'feed' && q.c_submitted + left > 0 ? 15 / deps.config.spapi.timeScale : 0;
  const unexpanded = q.goods_ids.length - q.expand_cursor;
  return Math.ceil(sends + feedWait + toRead / 20 / rate + unexpanded / 200);
}

/** `POST /upload/create`: a queue for the selection, mapped at once when small. */
export async function createUpload(
  deps: AppDeps,
  jobs: JobClient,
  actor: Actor,
  reach: UploadReach,
  body: CreateUploadBody,
) {
  await resolveUploadTarget(deps, actor, body.shop_id, body.marketplaces);
  const selected = (
    await selectedIds(deps.db, actor.tenantId, { ids: body.ids, filter: body.filter, creators: reach.creators })
      .where('goods.is_delete', '=', 0)
      .orderBy('goods.id')
      .limit(MAX_QUEUE_GOODS + 1)
      .execute()
  ).map((r) => Number(r.id));
  if (selected.length === 0) throw badRequest('没有可上传的商品(回收站中的商品不能上传)');
  // 发送就绪的: products held back in every marketplace are left out of the queue.
  const { ids, held, dropped } = heldPairs(selected, body.marketplaces, body.hold);
  if (ids.length === 0) throw badRequest('所选商品在所有站点都已暂缓,没有可发送的商品');
  if (ids.length > MAX_QUEUE_GOODS) throw badRequest(`一次最多上传${MAX_QUEUE_GOODS}个商品,请缩小筛选范围`);
  // Items per marketplace: a product, or its parent and each variation.
  const threshold = deps.config.uploadFeedThreshold;
  const goods = await goodsForUpload(deps.db, actor.tenantId, ids.slice(0, threshold + 1));
  const estimate = goods.reduce((n, g) => {
    const children = g.parentage?.children?.length ?? 0;
    return n + (children ? children + 1 : 1);
  }, 0);
  const mode = ids.length > threshold || estimate > threshold ? 'feed' : 'listings';
  const synchronous = ids.length <= SYNC_EXPAND;
  const { client } = synchronous ? await openShop(deps, actor.tenantId, body.shop_id) : { client: undefined };
  const account = await uploaderAccount(deps.db, actor.tenantId, actor.userId);
  const result = await deps.db.transaction().execute(async (trx) => {
    const { id } = await insertQueue(trx, {
      tenant_id: actor.tenantId,
      shop_id: body.shop_id,
      marketplaces: body.marketplaces,
      upload_type: body.upload_type,
      mode,
      goods_count: ids.length,
      goods_ids: ids,
      created_by: actor.userId,
      held: [...held],
      only_ready: body.only_ready ?? false,
    });
    let counts = { items: 0, invalid: 0, held: 0 };
    if (client) {
      counts = await expandGoods(
        trx,
        {
          tenantId: actor.tenantId,
          shopId: body.shop_id,
          queueId: id,
          type: body.upload_type,
          marketplaces: body.marketplaces,
          account,
          imageUrl: uploadImageUrl(deps),
          schemas: clientSchemas(deps, client),
          held,
          onlyReady: body.only_ready ?? false,
        },
        ids,
      );
      await advanceExpansion(trx, id, ids.length);
    }
    await audit(trx, actor, {
      action: 'upload.create',
      targetType: 'upload_queue',
      targetId: id,
      after: {
        shop_id: body.shop_id,
        marketplaces: body.marketplaces,
        upload_type: body.upload_type,
        goods: ids.length,
        ...counts,
      },
    });
    return { queue_id: id, goods: ids.length, ...counts, held: client ? counts.held + dropped : held.size };
  });
  await jobs.trigger(uploadPumpJob, {});
  return result;
}

/** `GET /upload/queueList`. */
export async function queueList(deps: AppDeps, tenantId: number, q: UploadQueueListQuery) {
  const { rows, total } = await listQueues(deps.db, tenantId, q);
  const list = await Promise.all(rows.map(async (r) => presentQueue(r, await etaSeconds(deps, r))));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

/** One queue of the tenant, or 404. */
export async function queueOf(deps: AppDeps, tenantId: number, id: number) {
  const q = await findQueue(deps.db, tenantId, id);
  if (!q) throw notFound('上传队列不存在');
  return q;
}

/** `GET /upload/queue`. */
export async function queueView(deps: AppDeps, tenantId: number, id: number) {
  const q = await queueOf(deps, tenantId, id);
  return presentQueue(q, await etaSeconds(deps, q));
}

/** `GET /upload/queueItems`. */
export async function queueItems(deps: AppDeps, tenantId: number, q: UploadItemsQuery) {
  await queueOf(deps, tenantId, q.queue_id);
  const { rows, total } = await listItems(deps.db, tenantId, q);
  return { list: rows.map(presentItem), total, page: q.page, pageSize: q.pageSize };
}

/** The uploading context of a queue (retry and resubmit map products again). */
async function remapContext(deps: AppDeps, q: Awaited<ReturnType<typeof queueOf>>) {
  const { client } = await openShop(deps, q.tenant_id, q.shop_id);
  return {
    tenantId: q.tenant_id,
    shopId: q.shop_id,
    queueId: q.id,
    type: q.upload_type,
    marketplaces: q.marketplaces,
    account: await uploaderAccount(deps.db, q.tenant_id, q.created_by),
    imageUrl: uploadImageUrl(deps),
    schemas: clientSchemas(deps, client),
  };
}

/**
 * `POST /upload/retry`: failed items (rejected, invalid, failed; or the given ones among them)
 * are mapped again from their products as they are now and queued again.
 */
export async function retryUpload(deps: AppDeps, jobs: JobClient, actor: Actor, queueId: number, itemIds?: number[]) {
  const q = await queueOf(deps, actor.tenantId, queueId);
  if (q.status === 'cancelled') throw conflict('队列已取消,不能重试');
  const ctx = await remapContext(deps, q);
  const r = await deps.db.transaction().execute(async (trx) => {
    const items = await itemIdsIn(trx, actor.tenantId, queueId, UPLOAD_RETRYABLE, itemIds);
    if (items.length === 0) return { affected: 0 };
    const full = (
      await listItems(trx, actor.tenantId, {
        queue_id: queueId,
        page: 1,
        pageSize: 10_000,
        goods_ids: [...new Set(items.map((i) => Number(i.goods_id)))],
      })
    ).rows.filter((i) => items.some((x) => String(x.id) === String(i.id)));
    const res = await remapItems(
      trx,
      ctx,
      full.map((i) => ({
        id: String(i.id),
        goods_id: Number(i.goods_id),
        marketplace: i.marketplace,
        seller_sku: i.seller_sku,
      })),
    );
    await reopenQueue(trx, actor.tenantId, queueId);
    await audit(trx, actor, {
      action: 'upload.retry',
      targetType: 'upload_queue',
      targetId: queueId,
      after: { items: items.length, invalid: res.invalid },
    });
    return { affected: items.length };
  });
  if (r.affected) await jobs.trigger(uploadPumpJob, {});
  return r;
}

/**
 * `POST /upload/recheck` (重新查询): items whose result is unknown (or the given ones among
 * them) are read back from Amazon again; the queue opens until each is live, refused or
 * unknown again. Nothing is sent.
 */
export async function recheckUpload(deps: AppDeps, jobs: JobClient, actor: Actor, queueId: number, itemIds?: number[]) {
  const q = await queueOf(deps, actor.tenantId, queueId);
  if (q.status === 'cancelled') throw conflict('队列已取消,不能重新查询');
  const r = await deps.db.transaction().execute(async (trx) => {
    const items = await itemIdsIn(trx, actor.tenantId, queueId, ['unknown'], itemIds);
    const ids = await rereadItems(
      trx,
      items.map((i) => String(i.id)),
    );
    if (ids.length === 0) return { affected: 0 };
    await setLedgerFromItems(trx, ids);
    await reopenQueue(trx, actor.tenantId, queueId);
    await audit(trx, actor, {
      action: 'upload.recheck',
      targetType: 'upload_queue',
      targetId: queueId,
      after: { items: ids.length },
    });
    return { affected: ids.length };
  });
  if (r.affected) await jobs.trigger(uploadPumpJob, {});
  return r;
}

/** `POST /upload/cancel`: items not sent yet are cancelled; the queue finishes with what was sent. */
export async function cancelUpload(deps: AppDeps, actor: Actor, queueId: number) {
  await queueOf(deps, actor.tenantId, queueId);
  return deps.db.transaction().execute(async (trx) => {
    const items = await itemIdsIn(trx, actor.tenantId, queueId, ['waiting', 'invalid']);
    const ids = items.map((i) => String(i.id));
    await setItemsStatus(trx, ids, 'cancelled', { error: '已取消' });
    await setLedgerFromItems(trx, ids);
    await audit(trx, actor, {
      action: 'upload.cancel',
      targetType: 'upload_queue',
      targetId: queueId,
      after: { items: ids.length },
    });
    return { affected: ids.length };
  });
}

/** `GET /upload/errorFeed`: every issue of a product in a queue, in Chinese and as Amazon wrote it. */
export async function errorFeed(
  deps: AppDeps,
  tenantId: number,
  queueId: number,
  goodsId: number,
): Promise<ErrorFeedData> {
  const q = await queueOf(deps, tenantId, queueId);
  const items = await itemsOfGoods(deps.db, tenantId, queueId, [goodsId]);
  if (items.length === 0) throw notFound('该商品不在这个上传队列中');
  const first = items[0]!;
  return {
    queue: presentQueue(q, await etaSeconds(deps, q)),
    goods_id: goodsId,
    goods_title: first.goods_title,
    goods_sku: first.goods_sku,
    thumbnail: first.thumbnail,
    items: items.map((i) => ({
      ...presentItem(i),
      issues: readItemIssues(i),
    })),
  };
}

/**
 * `POST /upload/resubmit`: fixes made in the edit queue are saved into the products (each at
 * the version it was loaded, audited) and the products' items of the queue are mapped again
 * and sent. A product changed by someone else meanwhile is refused as a stale save.
 */
export async function resubmit(deps: AppDeps, jobs: JobClient, actor: Actor, reach: UploadReach, body: ResubmitBody) {
  const q = await queueOf(deps, actor.tenantId, body.queue_id);
  if (q.status === 'cancelled') throw conflict('队列已取消,不能重新提交');
  const ctx = await remapContext(deps, q);
  const goodsIds = body.goods.map((g) => g.goods_id);
  const r = await deps.db.transaction().execute(async (trx) => {
    const items = (
      await listItems(trx, actor.tenantId, { queue_id: q.id, page: 1, pageSize: 10_000, goods_ids: goodsIds })
    ).rows;
    const inQueue = new Set(items.map((i) => Number(i.goods_id)));
    const outside = goodsIds.filter((id) => !inQueue.has(id));
    if (outside.length) throw badRequest(`商品不在这个上传队列中: ${outside.join(',')}`);
    for (const g of body.goods) {
      const badLang = Object.keys(g.titles ?? {}).find((k) => !(DESC_LANGUAGE_KEYS as readonly string[]).includes(k));
      if (badLang) throw badRequest(`语言不合法: ${badLang}`);
      const badCountry = Object.keys(g.prices ?? {}).find(
        (k) => !(PRICE_COUNTRY_CODES as readonly string[]).includes(k),
      );
      if (badCountry) throw badRequest(`国家不合法: ${badCountry}`);
      const prices = Object.fromEntries(
        Object.entries(g.prices ?? {}).map(([c, price]) => [c, { price, currency: priceCountryCurrency(c) }]),
      );
      const saved = await saveGoodsFields(trx, actor.tenantId, { ...g, prices }, reach.creators);
      if (saved === 'missing') throw notFound(`商品不存在: ${g.goods_id}`);
      if (saved === 'stale')
        throw new AppError(409, '数据已被他人修改,请刷新后重试', { code: 'STALE_VERSION', goods_id: g.goods_id });
      await audit(trx, actor, {
        action: 'goods.update',
        targetType: 'goods',
        targetId: g.goods_id,
        after: { via: 'upload.resubmit', queue_id: q.id, titles: g.titles, prices: g.prices, quantity: g.quantity },
      });
    }
    const open = items.filter((i) => !['waiting', 'sending', 'submitted'].includes(i.status));
    const res = await remapItems(
      trx,
      ctx,
      open.map((i) => ({
        id: String(i.id),
        goods_id: Number(i.goods_id),
        marketplace: i.marketplace,
        seller_sku: i.seller_sku,
      })),
    );
    await reopenQueue(trx, actor.tenantId, q.id);
    await audit(trx, actor, {
      action: 'upload.resubmit',
      targetType: 'upload_queue',
      targetId: q.id,
      after: { goods: goodsIds.length, ...res },
    });
    return { goods: goodsIds.length, ...res };
  });
  await jobs.trigger(uploadPumpJob, {});
  return r;
}

/** `GET /upload/listings`: the ledger of products. */
export async function listingsOf(deps: AppDeps, tenantId: number, goodsIds: number[]) {
  return { list: (await ledgerOf(deps.db, tenantId, goodsIds)).map(presentListing) };
}
