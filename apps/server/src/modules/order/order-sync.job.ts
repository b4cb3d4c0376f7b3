import { type OrderSyncResult, orderSyncResult } from '@console/shared/schemas/order';
import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { listAuthorizedShops, listTenantSyncShops, purgeBuyerData } from './order-sync.repository.js';
import { syncShopsOrders } from './order-sync.service.js';

/**
 * A scheduled run waits at most this long for a rate-limit slot before leaving the rest to
 * the next run (a shop over its quota must not hold up the others).
 */
const SCHEDULED_MAX_WAIT_MS = 30_000;
/** A sync someone started waits longer (they watch its progress). */
const ON_DEMAND_MAX_WAIT_MS = 120_000;
/** On-demand syncs one worker process runs at once. */
export const ON_DEMAND_CONCURRENCY = 4;

const syncPayload = z.object({
  /** Shops of the job's tenant to sync (empty: every authorized shop the starter may use). */
  shop_ids: z.array(z.number().int().positive()).max(1000),
  /** The starter's id when the sync is narrowed to the shops given to that account. */
  staff_of: z.number().int().positive().optional(),
});

/** Every 5 minutes: each authorized shop of every tenant, incrementally (issue 17 §1). */
export const orderSyncScheduled = defineJob({
  kind: 'order-sync-scheduled',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *', data: {} },
  async run(ctx) {
    await syncShopsOrders(ctx.deps, await listAuthorizedShops(ctx.deps.db), { maxWaitMs: SCHEDULED_MAX_WAIT_MS });
  },
});

/** 同步订单 on demand: the tenant's shops now, with progress per shop. */
export const orderSyncJob = defineJob<z.infer<typeof syncPayload>, OrderSyncResult>({
  kind: 'order-sync',
  payload: syncPayload,
  access: 'order.read',
  failMessage: '订单同步失败,请稍后重试',
  // A sync waits for its shops' rate-limit slots (up to two minutes each): other tenants'
  // syncs run beside it instead of queueing behind it.
  concurrency: ON_DEMAND_CONCURRENCY,
  async run(ctx, p) {
    const job = ctx.job;
    if (!job) return;
    const shops = await listTenantSyncShops(
      ctx.deps.db,
      job.tenantId,
      p.shop_ids.length ? p.shop_ids : undefined,
      p.staff_of,
    );
    const total: OrderSyncResult = { shops: shops.length, orders: 0, items: 0, deferred: false, errors: [] };
    await ctx.progress.update(0, { total: shops.length, result: total });
    let done = 0;
    // Shops side by side (each has its own rate limits); progress as each one finishes, the
    // updates written one after the other so a later count never lands before an earlier one.
    let written = Promise.resolve();
    await syncShopsOrders(
      ctx.deps,
      shops,
      { maxWaitMs: ON_DEMAND_MAX_WAIT_MS, leaseWaitMs: ON_DEMAND_MAX_WAIT_MS },
      (r) => {
        total.orders += r.orders;
        total.items += r.items;
        total.deferred ||= r.deferred;
        total.errors.push(...r.errors);
        const n = ++done;
        const result = { ...total, errors: [...total.errors] };
        written = written.then(() => ctx.progress.update(n, { result }));
        return written;
      },
    );
    await ctx.progress.done(orderSyncResult.parse(total));
  },
});

/**
 * Every night at 04:10 Beijing time: buyers' names, addresses, phones and e-mails of orders
 * delivered (or cancelled) more than 30 days ago are deleted, as Amazon's data protection
 * policy requires (docs/orders.md "Buyer data").
 */
export const orderBuyerPurge = defineJob({
  kind: 'order-buyer-purge',
  payload: z.object({}),
  schedule: { cron: '10 4 * * *', data: {} },
  async run(ctx) {
    while ((await purgeBuyerData(ctx.deps.db, new Date(), 1000)) === 1000) {}
  },
});
