import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { FbaStockItemsData, FbaStockStatusData, FbaStockSyncBody } from '@console/shared/schemas/fba-stock';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { fbaStockSyncJob } from './fba-stock.job.js';
import { stockItemsOf, syncableShops, syncStates } from './fba-stock.repository.js';
import { shopMarketplaceIds } from './fba-stock.service.js';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const mpName = (id: string) => marketplaceById(id)?.name ?? id;

/** 同步FBA库存: enqueues the sync of the tenant's authorized shops (or the given ones) with its audit line. */
export async function startStockSync(deps: AppDeps, jobs: JobClient, actor: Actor, body: FbaStockSyncBody) {
  const shops = await syncableShops(deps.db, { tenantId: actor.tenantId, shopIds: body.shop_ids });
  if (body.shop_ids && shops.length < body.shop_ids.length) throw notFound('店铺不存在或未授权');
  const pairs = shops.reduce((n, s) => n + shopMarketplaceIds(s.marketplaces).length, 0);
  if (pairs === 0) throw badRequest('没有已授权的店铺,请先在店铺管理绑定店铺');
  return deps.db.transaction().execute(async (trx) => {
    const job = await jobs.enqueue(
      fbaStockSyncJob,
      actor,
      { shop_ids: shops.map((s) => s.id) },
      { tx: trx, total: pairs },
    );
    await audit(trx, actor, {
      action: 'fba.stock.sync',
      targetType: 'fba_stock',
      targetId: job.id,
      after: { shops: shops.length, pairs },
    });
    return { job_id: job.id };
  });
}

/** Each shop x marketplace of the tenant: its last sync (or never) and whether one runs now. */
export async function stockStatus(deps: AppDeps, tenantId: number): Promise<FbaStockStatusData> {
  const [shops, states] = await Promise.all([syncableShops(deps.db, { tenantId }), syncStates(deps.db, tenantId)]);
  const byKey = new Map(states.map((s) => [`${s.shop_id}|${s.marketplace_id}`, s]));
  const now = Date.now();
  return {
    interval_minutes: deps.config.fbaStockSyncMinutes,
    list: shops.flatMap((shop) =>
      shopMarketplaceIds(shop.marketplaces).map((mp) => {
        const s = byKey.get(`${shop.id}|${mp}`);
        return {
          shop_id: shop.id,
          shop_name: shop.name,
          marketplace_id: mp,
          marketplace_name: mpName(mp),
          last_synced_at: s?.last_synced_at ? secs(s.last_synced_at) : null,
          last_error: s?.last_error ?? '',
          running: !!s?.lease_until && s.lease_until.getTime() > now,
          skus: s?.skus ?? 0,
        };
      }),
    ),
  };
}

/** Amazon's last breakdown of the tenant's SKUs (another tenant's ids find nothing). */
export async function stockItems(deps: AppDeps, tenantId: number, stockIds: number[]): Promise<FbaStockItemsData> {
  const rows = await stockItemsOf(deps.db, tenantId, stockIds);
  return {
    list: rows.map((r) => ({
      stock_id: Number(r.stock_id),
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      marketplace_id: r.marketplace_id,
      marketplace_name: mpName(r.marketplace_id),
      msku: r.msku,
      fnsku: r.fnsku,
      asin: r.asin,
      fulfillable: r.fulfillable,
      inbound_working: r.inbound_working,
      inbound_shipped: r.inbound_shipped,
      inbound_receiving: r.inbound_receiving,
      reserved: r.reserved,
      unfulfillable: r.unfulfillable,
      researching: r.researching,
      on_hand: r.on_hand,
      synced_at: secs(r.synced_at),
    })),
  };
}
