import { randomBytes } from 'node:crypto';
import { marketplaceById } from '@console/shared/constants/marketplaces';
import type {
  GenerateTransportationOptionsRequest,
  TransportationSelection,
  UpdateShipmentTrackingDetailsRequest,
} from '../sp-api.inbound.types.js';
import { type SimPlan, type SimShipment, type SimTransportOption, simId, simInbound } from './sim-inbound.js';
import { labelsPdf } from './sim-inbound-labels.js';
import {
  activePlan,
  badRequest,
  centsOf,
  currency,
  isRes,
  paged,
  planOf,
  problem,
  shipmentOf,
} from './sim-inbound-views.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';

/**
 * Transportation, tracking and the v0 operations of the simulated inbound workflow: options
 * per shipment (Amazon's partnered small-parcel carrier with a quote by weight, the seller's
 * own carrier, and LTL freight for heavy shipments), their confirmation (confirmation id and
 * box ids, shipments READY_TO_SHIP), tracking ids (the shipment leaves), the box labels as a
 * PDF behind a pre-signed URL, and the units Amazon received.
 */

const KG_PER_LB = 0.45359237;
/** A shipment heavier than this also gets an LTL freight option. */
const LTL_FROM_KG = 150;

const CARRIERS: Record<string, { name: string; alphaCode: string }> = {
  NA: { name: 'United Parcel Service Inc.', alphaCode: 'UPSN' },
  EU: { name: 'DHL Parcel', alphaCode: 'DHLE' },
  FE: { name: 'Yamato Transport', alphaCode: 'YMTO' },
};

function shipmentKg(p: SimPlan, s: SimShipment): { kg: number; boxes: number } {
  const boxes = p.boxes.filter((b) => s.packingGroupIds.includes(b.packingGroupId));
  const kg = boxes.reduce((n, b) => n + (b.weight.unit === 'KG' ? b.weight.value : b.weight.value * KG_PER_LB), 0);
  return { kg, boxes: boxes.length };
}

/** The options Amazon offers one shipment. */
function optionsFor(p: SimPlan, s: SimShipment): SimTransportOption[] {
  const { kg, boxes } = shipmentKg(p, s);
  const region = marketplaceById(p.marketplaceId)?.region ?? 'NA';
  const base = { shipmentId: s.shipmentId, placementOptionId: s.placementOptionId };
  // The quote: a base per box and a rate per started kilogram, in minor units of the marketplace's currency.
  const quoteMinor = boxes * centsOf(p.marketplaceId, 500, 600) + Math.ceil(kg) * centsOf(p.marketplaceId, 80, 100);
  const out: SimTransportOption[] = [
    {
      ...base,
      transportationOptionId: simId('to'),
      shippingMode: 'GROUND_SMALL_PARCEL',
      shippingSolution: 'AMAZON_PARTNERED_CARRIER',
      carrier: CARRIERS[region]!,
      costMinor: quoteMinor,
    },
    {
      ...base,
      transportationOptionId: simId('to'),
      shippingMode: 'GROUND_SMALL_PARCEL',
      shippingSolution: 'USE_YOUR_OWN_CARRIER',
      carrier: { name: 'Other', alphaCode: 'OTHR' },
    },
  ];
  if (kg > LTL_FROM_KG)
    out.push({
      ...base,
      transportationOptionId: simId('to'),
      shippingMode: 'FREIGHT_LTL',
      shippingSolution: 'USE_YOUR_OWN_CARRIER',
      carrier: { name: 'Other', alphaCode: 'OTHR' },
    });
  return out;
}

function confirmedPlacement(p: SimPlan) {
  return p.placementOptions.find((o) => o.status === 'ACCEPTED');
}

/** generateTransportationOptions: every shipment of the confirmed placement needs its ready-to-ship date. */
export function handleGenerateTransportation(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  const b = req.json as Partial<GenerateTransportationOptionsRequest> | null;
  const placement = confirmedPlacement(p);
  if (!placement)
    return badRequest('A placement option must be confirmed before transportation options are generated.');
  if (b?.placementOptionId !== placement.placementOptionId)
    return badRequest('placementOptionId is not the confirmed placement option.');
  if (p.transportationConfirmed) return badRequest('Transportation options are already confirmed.');
  const configs = b.shipmentTransportationConfigurations;
  if (!Array.isArray(configs) || configs.length < 1)
    return badRequest('shipmentTransportationConfigurations must not be empty.');
  const ready = new Map<string, string>();
  for (const c of configs) {
    if (!c || !placement.shipmentIds.includes(c.shipmentId)) return badRequest(`Unknown shipmentId: ${c?.shipmentId}.`);
    const start = c.readyToShipWindow?.start;
    if (typeof start !== 'string' || Number.isNaN(Date.parse(start)))
      return badRequest('readyToShipWindow.start must be a date-time.');
    ready.set(c.shipmentId, new Date(start).toISOString());
  }
  const problems = placement.shipmentIds
    .filter((id) => !ready.has(id))
    .map((id) =>
      problem('ShipmentConfigurationMissing', `No transportation configuration was given for shipment ${id}.`, id),
    );
  const op = inb.start(req.sellerId, 'generateTransportationOptions', problems, () => {
    p.transportationOptions = [];
    for (const s of p.shipments) {
      s.readyToShip = ready.get(s.shipmentId);
      p.transportationOptions.push(...optionsFor(p, s));
    }
    p.updatedAt = Date.now();
  });
  return { status: 202, body: { operationId: op.operationId } };
}

