import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { AddressInput, CreateInboundPlanRequest, ItemInput, OperationProblem } from '../sp-api.inbound.types.js';
import { type SimPlan, simFnsku, simId, simInbound } from './sim-inbound.js';
import { badRequest, problem } from './sim-inbound-views.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';

/** createInboundPlan of the simulated Amazon: the request checked as the model describes it, then the plan made asynchronously. */

const OWNERS = new Set(['AMAZON', 'SELLER', 'NONE']);
const ADDRESS_REQUIRED = ['name', 'addressLine1', 'city', 'postalCode', 'countryCode', 'phoneNumber'] as const;

const str = (v: unknown, max: number) => typeof v === 'string' && v.length >= 1 && v.length <= max;

/** Why an `ItemInput` is invalid, or null. */
export function itemInputError(i: Partial<ItemInput> | null, where: string): string | null {
  if (!i || typeof i !== 'object') return `${where} must be an object.`;
  if (!str(i.msku, 255)) return `${where}.msku is required (1-255 characters).`;
  if (!Number.isInteger(i.quantity) || i.quantity! < 1 || i.quantity! > 500_000)
    return `${where}.quantity must be an integer from 1 to 500000.`;
  if (!OWNERS.has(String(i.labelOwner))) return `${where}.labelOwner must be AMAZON, SELLER or NONE.`;
  if (!OWNERS.has(String(i.prepOwner))) return `${where}.prepOwner must be AMAZON, SELLER or NONE.`;
  if (i.expiration !== undefined && !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(String(i.expiration)))
    return `${where}.expiration must be YYYY-MM-DD.`;
  return null;
}

function addressError(a: Partial<AddressInput> | undefined): string | null {
  if (!a || typeof a !== 'object') return 'sourceAddress is required.';
  for (const f of ADDRESS_REQUIRED)
    if (!str(a[f], f === 'addressLine1' ? 180 : 50)) return `sourceAddress.${f} is required.`;
  if (!/^[A-Z]{2}$/.test(a.countryCode!)) return 'sourceAddress.countryCode must be an ISO 3166 alpha-2 code.';
  return null;
}

/**
 * createInboundPlan: checked as the model's request (400 for a malformed one), then made
 * asynchronously; an MSKU without a listing in the marketplace or a dangerous-goods item
 * (listing attribute `supplier_declared_dg_hz_regulation` other than `not_applicable`, or an
 * MSKU containing `HAZMAT`) fails the operation with problems and leaves the plan ERRORED.
 */
export function handleCreatePlan(sim: SpApiSimulator, req: SimReq): SimRes {
  const inb = simInbound(sim);
  const b = req.json as Partial<CreateInboundPlanRequest> | null;
  const mps = b?.destinationMarketplaces;
  if (!Array.isArray(mps) || mps.length !== 1)
    return badRequest('destinationMarketplaces must name exactly one marketplace.');
  const marketplaceId = String(mps[0]);
  if (!marketplaceById(marketplaceId)) return badRequest(`Invalid marketplace id: ${marketplaceId}.`);
  if (!Array.isArray(b?.items) || b.items.length < 1 || b.items.length > 2000)
    return badRequest('items must list 1 to 2000 items.');
  const seen = new Set<string>();
  for (const [n, i] of b.items.entries()) {
    const e = itemInputError(i, `items[${n}]`);
    if (e) return badRequest(e);
    if (seen.has(i.msku)) return badRequest(`Duplicate msku in items: ${i.msku}.`);
    seen.add(i.msku);
  }
  const addrErr = addressError(b.sourceAddress);
  if (addrErr) return badRequest(addrErr);
  if (b.name !== undefined && !str(b.name, 40)) return badRequest('name must be 1 to 40 characters.');
  const problems: OperationProblem[] = [];
  const items = b.items.map((i) => {
    const l = inb.listing(req.sellerId, marketplaceId, i.msku);
    if (!l && inb.requireListings)
      problems.push(
        problem(
          'MskuNotFound',
          `The MSKU ${i.msku} has no listing in marketplace ${marketplaceId}.`,
          `msku: ${i.msku}`,
        ),
      );
    if (l?.hazmat || /hazmat/i.test(i.msku))
      problems.push(
        problem(
          'HazmatItemRestricted',
          `The item ${i.msku} is classified as dangerous goods (hazmat) and cannot be sent to Amazon's fulfillment network without a hazmat review.`,
          `msku: ${i.msku}`,
        ),
      );
    return {
      msku: i.msku,
      quantity: i.quantity,
      labelOwner: i.labelOwner,
      prepOwner: i.prepOwner,
      ...(i.expiration ? { expiration: i.expiration } : {}),
      ...(i.manufacturingLotCode ? { manufacturingLotCode: i.manufacturingLotCode } : {}),
      asin: l?.asin ?? '',
      fnsku: simFnsku(req.sellerId, marketplaceId, i.msku),
      title: l?.title ?? i.msku,
    };
  });
  const now = Date.now();
  const p: SimPlan = {
    inboundPlanId: simId('wf'),
    sellerId: req.sellerId,
    marketplaceId,
    name: b.name ?? `FBA STA (${new Date(now).toISOString().slice(0, 16).replace('T', ' ')})`,
    sourceAddress: b.sourceAddress as AddressInput,
    items,
    status: 'CREATING',
    createdAt: now,
    updatedAt: now,
    packingOptions: [],
    boxes: [],
    placementOptions: [],
    shipments: [],
    transportationOptions: [],
    transportationConfirmed: false,
  };
  inb.plans.set(p.inboundPlanId, p);
  const op = inb.start(
    req.sellerId,
    'createInboundPlan',
    problems,
    () => {
      p.status = 'ACTIVE';
      p.updatedAt = Date.now();
    },
    () => {
      p.status = 'ERRORED';
    },
  );
  return { status: 202, body: { inboundPlanId: p.inboundPlanId, operationId: op.operationId } };
}
