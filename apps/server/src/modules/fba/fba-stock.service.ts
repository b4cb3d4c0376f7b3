import { marketplaceByCode, marketplaceById } from '@console/shared/constants/marketplaces';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { locationId, readBalance } from '../../inventory/inventory.repository.js';
import { postMovement } from '../../inventory/inventory.service.js';
import { AppError } from '../../lib/app-error.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { InventorySummary } from '../../marketplace/sp-api.fba-inventory.js';
import { openShop } from '../shop/shop-client.js';
import {
  amazonOnHand,
  createStockProduct,
  finishRun,
  insertRun,
  linkedStockIds,
  lockCredit,
  pendingReceipts,
  receiptSince,
  releaseStockLease,
  setCredit,
  takeStockLease,
  unseenItems,
  upsertStockItem,
} from './fba-stock.repository.js';

/**
 * FBA stock (docs/fba.md "FBA stock"): one shop x marketplace's getInventorySummaries read in
 * full (details=true, every page), each MSKU's breakdown stored, and the FBA balance of its SKU
 * reconciled to Amazon's on hand (fulfillable + reserved + unfulfillable, summed over the
 * tenant's shops in that marketplace) by one `fba_sync` movement of the difference.
 */

/** How long a run holds its shop x marketplace (a crashed run's hold expires then). */
const LEASE_MS = 10 * 60_000;
const LEASE_POLL_MS = 200;
/** Summaries stored per transaction. */
const CHUNK = 50;

export interface StockSyncResult {
  skus: number;
  movements: number;
  units_in: number;
  units_out: number;
  created_skus: number;
  /** Another run held the shop x marketplace (it posts; this one did nothing). */
  skipped: boolean;
  errors: string[];
}

export const emptyResult = (): StockSyncResult => ({
  skus: 0,
  movements: 0,
  units_in: 0,
  units_out: 0,
  created_skus: 0,
  skipped: false,
  errors: [],
});

/** What the ledger's FBA on hand follows: units at Amazon's centres (inbound and researching are information). */
export function amazonOnHandOf(s: InventorySummary): number {
  const d = s.inventoryDetails ?? {};
  return (
    (d.fulfillableQuantity ?? 0) +
    (d.reservedQuantity?.totalReservedQuantity ?? 0) +
    (d.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0)
  );
}

/** The pairs a shop syncs: each of its marketplaces (codes in `shops.marketplaces`) as Amazon's id. */
export function shopMarketplaceIds(codes: string[]): string[] {
  const out: string[] = [];
  for (const c of codes) {
    const id = marketplaceByCode(c)?.marketplaceId;
    if (id) out.push(id);
  }
  return out;
}

const messageOf = (err: unknown) =>
  err instanceof SpApiError || err instanceof AppError ? err.message : '同步FBA库存失败,请稍后重试';

/**
 * Syncs one shop x marketplace under its lease (a run holding it makes this one wait up to
 * `leaseWaitMs`, then skip: two runs at once post once).
 */
export async function syncShopStock(
  deps: AppDeps,
  shop: { id: number; tenant_id: number; name: string },
  marketplaceId: string,
  opts: { jobId?: string | null; leaseWaitMs?: number } = {},
): Promise<StockSyncResult> {
  const res = emptyResult();
  const deadline = Date.now() + (opts.leaseWaitMs ?? 0);
  while (!(await takeStockLease(deps.db, shop.tenant_id, shop.id, marketplaceId, LEASE_MS))) {
    if (Date.now() >= deadline) return { ...res, skipped: true };
    await new Promise((r) => setTimeout(r, LEASE_POLL_MS));
  }
  const runId = await insertRun(deps.db, {
    tenant_id: shop.tenant_id,
    shop_id: shop.id,
    marketplace_id: marketplaceId,
    job_id: opts.jobId ?? null,
  });
  let error = '';
  try {
    await readAndReconcile(deps, shop, marketplaceId, runId, res);
  } catch (err) {
    const mp = marketplaceById(marketplaceId)?.name ?? marketplaceId;
    error = `店铺「${shop.name}」${mp}:${messageOf(err)}`;
    res.errors.push(error);
  } finally {
    await finishRun(deps.db, runId, {
      status: error ? 'failed' : 'done',
      skus: res.skus,
      movements: res.movements,
      units_in: res.units_in,
      units_out: res.units_out,
      created_skus: res.created_skus,
      error,
    });
    await releaseStockLease(deps.db, shop.tenant_id, shop.id, marketplaceId, { runId, error });
  }
  return res;
}

