import { marketplaceById } from '@console/shared/constants/marketplaces';
import { currencyDigits } from '@console/shared/money/currencies';
import { minor, moneyToNumber } from '@console/shared/money/money';
import type { InboundBox, InboundItem, OperationProblem, Shipment } from '../sp-api.inbound.types.js';
import {
  fulfillmentCentres,
  type SimBox,
  type SimInbound,
  type SimPlan,
  type SimPlanItem,
  type SimShipment,
} from './sim-inbound.js';
import { amazonError, type SimReq, type SimRes } from './sim-server.js';

/** The answers of the simulated Fulfillment Inbound API, shaped as the model's definitions. */

const iso = (ms: number) => new Date(ms).toISOString();

/** Amazon's 400 of the 2024-03-20 model (`ErrorList`). */
export const badRequest = (message: string, details = '') => amazonError(400, 'BadRequest', message, details);

/** An `ERROR` problem of an operation. */
export const problem = (code: string, message: string, details = ''): OperationProblem => ({
  code,
  message,
  severity: 'ERROR',
  ...(details ? { details } : {}),
});

/** A page of a list (`pageSize` within the operation's maximum; the token is the next offset). */
export function paged<T>(
  req: SimReq,
  all: T[],
  max: number,
  dflt: number,
): { page: T[]; pagination?: { nextToken: string } } | SimRes {
  const size = req.query.get('pageSize') ? Number(req.query.get('pageSize')) : dflt;
  if (!Number.isInteger(size) || size < 1 || size > max) return badRequest(`pageSize must be between 1 and ${max}.`);
  const token = req.query.get('paginationToken');
  const start = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  if (!Number.isInteger(start) || start < 0) return badRequest('Invalid paginationToken.');
  const page = all.slice(start, start + size);
  return start + size < all.length
    ? { page, pagination: { nextToken: Buffer.from(String(start + size)).toString('base64url') } }
    : { page };
}

/** An amount in minor units of the marketplace's currency as the model's `Currency`. */
export function currency(marketplaceId: string, amountMinor: number): { amount: number; code: string } {
  const code = marketplaceById(marketplaceId)?.currency ?? 'USD';
  return { amount: moneyToNumber(minor(amountMinor), code), code };
}

/** Minor units of a "cents" figure in the marketplace's currency (whole yen for 0-digit currencies). */
export function centsOf(marketplaceId: string, cents: number, yen: number): number {
  return currencyDigits(marketplaceById(marketplaceId)?.currency ?? 'USD') === 0 ? yen : cents;
}

/** `Item` of a plan item and a quantity. */
export function itemView(i: SimPlanItem, quantity = i.quantity): InboundItem {
  return {
    msku: i.msku,
    asin: i.asin,
    fnsku: i.fnsku,
    labelOwner: i.labelOwner,
    quantity,
    prepInstructions: [{ prepType: 'ITEM_NO_PREP', prepOwner: i.prepOwner }],
    ...(i.expiration ? { expiration: i.expiration } : {}),
    ...(i.manufacturingLotCode ? { manufacturingLotCode: i.manufacturingLotCode } : {}),
  };
}

/** The shipment a box travels in (once a placement option is confirmed). */
export function shipmentOfBox(p: SimPlan, b: SimBox): SimShipment | undefined {
  return p.shipments.find((s) => s.confirmed && s.packingGroupIds.includes(b.packingGroupId));
}

/** `Box`. */
export function boxView(p: SimPlan, b: SimBox): InboundBox {
  const s = shipmentOfBox(p, b);
  const byMsku = new Map(p.items.map((i) => [i.msku, i]));
  return {
    packageId: b.packageId,
    ...(b.boxId ? { boxId: b.boxId } : {}),
    contentInformationSource: b.contentInformationSource,
    dimensions: b.dimensions,
    weight: b.weight,
    quantity: 1,
    items: b.items.filter((i) => byMsku.has(i.msku)).map((i) => itemView(byMsku.get(i.msku)!, i.quantity)),
    ...(s
      ? { destinationRegion: { countryCode: marketplaceById(p.marketplaceId)?.iso ?? 'US', warehouseId: s.fc } }
      : {}),
  };
}

