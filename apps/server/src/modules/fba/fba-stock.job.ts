import { type FbaStockSyncResult, fbaStockSyncResult } from '@console/shared/schemas/fba-stock';
import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { lastSyncTimes, syncableShops } from './fba-stock.repository.js';
import { shopMarketplaceIds, syncShopStock } from './fba-stock.service.js';

/** A sync someone started waits this long for a run already syncing a pair, so its result is current. */
const ON_DEMAND_LEASE_WAIT_MS = 120_000;

/**
 * Every 5 minutes: the shop x marketplace pairs whose last sync (or, never synced, the shop's
 * authorization) is older than `config.fbaStockSyncMinutes` (default 30) are synced, one after the other (each waits for its
 * own rate-limit slots; a pair another run holds is left to that run).
 */
export const fbaStockScheduled = defineJob({
  kind: 'fba-stock-scheduled',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *', data: {} },
  async run(ctx) {
    const { deps } = ctx;
    const before = new Date(Date.now() - deps.config.fbaStockSyncMinutes * 60_000);
    const known = new Map(
      (await lastSyncTimes(deps.db)).map((s) => [`${s.shop_id}|${s.marketplace_id}`, s.last_synced_at]),
    );
    for (const shop of await syncableShops(deps.db)) {
      for (const mp of shopMarketplaceIds(shop.marketplaces)) {
        if (ctx.signal?.aborted) return;
        // A pair never synced is due once its shop has been authorized for an interval (the
        // user may press 同步FBA库存 before): a shop bound minutes ago is not read by both at once.
        const last = known.get(`${shop.id}|${mp}`) ?? shop.authorized_at ?? shop.created_at;
        if (last >= before) continue;
        await syncShopStock(deps, shop, mp);
      }
    }
  },
});

const syncPayload = z.object({
  /** The tenant's shops to sync (empty: every authorized shop of the tenant). */
  shop_ids: z.array(z.number().int().positive()).max(200),
});

/** 同步FBA库存 on demand: the tenant's shops x marketplaces now, progress per pair. */
export const fbaStockSyncJob = defineJob<z.infer<typeof syncPayload>, FbaStockSyncResult>({
  kind: 'fba-stock-sync',
  payload: syncPayload,
  access: 'fba.use',
  failMessage: '同步FBA库存失败,请稍后重试',
  concurrency: 2,
  async run(ctx, p) {
    const job = ctx.job;
    if (!job) return;
    const shops = await syncableShops(ctx.deps.db, {
      tenantId: job.tenantId,
      shopIds: p.shop_ids.length ? p.shop_ids : undefined,
    });
    const pairs = shops.flatMap((shop) => shopMarketplaceIds(shop.marketplaces).map((mp) => ({ shop, mp })));
    const total: FbaStockSyncResult = {
      pairs: pairs.length,
      skus: 0,
      movements: 0,
      units_in: 0,
      units_out: 0,
      created_skus: 0,
      errors: [],
    };
    await ctx.progress.update(0, { total: pairs.length, result: total });
    let done = 0;
    for (const { shop, mp } of pairs) {
      const r = await syncShopStock(ctx.deps, shop, mp, { jobId: job.id, leaseWaitMs: ON_DEMAND_LEASE_WAIT_MS });
      total.skus += r.skus;
      total.movements += r.movements;
      total.units_in += r.units_in;
      total.units_out += r.units_out;
      total.created_skus += r.created_skus;
      total.errors.push(...r.errors);
      if (r.skipped) total.errors.push(`店铺「${shop.name}」正在被另一次同步处理,请稍后查看`);
      await ctx.progress.update(++done, { result: { ...total, errors: [...total.errors] } });
    }
    await ctx.progress.done(fbaStockSyncResult.parse(total));
  },
});