async function readAndReconcile(
  deps: AppDeps,
  shop: { id: number; tenant_id: number },
  marketplaceId: string,
  runId: number,
  res: StockSyncResult,
) {
  const tenantId = shop.tenant_id;
  const { client } = await openShop(deps, tenantId, shop.id);
  const readAt = new Date();
  // Every page at once (Amazon's nextToken lives 30 seconds); each request books its rate-limit slot.
  const all = await client.fbaInventory.allInventorySummaries({ marketplaceId, details: true });
  const summaries = [...new Map(all.filter((s) => s.sellerSku).map((s) => [s.sellerSku!, s])).values()];
  res.skus = summaries.length;
  for (let i = 0; i < summaries.length; i += CHUNK) {
    const chunk = summaries.slice(i, i + CHUNK);
    const links = await linkedStockIds(
      deps.db,
      tenantId,
      shop.id,
      marketplaceId,
      chunk.map((s) => s.sellerSku!),
    );
    await deps.db.transaction().execute(async (trx) => {
      for (const s of chunk) {
        const msku = s.sellerSku!;
        let stockId = links.get(msku);
        if (stockId === undefined) {
          stockId = await createStockProduct(trx, tenantId, msku, s.productName ?? '');
          res.created_skus++;
        }
        const d = s.inventoryDetails ?? {};
        await upsertStockItem(trx, {
          shop_id: shop.id,
          marketplace_id: marketplaceId,
          msku,
          tenant_id: tenantId,
          stock_id: stockId,
          fnsku: s.fnSku ?? '',
          asin: s.asin ?? '',
          fulfillable: d.fulfillableQuantity ?? 0,
          inbound_working: d.inboundWorkingQuantity ?? 0,
          inbound_shipped: d.inboundShippedQuantity ?? 0,
          inbound_receiving: d.inboundReceivingQuantity ?? 0,
          reserved: d.reservedQuantity?.totalReservedQuantity ?? 0,
          unfulfillable: d.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0,
          researching: d.researchingQuantity?.totalResearchingQuantity ?? 0,
          on_hand: amazonOnHandOf(s),
          run_id: runId,
        });
        await reconcile(trx, { tenantId, marketplaceId, stockId, runId, readAt, sku: msku }, res);
      }
    });
  }
  // MSKUs Amazon no longer lists hold nothing there now.
  await deps.db.transaction().execute(async (trx) => {
    for (const gone of await unseenItems(trx, tenantId, shop.id, marketplaceId, runId)) {
      await upsertStockItem(trx, {
        ...gone,
        fulfillable: 0,
        inbound_working: 0,
        inbound_shipped: 0,
        inbound_receiving: 0,
        reserved: 0,
        unfulfillable: 0,
        researching: 0,
        on_hand: 0,
        run_id: runId,
      });
      const at = { tenantId, marketplaceId, stockId: Number(gone.stock_id), runId, readAt, sku: gone.msku };
      await reconcile(trx, at, res);
    }
  });
}

/**
 * Moves the SKU's FBA balance to Amazon's on hand (summed over the tenant's shops) by one
 * movement of the difference, under the SKU's credit lock. A rise is credited (up to the units
 * of own shipments still expected) so that their receipts do not count those units again; a
 * fall is left to the next run when a receipt was posted after this run's read began (the read
 * may predate those units).
 */
async function reconcile(
  trx: Kysely<DB>,
  at: { tenantId: number; marketplaceId: string; stockId: number; runId: number; readAt: Date; sku: string },
  res: StockSyncResult,
) {
  const credit = await lockCredit(trx, at.tenantId, at.marketplaceId, at.stockId);
  const target = await amazonOnHand(trx, at.tenantId, at.marketplaceId, at.stockId);
  const loc = await locationId(trx, at.tenantId, { kind: 'fba', marketplaceId: at.marketplaceId });
  const bal = await readBalance(trx, at.tenantId, loc, at.stockId);
  const diff = target - bal.on_hand;
  const pending = await pendingReceipts(trx, at.tenantId, at.marketplaceId, at.stockId);
  let nextCredit = Math.min(credit, pending);
  const base = {
    tenantId: at.tenantId,
    stockId: at.stockId,
    at: { kind: 'fba' as const, marketplaceId: at.marketplaceId },
    reason: 'fba_sync' as const,
    doc: { type: 'fba_sync' as const, id: at.runId },
    by: null,
  };
  if (diff > 0) {
    await postMovement(trx, { ...base, op: 'in', quantity: diff, note: `亚马逊在库 ${target} 件` });
    nextCredit = Math.min(credit + diff, pending);
    res.movements++;
    res.units_in += diff;
  } else if (diff < 0) {
    if (await receiptSince(trx, at.tenantId, loc, at.stockId, at.readAt)) {
      res.errors.push(`SKU ${at.sku} 刚有货件入库,下次同步再核对`);
    } else {
      const out = Math.min(-diff, bal.on_hand - bal.reserved);
      if (out > 0) {
        await postMovement(trx, { ...base, op: 'out', quantity: out, note: `亚马逊在库 ${target} 件` });
        res.movements++;
        res.units_out += out;
      }
      if (out < -diff) res.errors.push(`SKU ${at.sku} 的FBA库存有 ${bal.reserved} 件已预留,不能减到 ${target} 件`);
    }
  }
  if (nextCredit !== credit) await setCredit(trx, at.tenantId, at.marketplaceId, at.stockId, nextCredit);
}

/**
 * A receipt of the tenant's own shipment at the FBA location (called by 同步接收 in its
 * transaction): the units a sync already added for this SKU (its credit) are not added again;
 * the rest is posted `in`, reason receipt, with the shipment as document.
 */
export async function postFbaReceipt(
  trx: Kysely<DB>,
  r: {
    tenantId: number;
    stockId: number;
    marketplaceId: string;
    quantity: number;
    shipmentId: number;
    note: string;
    by: number | null;
  },
): Promise<number> {
  const credit = await lockCredit(trx, r.tenantId, r.marketplaceId, r.stockId);
  const counted = Math.min(credit, r.quantity);
  if (counted > 0) await setCredit(trx, r.tenantId, r.marketplaceId, r.stockId, credit - counted);
  const rest = r.quantity - counted;
  if (rest > 0)
    await postMovement(trx, {
      tenantId: r.tenantId,
      stockId: r.stockId,
      at: { kind: 'fba', marketplaceId: r.marketplaceId },
      op: 'in',
      quantity: rest,
      reason: 'receipt',
      doc: { type: 'fba_shipment', id: r.shipmentId },
      note: counted > 0 ? `${r.note}(另 ${counted} 件已由FBA库存同步计入)` : r.note,
      by: r.by,
    });
  return rest;
}