/** listTransportationOptions of a placement option or a shipment (one of them is required). */
export function handleListTransportation(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const placementOptionId = req.query.get('placementOptionId');
  const shipmentId = req.query.get('shipmentId');
  if (!placementOptionId && !shipmentId) return badRequest('Either placementOptionId or shipmentId is required.');
  const all = p.transportationOptions.filter(
    (o) =>
      (!placementOptionId || o.placementOptionId === placementOptionId) && (!shipmentId || o.shipmentId === shipmentId),
  );
  const r = paged(req, all, 20, 10);
  if (isRes(r)) return r;
  const expiration = new Date(p.updatedAt + 7 * 86_400_000).toISOString();
  const transportationOptions = r.page.map(({ costMinor, placementOptionId: _p, ...o }) => ({
    ...o,
    preconditions: [],
    ...(costMinor !== undefined
      ? { quote: { cost: currency(p.marketplaceId, costMinor), expiration, voidableUntil: expiration } }
      : {}),
  }));
  return { status: 200, body: { transportationOptions, pagination: r.pagination } };
}

/** An FBA shipment id of labels (`FBA` and 9 letters or digits). */
const confirmationId = () =>
  `FBA${[...randomBytes(9)].map((b) => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 34]).join('')}`;

/** confirmTransportationOptions: one option for each shipment; each gets its confirmation id and box ids. */
export function handleConfirmTransportation(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  if (!confirmedPlacement(p)) return badRequest('A placement option must be confirmed first.');
  if (p.transportationConfirmed) return badRequest('Transportation options are already confirmed.');
  const sel = (req.json as { transportationSelections?: Partial<TransportationSelection>[] } | null)
    ?.transportationSelections;
  if (!Array.isArray(sel) || sel.length < 1) return badRequest('transportationSelections must not be empty.');
  const chosen = new Map<string, SimTransportOption>();
  for (const x of sel) {
    const o = p.transportationOptions.find((t) => t.transportationOptionId === x?.transportationOptionId);
    if (!o || o.shipmentId !== x.shipmentId)
      return badRequest(`Invalid transportationOptionId for shipment ${x?.shipmentId}.`);
    if (chosen.has(o.shipmentId)) return badRequest(`Shipment ${o.shipmentId} is selected twice.`);
    chosen.set(o.shipmentId, o);
  }
  const missing = p.shipments.filter((s) => !chosen.has(s.shipmentId));
  if (missing.length)
    return badRequest(
      `Every shipment needs a transportation option; missing: ${missing.map((s) => s.shipmentId).join(', ')}.`,
    );
  const op = inb.start(req.sellerId, 'confirmTransportationOptions', [], () => {
    for (const s of p.shipments) {
      s.transportationOptionId = chosen.get(s.shipmentId)!.transportationOptionId;
      s.confirmationId = confirmationId();
      p.boxes
        .filter((b) => s.packingGroupIds.includes(b.packingGroupId))
        .forEach((b, n) => {
          b.boxId = `${s.confirmationId}U${String(n + 1).padStart(6, '0')}`;
        });
    }
    p.transportationConfirmed = true;
    p.updatedAt = Date.now();
  });
  return { status: 202, body: { operationId: op.operationId } };
}

/** updateShipmentTrackingDetails: a tracking id for every box (small parcel) or the freight bill (LTL); the shipment then left. */
export function handleUpdateTracking(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const plan = planOf(inb, req);
  if (isRes(plan)) return plan;
  if (plan.status !== 'ACTIVE' && plan.status !== 'SHIPPED') return badRequest('The inbound plan is not active.');
  const s = shipmentOf(plan, req.params[1]!);
  if (isRes(s)) return s;
  if (!s.confirmationId) return badRequest('Transportation must be confirmed before tracking details are given.');
  const t = (req.json as Partial<UpdateShipmentTrackingDetailsRequest> | null)?.trackingDetails;
  const boxIds = plan.boxes.filter((b) => s.packingGroupIds.includes(b.packingGroupId)).map((b) => b.boxId!);
  let tracking: { boxId: string; trackingId: string }[] | undefined;
  let freight: string | undefined;
  if (t?.spdTrackingDetail) {
    const items = t.spdTrackingDetail.spdTrackingItems;
    if (!Array.isArray(items) || !items.length) return badRequest('spdTrackingItems must not be empty.');
    for (const i of items) {
      if (!i || !boxIds.includes(i.boxId)) return badRequest(`Unknown boxId: ${i?.boxId}.`);
      if (typeof i.trackingId !== 'string' || i.trackingId.length < 1 || i.trackingId.length > 64)
        return badRequest('trackingId must be 1 to 64 characters.');
    }
    const missing = boxIds.filter((id) => !items.some((i) => i.boxId === id));
    if (missing.length) return badRequest(`Every box needs a tracking id; missing: ${missing.join(', ')}.`);
    tracking = items.map((i) => ({ boxId: i.boxId, trackingId: i.trackingId }));
  } else if (t?.ltlTrackingDetail) {
    const f = t.ltlTrackingDetail.freightBillNumber;
    if (!Array.isArray(f) || f.length !== 1 || !/^[a-zA-Z0-9-._ ]{1,64}$/.test(String(f[0])))
      return badRequest('freightBillNumber must hold one number.');
    freight = f[0];
  } else return badRequest('trackingDetails needs spdTrackingDetail or ltlTrackingDetail.');
  const op = inb.start(req.sellerId, 'updateShipmentTrackingDetails', [], () => {
    s.tracking = tracking;
    s.freightBillNumber = freight;
    s.shippedAt ??= Date.now();
    inb.refreshPlanStatus(plan);
  });
  return { status: 202, body: { operationId: op.operationId } };
}