/** `InboundPlan` (a plan still being created is already `ACTIVE`, with no options yet). */
export function planView(inb: SimInbound, p: SimPlan) {
  return {
    inboundPlanId: p.inboundPlanId,
    name: p.name,
    status: p.status === 'CREATING' ? 'ACTIVE' : p.status,
    marketplaceIds: [p.marketplaceId],
    sourceAddress: p.sourceAddress,
    createdAt: iso(p.createdAt),
    lastUpdatedAt: iso(p.updatedAt),
    packingOptions: p.packingOptions.map((o) => ({ packingOptionId: o.packingOptionId, status: o.status })),
    placementOptions: p.placementOptions.map((o) => ({ placementOptionId: o.placementOptionId, status: o.status })),
    shipments: p.shipments
      .filter((s) => s.confirmed)
      .map((s) => ({ shipmentId: s.shipmentId, status: inb.shipmentStatus(p, s) })),
  };
}

/** `Shipment`. */
export function shipmentView(inb: SimInbound, p: SimPlan, s: SimShipment): Shipment {
  const fc = fulfillmentCentres(p.marketplaceId).find((f) => f.id === s.fc)!;
  const ready = s.readyToShip ? Date.parse(s.readyToShip) : undefined;
  return {
    shipmentId: s.shipmentId,
    placementOptionId: s.placementOptionId,
    name: s.name,
    status: inb.shipmentStatus(p, s),
    ...(s.confirmationId
      ? { shipmentConfirmationId: s.confirmationId, amazonReferenceId: `${s.confirmationId.slice(3)}R` }
      : {}),
    ...(s.transportationOptionId ? { selectedTransportationOptionId: s.transportationOptionId } : {}),
    source: { sourceType: 'SELLER_FACILITY', address: p.sourceAddress },
    destination: { destinationType: 'AMAZON_WAREHOUSE', warehouseId: fc.id, address: fc.address },
    ...(ready !== undefined
      ? {
          dates: {
            readyToShipWindow: { start: iso(ready), end: iso(ready + 7 * 86_400_000), editableUntil: iso(ready) },
          },
        }
      : {}),
    ...(s.tracking
      ? {
          trackingDetails: {
            spdTrackingDetail: {
              spdTrackingItems: s.tracking.map((t) => ({ ...t, trackingNumberValidationStatus: 'VALIDATED' })),
            },
          },
        }
      : s.freightBillNumber
        ? { trackingDetails: { ltlTrackingDetail: { freightBillNumber: [s.freightBillNumber] } } }
        : {}),
  } as Shipment;
}

/** The seller's plan named by the path, or the 404 Amazon answers. */
export function planOf(inb: SimInbound, req: SimReq): SimPlan | SimRes {
  const p = inb.plan(req.sellerId, req.params[0]!);
  return (
    p ?? amazonError(404, 'NotFound', 'The requested inbound plan was not found.', `inboundPlanId: ${req.params[0]}`)
  );
}

/** A plan whose creation finished successfully, or the 400 telling why not. */
export function activePlan(inb: SimInbound, req: SimReq): SimPlan | SimRes {
  const plan = planOf(inb, req);
  if (isRes(plan)) return plan;
  if (plan.status === 'CREATING')
    return badRequest(
      'The inbound plan is still being created.',
      'Wait for the createInboundPlan operation to succeed.',
    );
  if (plan.status === 'ERRORED')
    return badRequest('The inbound plan could not be created.', 'See the problems of its createInboundPlan operation.');
  if (plan.status === 'VOIDED') return badRequest('The inbound plan is cancelled.');
  return plan;
}

/** Whether a handler's lookup returned an answer to send instead of the thing looked up. */
export const isRes = (v: unknown): v is SimRes => !!v && typeof (v as SimRes).status === 'number';

/** A shipment of the plan named by the path's second parameter, or 404. */
export function shipmentOf(p: SimPlan, id: string): SimShipment | SimRes {
  return (
    p.shipments.find((s) => s.shipmentId === id) ??
    amazonError(404, 'NotFound', 'The requested shipment was not found.', `shipmentId: ${id}`)
  );
}
