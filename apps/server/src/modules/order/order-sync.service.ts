import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { orderStatusLabel } from '@console/shared/schemas/order';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { SpApiClient } from '../../marketplace/sp-api.client.js';
import { liveSpApiDeps } from '../../marketplace/sp-api.deps.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { Order } from '../../marketplace/sp-api.orders.js';
import { shopAuthorizationLost, shopCredentials } from '../shop/shop.service.js';
import { orderSyncOutcome } from '../system/message-sources.service.js';
import { markOversold } from './order-oversold.repository.js';
import { surplusToStock } from './order-surplus.service.js';
import { syncedOrder } from './order-sync.mapping.js';
import {
  insertOrderEvents,
  insertSyncedOrder,
  lockOrdersByAmazonId,
  markRefunded,
  releaseSyncLease,
  takeSyncLease,
  updateSyncedOrder,
} from './order-sync.repository.js';
import { syncItems } from './order-sync-items.service.js';

/**
 * The incremental order sync of one shop (issue 17 §1, docs/orders.md "Sync"): a cursor per
 * marketplace, `getOrders` by `LastUpdatedAfter` from it up to two minutes before now
 * (Amazon's latest allowed bound) for all the marketplaces that share that cursor in one call,
 * page by page, each page stored in one transaction; the cursors move only when every page is
 * in, so a crash reads the window
 * again and the upserts (by shop and Amazon order id, never older over newer) neither lose nor
 * double an order. Items are read afterwards for orders marked `items_pending`, so they
 * survive a stop between the two. Buyer data comes with the orders through one Restricted
 * Data Token per run. Refunds come from Finances `listFinancialEvents` (cursor `*`).
 */

/** How far back the first sync of a marketplace reads. */
export const FIRST_SYNC_DAYS = 30;
const LEASE_MS = 10 * 60_000;
const DAY = 86_400_000;
/** The refunds' cursor of a shop (region-wide). */
const REFUNDS = '*';

/** What one shop's sync did. */
export interface ShopSyncResult {
  orders: number;
  items: number;
  /** A rate-limit slot was further than `maxWaitMs`: the rest waits for the next run. */
  deferred: boolean;
  errors: string[];
}

/** Options of a sync run. */
export interface SyncOptions {
  /** Stop (deferred) instead of waiting longer than this for a rate-limit slot. */
  maxWaitMs?: number;
  /**
   * How long to wait for a marketplace another run is syncing (its lease) before leaving it
   * (deferred); default 0: leave it at once (the scheduled run). 同步订单 waits, so that when it
   * says done the orders up to now are in, whoever fetched them.
   */
  leaseWaitMs?: number;
}

/** How often a run waiting for another run's lease asks again. */
const LEASE_POLL_MS = 200;

/**
 * Takes a marketplace's lease (see `takeSyncLease`), asking again until `deadline` while
 * another run holds it; undefined when it is still held then.
 */