/** The seller's shipment with this confirmation id (the id the v0 operations take). */
function byConfirmationId(sim: SpApiSimulator, req: SimReq): { p: SimPlan; s: SimShipment } | undefined {
  const inb = simInbound(sim);
  inb.settle();
  for (const p of inb.plans.values()) {
    if (p.sellerId !== req.sellerId) continue;
    const s = p.shipments.find((x) => x.confirmationId === req.params[0]);
    if (s) return { p, s };
  }
  return undefined;
}

const v0Error = (message: string) => amazonError(400, 'InvalidInput', message);

const PAGE_TYPES = new Set([
  'PackageLabel_Letter_2',
  'PackageLabel_Letter_4',
  'PackageLabel_Letter_6',
  'PackageLabel_Letter_6_CarrierLeft',
  'PackageLabel_A4_2',
  'PackageLabel_A4_4',
  'PackageLabel_Plain_Paper',
  'PackageLabel_Plain_Paper_CarrierBottom',
  'PackageLabel_Thermal',
  'PackageLabel_Thermal_Unified',
  'PackageLabel_Thermal_NonPCP',
  'PackageLabel_Thermal_No_Carrier_Rotation',
]);

/** getLabels (v0): one label per box (or the boxes of `PackageLabelsToPrint`), a PDF behind a short-lived URL. */
export async function handleGetLabels(sim: SpApiSimulator, req: SimReq): Promise<SimRes> {
  const found = byConfirmationId(sim, req);
  if (!found) return v0Error(`Shipment ${req.params[0]} was not found.`);
  const { p, s } = found;
  const pageType = req.query.get('PageType') ?? '';
  const labelType = req.query.get('LabelType') ?? '';
  if (!PAGE_TYPES.has(pageType)) return v0Error(`Invalid PageType: ${pageType}.`);
  if (!['BARCODE_2D', 'UNIQUE', 'PALLET'].includes(labelType)) return v0Error(`Invalid LabelType: ${labelType}.`);
  if (labelType === 'PALLET') return v0Error('Pallet labels are for LTL shipments only.');
  let boxes = p.boxes.filter((b) => s.packingGroupIds.includes(b.packingGroupId));
  const wanted = req.query.get('PackageLabelsToPrint');
  if (wanted) {
    const ids = wanted.split(',').filter(Boolean);
    const unknown = ids.filter((id) => !boxes.some((b) => b.boxId === id));
    if (unknown.length) return v0Error(`Unknown PackageLabelsToPrint: ${unknown.join(', ')}.`);
    boxes = boxes.filter((b) => ids.includes(b.boxId!));
  }
  const pdf = await labelsPdf(p, s, boxes, pageType);
  const id = `labels-${randomBytes(12).toString('hex')}`;
  sim.documents.set(id, { id, contentType: 'application/pdf', content: pdf, gzip: false });
  return {
    status: 200,
    body: {
      payload: { DownloadURL: `${sim.url}/_sim/documents/${id}?X-Amz-Signature=${randomBytes(16).toString('hex')}` },
    },
  };
}

/** getShipmentItemsByShipmentId (v0): per SKU the units shipped and the units received so far. */
export function handleShipmentItemsV0(sim: SpApiSimulator, req: SimReq): SimRes {
  const found = byConfirmationId(sim, req);
  if (!found) return v0Error(`Shipment ${req.params[0]} was not found.`);
  const { p, s } = found;
  const inb = simInbound(sim);
  const received = inb.received(p, s);
  const ItemData = [...inb.shipmentUnits(p, s)].map(([msku, q]) => ({
    ShipmentId: s.confirmationId,
    SellerSKU: msku,
    FulfillmentNetworkSKU: p.items.find((i) => i.msku === msku)!.fnsku,
    QuantityShipped: q,
    QuantityReceived: received.get(msku) ?? 0,
  }));
  return { status: 200, body: { payload: { ItemData } } };
}
