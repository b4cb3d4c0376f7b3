import type { SpApiOperation } from '../rate-limits.js';
import { handleInventorySummaries } from './sim-fba-inventory.js';
import { failed, fulfillmentCentres, type SimPlan, simFcOf, simId, simInbound } from './sim-inbound.js';
import { handleCreatePlan } from './sim-inbound-create.js';
import { handleSetPackingInformation } from './sim-inbound-packing.js';
import {
  handleConfirmTransportation,
  handleGenerateTransportation,
  handleGetLabels,
  handleListTransportation,
  handleShipmentItemsV0,
  handleUpdateTracking,
} from './sim-inbound-transport.js';
import {
  activePlan,
  badRequest,
  boxView,
  centsOf,
  currency,
  isRes,
  itemView,
  paged,
  planOf,
  planView,
  shipmentOf,
  shipmentView,
} from './sim-inbound-views.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';

/**
 * The simulated Fulfillment Inbound 2024-03-20 operations (plans, packing, placement,
 * shipments, operation status; transportation, tracking and the v0 labels and receipts are in
 * `sim-inbound-transport.ts`) and FBA Inventory's getInventorySummaries.
 */

const started = (operationId: string): SimRes => ({ status: 202, body: { operationId } });

/** listInboundPlans: the seller's plans by status, sorted by creation or update time, 1-30 a page. */
function handleListPlans(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  inb.settle();
  const q = req.query;
  const status = q.get('status');
  if (status && !['ACTIVE', 'VOIDED', 'SHIPPED'].includes(status)) return badRequest(`Invalid status: ${status}.`);
  const sortBy = q.get('sortBy') ?? 'LAST_UPDATED_TIME';
  if (!['LAST_UPDATED_TIME', 'CREATION_TIME'].includes(sortBy)) return badRequest(`Invalid sortBy: ${sortBy}.`);
  const order = q.get('sortOrder') ?? 'ASC';
  if (!['ASC', 'DESC'].includes(order)) return badRequest(`Invalid sortOrder: ${order}.`);
  const key = (p: SimPlan) => (sortBy === 'CREATION_TIME' ? p.createdAt : p.updatedAt);
  const all = [...inb.plans.values()]
    .filter((p) => p.sellerId === req.sellerId && (!status || planView(inb, p).status === status))
    .sort((a, b) => (order === 'ASC' ? key(a) - key(b) : key(b) - key(a)));
  const r = paged(req, all, 30, 10);
  if (isRes(r)) return r;
  const inboundPlans = r.page.map((p) => {
    const { packingOptions: _po, placementOptions: _pl, shipments: _sh, ...summary } = planView(inb, p);
    return summary;
  });
  return { status: 200, body: { inboundPlans, pagination: r.pagination } };
}

function handleGetPlan(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = planOf(inb, req);
  return isRes(p) ? p : { status: 200, body: planView(inb, p) };
}

function handleCancelPlan(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  if (p.shipments.some((s) => s.shippedAt !== undefined))
    return badRequest('A shipment of this plan has already shipped.');
  const op = inb.start(req.sellerId, 'cancelInboundPlan', [], () => {
    p.status = 'VOIDED';
    p.updatedAt = Date.now();
  });
  return started(op.operationId);
}

function handleListItems(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const r = paged(req, p.items, 1000, 10);
  return isRes(r) ? r : { status: 200, body: { items: r.page.map((i) => itemView(i)), ...r } };
}

function handleListBoxes(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const r = paged(req, p.boxes, 1000, 10);
  return isRes(r) ? r : { status: 200, body: { boxes: r.page.map((b) => boxView(p, b)), pagination: r.pagination } };
}

/**
 * generatePackingOptions: one option whose packing groups are the plan's MSKUs by fulfilment
 * centre (`simFcOf`): the items of one group are boxed together.
 */
function handleGeneratePacking(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  if (p.packingOptions.some((o) => o.status === 'ACCEPTED'))
    return badRequest('A packing option is already confirmed.');
  const op = inb.start(req.sellerId, 'generatePackingOptions', [], () => {
    const byFc = new Map<string, string[]>();
    for (const i of p.items) {
      const fc = simFcOf(p.marketplaceId, i.msku);
      byFc.set(fc, [...(byFc.get(fc) ?? []), i.msku]);
    }
    const groups = [...byFc].map(([fc, mskus]) => ({ packingGroupId: simId('pg'), fc, mskus }));
    p.packingOptions = [{ packingOptionId: simId('po'), status: 'OFFERED', groups }];
    p.updatedAt = Date.now();
  });
  return started(op.operationId);
}

