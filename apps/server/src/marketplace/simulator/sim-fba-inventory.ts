import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { InventorySummary } from '../sp-api.fba-inventory.js';
import { type SimInbound, simFnsku, simInbound } from './sim-inbound.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';

/**
 * FBA Inventory v1 getInventorySummaries of the simulated Amazon: per MSKU of a marketplace,
 * the stock set with `simInbound(sim).setStock` plus what the simulated shipments bring —
 * units of confirmed shipments not yet sent are inbound working, sent ones inbound shipped,
 * a shipment being received shows the rest as inbound receiving, and received units are
 * reserved (`fcProcessingQuantity`) for `timing.fcProcessing` before they are fulfillable.
 * Units Amazon found short never appear. Amazon's own orders of the seller (AFN, `sim-orders.ts`)
 * take their units: paid and not yet shipped they are reserved (`pendingCustomerOrderQuantity`),
 * shipped they are gone; never below zero (`afnSales`).
 */

interface Tally {
  fulfillable: number;
  working: number;
  shipped: number;
  receiving: number;
  fcProcessing: number;
  pendingCustomerOrder: number;
  unfulfillable: number;
  updated: number;
  asin?: string;
  title?: string;
}

const PAGE = 50;

function blank(): Tally {
  return {
    fulfillable: 0,
    working: 0,
    shipped: 0,
    receiving: 0,
    fcProcessing: 0,
    pendingCustomerOrder: 0,
    unfulfillable: 0,
    updated: 0,
  };
}

/** Every MSKU's quantities of a seller in a marketplace, now. */
export function fbaTallies(
  inb: SimInbound,
  sellerId: string,
  marketplaceId: string,
  now = Date.now(),
): Map<string, Tally> {
  inb.settle(now);
  const out = new Map<string, Tally>();
  const of = (msku: string) => {
    let t = out.get(msku);
    if (!t) {
      t = blank();
      out.set(msku, t);
    }
    return t;
  };
  for (const [key, s] of inb.stock) {
    const [seller, mp, msku] = key.split('|');
    if (seller !== sellerId || mp !== marketplaceId) continue;
    const t = of(msku!);
    t.fulfillable += s.fulfillable;
    t.pendingCustomerOrder += s.pendingCustomerOrder;
    t.unfulfillable += s.unfulfillable;
    t.updated = Math.max(t.updated, s.at);
  }
  for (const p of inb.plans.values()) {
    if (p.sellerId !== sellerId || p.marketplaceId !== marketplaceId || p.status === 'VOIDED') continue;
    for (const s of p.shipments) {
      if (!s.confirmed) continue;
      const status = inb.shipmentStatus(p, s, now);
      const received = inb.received(p, s, now);
      for (const [msku, q] of inb.shipmentUnits(p, s)) {
        const t = of(msku);
        const item = p.items.find((i) => i.msku === msku)!;
        t.asin = item.asin || t.asin;
        t.title = item.title;
        t.updated = Math.max(t.updated, p.updatedAt, s.shippedAt ?? 0);
        if (status === 'WORKING' || status === 'READY_TO_SHIP') t.working += q;
        else if (status === 'SHIPPED' || status === 'IN_TRANSIT' || status === 'DELIVERED' || status === 'CHECKED_IN')
          t.shipped += q;
        else if (status === 'RECEIVING' || status === 'CLOSED') {
          const got = received.get(msku) ?? 0;
          if (status === 'RECEIVING') t.receiving += q - got;
          // Two lots: half when receiving starts, the rest when the shipment closes.
          const final = q - inb.shortageOf(msku, q);
          const lots: [number, number | undefined][] = [
            [Math.floor(final / 2), inb.markAt(s, 'receiving')],
            [status === 'CLOSED' ? final - Math.floor(final / 2) : 0, inb.markAt(s, 'closed')],
          ];
          for (const [units, at] of lots) {
            if (!units || at === undefined || at > now) continue;
            t.updated = Math.max(t.updated, at);
            const free = at + (inb.timing.fcProcessing * 1000) / inb.sim.timeScale;
            if (now >= free) {
              t.fulfillable += units;
              t.updated = Math.max(t.updated, free);
            } else t.fcProcessing += units;
          }
        }
      }
    }
  }
  afnSales(inb, sellerId, marketplaceId, now, out);
  return out;
}

/**
 * Takes the units of the seller's AFN orders in the marketplace from the tallies: an order paid
 * and unshipped reserves its units for the customer, a shipped one removes them. Only orders
 * after the MSKU's stock was last set count (`setStock` is the stock as of then); an order for
 * more than is fulfillable takes what there is (the tally never goes negative); an MSKU Amazon
 * holds nothing of is left out.
 */