async function takeLeaseBy(
  deps: AppDeps,
  shop: { id: number; tenant_id: number },
  code: string,
  initial: Date,
  deadline: number,
): Promise<Date | undefined> {
  for (;;) {
    const cursor = await takeSyncLease(deps.db, shop.tenant_id, shop.id, code, initial, LEASE_MS);
    if (cursor || Date.now() >= deadline) return cursor;
    await new Promise((r) => setTimeout(r, Math.min(LEASE_POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

/** The marketplace client of one of the tenant's shops (sandbox shops talk to the in-server simulator). */
export async function shopClient(deps: AppDeps, tenantId: number, shopId: number): Promise<SpApiClient> {
  const creds = await shopCredentials(deps, tenantId, shopId);
  const sb = creds.sandbox ? await sandbox(deps.config, deps.db) : undefined;
  return new SpApiClient(
    {
      key: String(creds.id),
      sellingPartnerId: creds.sellerId,
      region: creds.region,
      refreshToken: () => creds.refreshToken,
      ...(sb ? { endpoint: sb.endpoint(creds.region) } : {}),
    },
    sb ? sb.deps : liveSpApiDeps(deps.config.spapi, deps.db),
  );
}

/**
 * Stores one page of orders in one transaction: new ones inserted (items to read), known ones
 * updated only by a newer state (an older answer arriving late changes nothing), a history
 * line per status change, and a warning when an order with purchased items is cancelled.
 */
async function storePage(deps: AppDeps, tenantId: number, shopId: number, page: { code: string; order: Order }[]) {
  return deps.db.transaction().execute(async (trx) => {
    const known = new Map(
      (
        await lockOrdersByAmazonId(
          trx,
          tenantId,
          shopId,
          page.map((p) => p.order.AmazonOrderId),
        )
      ).map((r) => [r.amazon_order_id, r]),
    );
    let changed = 0;
    const events: Parameters<typeof insertOrderEvents>[1] = [];
    for (const { code, order: o } of page) {
      const next = syncedOrder(tenantId, shopId, code, o);
      const before = known.get(o.AmazonOrderId);
      if (!before) {
        const id = await insertSyncedOrder(trx, next);
        if (id) {
          changed++;
          events.push({
            tenant_id: tenantId,
            order_id: id,
            kind: 'sync',
            text: `同步到订单,亚马逊状态 ${orderStatusLabel(o.OrderStatus)}`,
          });
        }
        continue;
      }
      if (before.last_update_date.getTime() > next.last_update_date.getTime()) continue;
      if (
        before.amazon_status === next.amazon_status &&
        before.last_update_date.getTime() === next.last_update_date.getTime()
      )
        continue;
      // A refunded order stays refunded whatever Amazon's order status says later.
      if (before.status === 'refund') next.status = 'refund';
      const wasPending = before.amazon_status === 'Pending' || before.amazon_status === 'PendingAvailability';
      await updateSyncedOrder(trx, tenantId, before.id, next, {
        itemsPending: wasPending && next.status !== 'Pending',
        keepBuyer: before.buyer_purged_at !== null,
      });
      changed++;
      if (before.amazon_status !== next.amazon_status) {
        events.push({
          tenant_id: tenantId,
          order_id: before.id,
          kind: 'status',
          text: `亚马逊状态 ${orderStatusLabel(before.amazon_status)} → ${orderStatusLabel(next.amazon_status)}`,
        });
        // Units already received for the order are no longer needed: they become stock.
        if (next.status === 'Canceled') await surplusToStock(trx, tenantId, null, { orderId: before.id });
        if (next.status === 'Canceled' && before.purchased)
          events.push({
            tenant_id: tenantId,
            order_id: before.id,
            kind: 'warning',
            text: '订单已取消,但已有商品采购:请联系供应商取消采购或转为备货',
          });
      }
    }
    await insertOrderEvents(trx, events);
    return changed;
  });
}

/**
 * The window's end: two minutes (scaled) before now, as Amazon requires, in whole seconds
 * (Amazon's dates have no milliseconds), never before the cursor.
 */
function upperBound(cursor: Date, now: number, scale: number): Date {
  const latest = Math.floor((now - 120_000 / scale) / 1000) * 1000;
  return new Date(Math.max(cursor.getTime(), latest));
}

/** A failure as the sync state shows it (Chinese). */
const messageOf = (err: unknown) =>
  err instanceof SpApiError || err instanceof AppError ? err.message : '同步失败,请稍后重试';
const isDeferred = (err: unknown) => err instanceof SpApiError && err.kind === 'deferred';

/** Marketplaces one `getOrders` call may name (Amazon's `maxItems` of `MarketplaceIds`). */
export const MARKETPLACES_PER_CALL = 50;

/** A marketplace of a shop whose sync lease this run holds, with its cursor. */
interface HeldMarketplace {
  code: string;
  name: string;
  marketplaceId: string;
  cursor: Date;
}

/**
 * Syncs a group of the shop's marketplaces that share one cursor: `getOrders` names them all
 * (Amazon's usage plan of `getOrders` is per selling partner, 0.0167 requests per second, not
 * per marketplace, so one call per marketplace would spend a shop's allowance N times over and
 * leave the last marketplaces of a large shop waiting), each page stored in one transaction
 * with every order under its own marketplace, then the items still to read per marketplace.
 * Every cursor of the group moves to `before` only when every page is in.
 */
async function syncMarketplaceGroup(
  deps: AppDeps,
  client: SpApiClient,
  shop: { id: number; tenant_id: number },
  group: HeldMarketplace[],
  before: Date,
  rdt: string | undefined,
  opts: SyncOptions,
  result: ShopSyncResult,
) {
  const cursor = group[0]!.cursor;
  const codeOf = new Map(group.map((m) => [m.marketplaceId, m.code]));
  const seen = new Map(group.map((m) => [m.code, 0]));
  let error: string | null = null;
  let finished = false;
  try {
    let next: string | undefined;
    const marketplaceIds = group.map((m) => m.marketplaceId);
    do {
      const page = await client.orders.getOrders(
        next
          ? { MarketplaceIds: marketplaceIds, NextToken: next }
          : {
              MarketplaceIds: marketplaceIds,
              LastUpdatedAfter: cursor.toISOString(),
              LastUpdatedBefore: before.toISOString(),
            },
        { rdt, maxWaitMs: opts.maxWaitMs },
      );
      // Each order under its own marketplace (one of a marketplace the call did not name is not
      // kept; an order without one can only be placed when the call named a single marketplace).
      const orders = page.Orders.flatMap((o) => {
        const code = o.MarketplaceId ? codeOf.get(o.MarketplaceId) : group.length === 1 ? group[0]!.code : undefined;
        if (!code && !o.MarketplaceId)
          throw SpApiError.of('malformed', {
            operation: 'getOrders',
            detail: `order ${o.AmazonOrderId} without MarketplaceId`,
          });
        if (!code) return [];
        seen.set(code, seen.get(code)! + 1);
        return [{ code, order: o }];
      });
      result.orders += await storePage(deps, shop.tenant_id, shop.id, orders);
      next = page.NextToken || undefined;
    } while (next);
    finished = true;
    for (const m of group) await syncItems(deps, client, shop, m.code, opts, result);
  } catch (err) {
    if (isDeferred(err)) result.deferred = true;
    else {
      error = messageOf(err);
      result.errors.push(`${group.map((m) => m.name).join('、')}: ${error}`);
    }
  } finally {
    for (const m of group)
      await releaseSyncLease(deps.db, shop.tenant_id, shop.id, m.code, {
        ...(finished ? { cursor: before } : {}),
        error,
        seen: seen.get(m.code)!,
      });
  }
}

/**
 * Syncs the shop's marketplaces: the lease of each (one another run holds is waited for up to
 * `leaseWaitMs`, then left to that run), then one `getOrders` chain per cursor. Marketplaces synced together keep one cursor, so a shop
 * reads all of them in one chain; a marketplace added later (its first 30 days) or one whose
 * last run failed has a cursor of its own until a run brings it level.
 */
async function syncMarketplaces(
  deps: AppDeps,
  client: SpApiClient,
  shop: { id: number; tenant_id: number; marketplaces: string[] },
  rdt: string | undefined,
  opts: SyncOptions,
  result: ShopSyncResult,
) {
  const started = Date.now();
  const deadline = started + (opts.leaseWaitMs ?? 0);
  const held: HeldMarketplace[] = [];
  for (const code of shop.marketplaces) {
    const market = marketplaceByCode(code);
    if (!market) continue;
    const cursor = await takeLeaseBy(deps, shop, code, new Date(started - FIRST_SYNC_DAYS * DAY), deadline);
    if (cursor) held.push({ code, name: market.name, marketplaceId: market.marketplaceId, cursor });
    // Another run still has it: it is that run's to finish.
    else if (opts.leaseWaitMs) result.deferred = true;
  }
  if (!held.length) return;
  // The window ends at the time of the last lease taken (a wait may have moved it).
  const now = Date.now();
  // Amazon answers only up to two minutes before the request: one end for every group, so
  // groups that finish share their next cursor.
  const latestCursor = new Date(Math.max(...held.map((m) => m.cursor.getTime())));
  const before = upperBound(latestCursor, now, client.deps.scheduler.scale);
  const groups = new Map<number, HeldMarketplace[]>();
  for (const m of held) groups.set(m.cursor.getTime(), [...(groups.get(m.cursor.getTime()) ?? []), m]);
  for (const [, group] of [...groups].sort(([a], [b]) => a - b))
    for (let i = 0; i < group.length; i += MARKETPLACES_PER_CALL)
      await syncMarketplaceGroup(
        deps,
        client,
        shop,
        group.slice(i, i + MARKETPLACES_PER_CALL),
        before,
        rdt,
        opts,
        result,
      );
}

/** Reads the refunds posted since the shop's refund cursor and marks those orders `refund`. */
async function syncRefunds(
  deps: AppDeps,
  client: SpApiClient,
  shop: { id: number; tenant_id: number },
  opts: SyncOptions,
  result: ShopSyncResult,
) {
  const cursor = await takeLeaseBy(
    deps,
    shop,
    REFUNDS,
    new Date(Date.now() - FIRST_SYNC_DAYS * DAY),
    Date.now() + (opts.leaseWaitMs ?? 0),
  );
  if (!cursor) {
    if (opts.leaseWaitMs) result.deferred = true;
    return;
  }
  const now = Date.now();
  const before = upperBound(cursor, now, client.deps.scheduler.scale);
  let error: string | null = null;
  let finished = false;
  let seen = 0;
  try {
    let next: string | undefined;
    do {
      const page = await client.finances.listFinancialEvents(
        next ? { NextToken: next } : { PostedAfter: cursor.toISOString(), PostedBefore: before.toISOString() },
        { maxWaitMs: opts.maxWaitMs },
      );
      for (const r of page.FinancialEvents?.RefundEventList ?? []) {
        if (!r.AmazonOrderId) continue;
        seen++;
        await deps.db.transaction().execute(async (trx) => {
          const at = r.PostedDate ? new Date(r.PostedDate) : new Date();
          const hit = await markRefunded(trx, shop.tenant_id, shop.id, r.AmazonOrderId!, at);
          if (!hit) return;
          result.orders++;
          await insertOrderEvents(trx, [
            { tenant_id: shop.tenant_id, order_id: hit.id, kind: 'status', text: '亚马逊退款,订单状态变为已退款' },
            ...(hit.purchased
              ? [
                  {
                    tenant_id: shop.tenant_id,
                    order_id: hit.id,
                    kind: 'warning',
                    text: '订单已退款,但已有商品采购:请联系供应商取消采购或转为备货',
                  },
                ]
              : []),
          ]);
        });
      }
      next = page.NextToken || undefined;
    } while (next);
    finished = true;
  } catch (err) {
    if (isDeferred(err)) result.deferred = true;
    else {
      error = messageOf(err);
      result.errors.push(`退款: ${error}`);
    }
  } finally {
    await releaseSyncLease(deps.db, shop.tenant_id, shop.id, REFUNDS, {
      ...(finished ? { cursor: before } : {}),
      error,
      seen,
    });
  }
}

/**
 * Syncs one shop: a Restricted Data Token for the buyer data of `getOrders`, every
 * marketplace of the shop, then the refunds. A refused authorization marks the shop 授权失效.
 */
export async function syncShopOrders(
  deps: AppDeps,
  shop: { id: number; tenant_id: number; name: string; marketplaces: string[] },
  opts: SyncOptions = {},
): Promise<ShopSyncResult> {
  const result: ShopSyncResult = { orders: 0, items: 0, deferred: false, errors: [] };
  let client: SpApiClient;
  try {
    client = await shopClient(deps, shop.tenant_id, shop.id);
  } catch (err) {
    result.errors.push(`${shop.name}: ${messageOf(err)}`);
    return result;
  }
  let rdt: string | undefined;
  try {
    rdt = (
      await client.tokens.createRestrictedDataToken([
        { method: 'GET', path: '/orders/v0/orders', dataElements: ['buyerInfo', 'shippingAddress'] },
      ])
    ).restrictedDataToken;
  } catch (err) {
    if (err instanceof SpApiError && (err.kind === 'invalid_grant' || err.kind === 'unauthorized')) {
      await shopAuthorizationLost(deps, shop.tenant_id, shop.id, err.message);
      result.errors.push(`${shop.name}: ${err.message}`);
      return result;
    }
    // Without the token (the application lacks the role for personal data) orders still sync, without buyer data.
    if (isDeferred(err)) result.deferred = true;
  }
  await syncMarketplaces(deps, client, shop, rdt, opts, result);
  await syncRefunds(deps, client, shop, opts, result);
  // 超卖: the new or changed orders may pass a listing's stock (docs/orders.md "Oversold").
  if (result.orders > 0 || result.items > 0) await markOversold(deps.db, shop.tenant_id, shop.id);
  return result;
}

/**
 * Shops synced side by side at most (issue 17 §3): every shop has its own rate-limit buckets
 * (per selling partner and operation), so shops synced one after the other leave all but one
 * shop's allowance unused; a run waits on each shop's `getOrderItems` slots at the same time.
 */
export const SHOP_SYNC_CONCURRENCY = 50;

/**
 * Syncs shops with up to `concurrency` of them at once; `onShop` after each shop (in the order
 * they finish). A shop's failure is in its result, never a rejection that stops the others.
 */
export async function syncShopsOrders(
  deps: AppDeps,
  shops: { id: number; tenant_id: number; name: string; marketplaces: string[] }[],
  opts: SyncOptions = {},
  onShop: (r: ShopSyncResult) => Promise<void> | void = () => {},
  concurrency = SHOP_SYNC_CONCURRENCY,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, shops.length) }, async () => {
      while (next < shops.length) {
        const shop = shops[next++]!;
        let r: ShopSyncResult;
        try {
          r = await syncShopOrders(deps, shop, opts);
        } catch (err) {
          r = { orders: 0, items: 0, deferred: false, errors: [`${shop.name}: ${messageOf(err)}`] };
        }
        // A failure streak tells the shop managers once; a clean run ends it (docs/messages.md).
        if (r.errors.length || !r.deferred) await orderSyncOutcome(deps.db, shop, r.errors);
        await onShop(r);
      }
    }),
  );
}