const SHIPPING_CONFIGS = [
  { shippingMode: 'GROUND_SMALL_PARCEL', shippingSolution: 'AMAZON_PARTNERED_CARRIER' },
  { shippingMode: 'GROUND_SMALL_PARCEL', shippingSolution: 'USE_YOUR_OWN_CARRIER' },
  { shippingMode: 'FREIGHT_LTL', shippingSolution: 'USE_YOUR_OWN_CARRIER' },
];

function handleListPacking(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const r = paged(req, p.packingOptions, 20, 10);
  if (isRes(r)) return r;
  const packingOptions = r.page.map((o) => ({
    packingOptionId: o.packingOptionId,
    packingGroups: o.groups.map((g) => g.packingGroupId),
    status: o.status,
    fees: [],
    discounts: [],
    expiration: new Date(p.createdAt + 30 * 86_400_000).toISOString(),
    supportedConfigurations: [
      {
        boxPackingMethods: ['BOX_CONTENT_PROVIDED', 'MANUAL_PROCESS', 'BARCODE_2D'],
        boxRequirements: { weight: { unit: 'KG', minimum: 0, maximum: 23 } },
        shippingRequirements: [
          { solution: 'AMAZON_PARTNERED_CARRIER', modes: ['GROUND_SMALL_PARCEL'] },
          { solution: 'USE_YOUR_OWN_CARRIER', modes: ['GROUND_SMALL_PARCEL', 'FREIGHT_LTL'] },
        ],
      },
    ],
    supportedShippingConfigurations: SHIPPING_CONFIGS,
  }));
  return { status: 200, body: { packingOptions, pagination: r.pagination } };
}

function handleConfirmPacking(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  const o = p.packingOptions.find((x) => x.packingOptionId === req.params[1]);
  if (!o) return amazonError(404, 'NotFound', 'The requested packing option was not found.');
  if (p.packingOptions.some((x) => x.status === 'ACCEPTED'))
    return badRequest('A packing option is already confirmed.');
  const op = inb.start(req.sellerId, 'confirmPackingOption', [], () => {
    for (const x of p.packingOptions) x.status = x === o ? 'ACCEPTED' : 'EXPIRED';
    p.updatedAt = Date.now();
  });
  return started(op.operationId);
}

function handleListGroupItems(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const g = p.packingOptions.flatMap((o) => o.groups).find((x) => x.packingGroupId === req.params[1]);
  if (!g) return amazonError(404, 'NotFound', 'The requested packing group was not found.');
  const r = paged(
    req,
    p.items.filter((i) => g.mskus.includes(i.msku)),
    100,
    10,
  );
  return isRes(r) ? r : { status: 200, body: { items: r.page.map((i) => itemView(i)), pagination: r.pagination } };
}

/**
 * generatePlacementOptions: with more than one packing group, one option splitting the plan
 * into a shipment per group (its centre, no fee) and one sending everything to the first
 * group's centre for a "Placement Services" fee per unit; with one group, one shipment to its
 * centre (no fee) and one to the marketplace's other centre for the same fee per unit.
 */