function afnSales(
  inb: SimInbound,
  sellerId: string,
  marketplaceId: string,
  now: number,
  tallies: Map<string, Tally>,
): void {
  const book = inb.sim.orders;
  const orders = [...book.orders.values()]
    .filter((o) => o.channel === 'AFN' && o.sellerId === sellerId && o.marketplaceId === marketplaceId)
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const o of orders) {
    const status = book.statusAt(o, now);
    if (status !== 'Unshipped' && status !== 'PartiallyShipped' && status !== 'Shipped') continue;
    const at = o.timeline.filter((e) => e.at <= now).at(-1)!.at;
    for (const item of o.items) {
      const since = inb.stock.get(`${sellerId}|${marketplaceId}|${item.sku}`)?.at ?? 0;
      if (o.createdAt < since) continue;
      const t = tallies.get(item.sku);
      if (!t) continue; // nothing at Amazon: nothing to take
      const units = Math.min(item.quantity, t.fulfillable);
      t.fulfillable -= units;
      if (status !== 'Shipped') t.pendingCustomerOrder += units;
      t.updated = Math.max(t.updated, at);
    }
  }
}

function summary(
  inb: SimInbound,
  sellerId: string,
  marketplaceId: string,
  msku: string,
  t: Tally,
  details: boolean,
): InventorySummary {
  const listing = inb.listing(sellerId, marketplaceId, msku);
  const reserved = t.fcProcessing + t.pendingCustomerOrder;
  return {
    asin: listing?.asin ?? t.asin ?? '',
    fnSku: simFnsku(sellerId, marketplaceId, msku),
    sellerSku: msku,
    condition: 'NewItem',
    ...(details
      ? {
          inventoryDetails: {
            fulfillableQuantity: t.fulfillable,
            inboundWorkingQuantity: t.working,
            inboundShippedQuantity: t.shipped,
            inboundReceivingQuantity: t.receiving,
            reservedQuantity: {
              totalReservedQuantity: reserved,
              pendingCustomerOrderQuantity: t.pendingCustomerOrder,
              pendingTransshipmentQuantity: 0,
              fcProcessingQuantity: t.fcProcessing,
            },
            researchingQuantity: { totalResearchingQuantity: 0, researchingQuantityBreakdown: [] },
            unfulfillableQuantity: { totalUnfulfillableQuantity: t.unfulfillable },
          },
        }
      : {}),
    lastUpdatedTime: new Date(t.updated || Date.now()).toISOString(),
    productName: listing?.title ?? t.title ?? msku,
    totalQuantity: t.fulfillable + reserved + t.unfulfillable + t.working + t.shipped + t.receiving,
    stores: [],
  };
}

const invalid = (message: string) => amazonError(400, 'InvalidInput', message);

/** getInventorySummaries (Marketplace granularity), 50 summaries a page. */
export function handleInventorySummaries(sim: SpApiSimulator, req: SimReq): SimRes {
  const q = req.query;
  if (q.get('granularityType') !== 'Marketplace') return invalid('granularityType must be Marketplace.');
  const marketplaceId = q.get('granularityId') ?? '';
  const mps = (q.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  if (!marketplaceById(marketplaceId)) return invalid(`Invalid granularityId: ${marketplaceId}.`);
  if (mps.length !== 1 || mps[0] !== marketplaceId)
    return invalid('marketplaceIds must be the one marketplace of granularityId.');
  const skus = (q.get('sellerSkus') ?? '').split(',').filter(Boolean);
  if (skus.length > 50) return invalid('sellerSkus takes at most 50 SKUs.');
  const start = q.get('startDateTime');
  if (start && Number.isNaN(Date.parse(start))) return invalid('startDateTime must be ISO 8601.');
  const token = q.get('nextToken');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  if (!Number.isInteger(offset) || offset < 0) return invalid('Invalid nextToken.');
  const inb = simInbound(sim);
  const details = q.get('details') === 'true';
  let rows = [...fbaTallies(inb, req.sellerId, marketplaceId)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // As Amazon documents: startDateTime wins over sellerSkus, which wins over sellerSku.
  if (start) rows = rows.filter(([, t]) => t.updated >= Date.parse(start));
  else if (skus.length) rows = rows.filter(([m]) => skus.includes(m));
  else if (q.get('sellerSku')) rows = rows.filter(([m]) => m === q.get('sellerSku'));
  const page = rows.slice(offset, offset + PAGE);
  return {
    status: 200,
    body: {
      payload: {
        granularity: { granularityType: 'Marketplace', granularityId: marketplaceId },
        inventorySummaries: page.map(([m, t]) => summary(inb, req.sellerId, marketplaceId, m, t, details)),
      },
      ...(offset + PAGE < rows.length
        ? { pagination: { nextToken: Buffer.from(String(offset + PAGE)).toString('base64url') } }
        : {}),
    },
  };
}