function handleGeneratePlacement(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  const custom = (req.json as { customPlacement?: unknown[] } | null)?.customPlacement;
  if (Array.isArray(custom) && custom.length) return badRequest('customPlacement is not available for this seller.');
  if (!p.boxes.length) return badRequest('Packing information must be set before placement options are generated.');
  if (p.placementOptions.some((o) => o.status === 'ACCEPTED'))
    return badRequest('A placement option is already confirmed.');
  const op = inb.start(req.sellerId, 'generatePlacementOptions', [], () => {
    const groups = p.packingOptions.find((o) => o.status === 'ACCEPTED')!.groups;
    const units = p.items.reduce((n, i) => n + i.quantity, 0);
    const options: { shipments: { fc: string; groups: string[] }[]; feeMinor: number; what?: string }[] = [];
    const all = groups.map((g) => g.packingGroupId);
    const fee = units * placementFeePerUnit(p.marketplaceId);
    if (groups.length > 1) {
      options.push({ shipments: groups.map((g) => ({ fc: g.fc, groups: [g.packingGroupId] })), feeMinor: 0 });
      options.push({ shipments: [{ fc: groups[0]!.fc, groups: all }], feeMinor: fee });
    } else {
      // One centre: Amazon's centre at no fee, or the marketplace's other centre for a fee.
      options.push({ shipments: [{ fc: groups[0]!.fc, groups: all }], feeMinor: 0 });
      const other = fulfillmentCentres(p.marketplaceId).find((f) => f.id !== groups[0]!.fc);
      if (other)
        options.push({
          shipments: [{ fc: other.id, groups: all }],
          feeMinor: fee,
          what: 'Preferred fulfillment center',
        });
    }
    p.shipments = p.shipments.filter((s) => s.confirmed);
    p.placementOptions = options.map((o) => {
      const placementOptionId = simId('pl');
      const shipments = o.shipments.map((s, n) => ({
        shipmentId: simId('sh'),
        placementOptionId,
        fc: s.fc,
        packingGroupIds: s.groups,
        confirmed: false,
        name: `${p.name.slice(0, 30)}-${s.fc}${o.shipments.length > 1 ? `-${n + 1}` : ''}`,
      }));
      p.shipments.push(...shipments);
      return {
        placementOptionId,
        status: 'OFFERED',
        shipmentIds: shipments.map((s) => s.shipmentId),
        fees: o.feeMinor
          ? [
              {
                type: 'FEE',
                target: 'Placement Services',
                description: o.what ?? 'Minimal shipment splits',
                value: currencyOf(p, o.feeMinor),
              },
            ]
          : [],
      };
    });
    p.updatedAt = Date.now();
  });
  return started(op.operationId);
}

const placementFeePerUnit = (marketplaceId: string) => centsOf(marketplaceId, 30, 40);
const currencyOf = (p: SimPlan, amountMinor: number) => currency(p.marketplaceId, amountMinor);

function handleListPlacement(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const r = paged(req, p.placementOptions, 20, 10);
  if (isRes(r)) return r;
  const placementOptions = r.page.map((o) => ({
    ...o,
    discounts: [],
    expiration: new Date(p.updatedAt + 86_400_000).toISOString(),
  }));
  return { status: 200, body: { placementOptions, pagination: r.pagination } };
}

function handleConfirmPlacement(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = activePlan(inb, req);
  if (isRes(p)) return p;
  const o = p.placementOptions.find((x) => x.placementOptionId === req.params[1]);
  if (!o) return amazonError(404, 'NotFound', 'The requested placement option was not found.');
  if (p.placementOptions.some((x) => x.status === 'ACCEPTED'))
    return badRequest('A placement option is already confirmed.');
  const op = inb.start(req.sellerId, 'confirmPlacementOption', [], () => {
    for (const x of p.placementOptions) x.status = x === o ? 'ACCEPTED' : 'EXPIRED';
    p.shipments = p.shipments.filter((s) => o.shipmentIds.includes(s.shipmentId));
    for (const s of p.shipments) s.confirmed = true;
    p.updatedAt = Date.now();
  });
  return started(op.operationId);
}

function handleGetShipment(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = planOf(inb, req);
  if (isRes(p)) return p;
  const s = shipmentOf(p, req.params[1]!);
  return isRes(s) ? s : { status: 200, body: shipmentView(inb, p, s) };
}

function handleShipmentBoxes(sim: SpApiSimulator, req: SimReq): SimRes {
  const p = planOf(simInbound(sim), req);
  if (isRes(p)) return p;
  const s = shipmentOf(p, req.params[1]!);
  if (isRes(s)) return s;
  const r = paged(
    req,
    p.boxes.filter((b) => s.packingGroupIds.includes(b.packingGroupId)),
    1000,
    10,
  );
  return isRes(r) ? r : { status: 200, body: { boxes: r.page.map((b) => boxView(p, b)), pagination: r.pagination } };
}

function handleShipmentItems(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const p = planOf(inb, req);
  if (isRes(p)) return p;
  const s = shipmentOf(p, req.params[1]!);
  if (isRes(s)) return s;
  const units = inb.shipmentUnits(p, s);
  const r = paged(
    req,
    p.items.filter((i) => units.has(i.msku)),
    1000,
    10,
  );
  return isRes(r)
    ? r
    : { status: 200, body: { items: r.page.map((i) => itemView(i, units.get(i.msku))), pagination: r.pagination } };
}

/** getInboundOperationStatus: IN_PROGRESS until the operation's scaled time has passed, then SUCCESS or FAILED. */
function handleOperationStatus(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  inb.settle();
  const o = inb.operations.get(req.params[0]!);
  if (!o || o.sellerId !== req.sellerId) return amazonError(404, 'NotFound', 'The requested operation was not found.');
  const done = o.doneAt <= Date.now();
  return {
    status: 200,
    body: {
      operation: o.operation,
      operationId: o.operationId,
      operationStatus: !done ? 'IN_PROGRESS' : failed(o) ? 'FAILED' : 'SUCCESS',
      operationProblems: done ? o.problems : [],
    },
  };
}

/** A route of the simulator (the shape `sim-server.ts` dispatches). */
export interface SimInboundRoute {
  method: string;
  pattern: RegExp;
  operation: SpApiOperation;
  handle: (sim: SpApiSimulator, req: SimReq) => SimRes | Promise<SimRes>;
}

const seg = '([^/]+)';
const P = `^/inbound/fba/2024-03-20/inboundPlans/${seg}`;
const r = (
  method: string,
  path: string,
  operation: SpApiOperation,
  handle: SimInboundRoute['handle'],
): SimInboundRoute => ({
  method,
  pattern: new RegExp(`${path}$`),
  operation,
  handle,
});

/** The Fulfillment Inbound (2024-03-20 and v0) and FBA Inventory routes. */
export const INBOUND_ROUTES: SimInboundRoute[] = [
  r('POST', '^/inbound/fba/2024-03-20/inboundPlans', 'createInboundPlan', handleCreatePlan),
  r('GET', '^/inbound/fba/2024-03-20/inboundPlans', 'listInboundPlans', handleListPlans),
  r('GET', `^/inbound/fba/2024-03-20/operations/${seg}`, 'getInboundOperationStatus', handleOperationStatus),
  r('GET', P, 'getInboundPlan', handleGetPlan),
  r('PUT', `${P}/cancellation`, 'cancelInboundPlan', handleCancelPlan),
  r('GET', `${P}/items`, 'listInboundPlanItems', handleListItems),
  r('GET', `${P}/boxes`, 'listInboundPlanBoxes', handleListBoxes),
  r('POST', `${P}/packingOptions`, 'generatePackingOptions', handleGeneratePacking),
  r('GET', `${P}/packingOptions`, 'listPackingOptions', handleListPacking),
  r('POST', `${P}/packingOptions/${seg}/confirmation`, 'confirmPackingOption', handleConfirmPacking),
  r('GET', `${P}/packingGroups/${seg}/items`, 'listPackingGroupItems', handleListGroupItems),
  r('POST', `${P}/packingInformation`, 'setPackingInformation', handleSetPackingInformation),
  r('POST', `${P}/placementOptions`, 'generatePlacementOptions', handleGeneratePlacement),
  r('GET', `${P}/placementOptions`, 'listPlacementOptions', handleListPlacement),
  r('POST', `${P}/placementOptions/${seg}/confirmation`, 'confirmPlacementOption', handleConfirmPlacement),
  r('GET', `${P}/shipments/${seg}`, 'getShipment', handleGetShipment),
  r('GET', `${P}/shipments/${seg}/boxes`, 'listShipmentBoxes', handleShipmentBoxes),
  r('GET', `${P}/shipments/${seg}/items`, 'listShipmentItems', handleShipmentItems),
  r('PUT', `${P}/shipments/${seg}/trackingDetails`, 'updateShipmentTrackingDetails', handleUpdateTracking),
  r('POST', `${P}/transportationOptions`, 'generateTransportationOptions', handleGenerateTransportation),
  r('GET', `${P}/transportationOptions`, 'listTransportationOptions', handleListTransportation),
  r('POST', `${P}/transportationOptions/confirmation`, 'confirmTransportationOptions', handleConfirmTransportation),
  r('GET', `^/fba/inbound/v0/shipments/${seg}/labels`, 'getLabels', handleGetLabels),
  r('GET', `^/fba/inbound/v0/shipments/${seg}/items`, 'getShipmentItemsByShipmentId', handleShipmentItemsV0),
  r('GET', '^/fba/inventory/v1/summaries', 'getInventorySummaries', handleInventorySummaries),
];
