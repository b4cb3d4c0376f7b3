import { createHash, randomUUID } from 'node:crypto';
import type {
  AddressInput,
  BoxContentInformationSource,
  Dimensions,
  InboundOwner,
  Incentive,
  OperationProblem,
  Weight,
} from '../sp-api.inbound.types.js';
import type { SpApiSimulator } from './sim-server.js';
import { listingKey } from './sim-state.js';

export { fulfillmentCentres, type SimFc, simFcOf } from './sim-fcs.js';

/**
 * The simulated Fulfillment Inbound 2024-03-20 workflow's state (`docs/marketplace.md`,
 * "FBA first leg"): inbound plans per seller, asynchronous operations that finish after a
 * scaled delay (their effects applied when first read after that, no timers), the
 * fulfilment centres a plan is split across, shipments going through their statuses after
 * they ship, and what Amazon receives (possibly short). FBA Inventory reads the same state.
 */

/** The FNSKU Amazon gives a seller's MSKU in a marketplace (`X00` and 7 letters or digits). */
export function simFnsku(sellerId: string, marketplaceId: string, msku: string): string {
  const n = createHash('sha256')
    .update(`${sellerId}|${marketplaceId}|${msku}`)
    .digest()
    .readBigUInt64BE(0)
    .toString(36)
    .toUpperCase();
  return `X00${n.padStart(7, '0').slice(-7)}`;
}

/** An id of the model's shape: two letters and a UUID (38 characters). */
export const simId = (prefix: 'wf' | 'po' | 'pg' | 'pl' | 'sh' | 'to' | 'pk') => `${prefix}${randomUUID()}`;

/** An item of a plan, with what Amazon knows of it. */
export interface SimPlanItem {
  msku: string;
  quantity: number;
  labelOwner: InboundOwner;
  prepOwner: InboundOwner;
  expiration?: string;
  manufacturingLotCode?: string;
  asin: string;
  fnsku: string;
  title: string;
}

/** A box as packed (one physical box: a `BoxInput` of quantity n becomes n of these). */
export interface SimBox {
  packageId: string;
  packingGroupId: string;
  contentInformationSource: BoxContentInformationSource;
  dimensions: Dimensions;
  weight: Weight;
  items: { msku: string; quantity: number }[];
  /** Amazon's box id (`<confirmation id>U000001`), once transportation is confirmed. */
  boxId?: string;
}

/** A shipment of a placement option. */
export interface SimShipment {
  shipmentId: string;
  placementOptionId: string;
  fc: string;
  packingGroupIds: string[];
  /** Set when its placement option is confirmed. */
  confirmed: boolean;
  name: string;
  readyToShip?: string;
  transportationOptionId?: string;
  confirmationId?: string;
  tracking?: { boxId: string; trackingId: string }[];
  freightBillNumber?: string;
  /** When it left (tracking given, or `markShipped`): the receiving timeline starts here. */
  shippedAt?: number;
}

/** A transportation option of one shipment. */
export interface SimTransportOption {
  transportationOptionId: string;
  shipmentId: string;
  placementOptionId: string;
  shippingMode: string;
  shippingSolution: 'AMAZON_PARTNERED_CARRIER' | 'USE_YOUR_OWN_CARRIER';
  carrier: { name: string; alphaCode: string };
  /** Quote in minor units of the marketplace's currency (partnered carrier only). */
  costMinor?: number;
}

/** An inbound plan. */
export interface SimPlan {
  inboundPlanId: string;
  sellerId: string;
  marketplaceId: string;
  name: string;
  sourceAddress: AddressInput;
  items: SimPlanItem[];
  /** `ACTIVE`, `VOIDED`, `SHIPPED`, `ERRORED`; `CREATING` until createInboundPlan's operation ends. */
  status: 'CREATING' | 'ACTIVE' | 'VOIDED' | 'SHIPPED' | 'ERRORED';
  createdAt: number;
  updatedAt: number;
  packingOptions: {
    packingOptionId: string;
    status: string;
    groups: { packingGroupId: string; fc: string; mskus: string[] }[];
  }[];
  boxes: SimBox[];
  placementOptions: { placementOptionId: string; status: string; shipmentIds: string[]; fees: Incentive[] }[];
  shipments: SimShipment[];
  transportationOptions: SimTransportOption[];
  transportationConfirmed: boolean;
}

/** An asynchronous operation: its problems are known when it starts, its effect applies when it ends. */
export interface SimOperation {
  operationId: string;
  operation: string;
  sellerId: string;
  doneAt: number;
  problems: OperationProblem[];
  apply?: () => void;
  /** What a FAILED operation leaves behind (a plan that could not be created is ERRORED). */
  onFail?: () => void;
  applied: boolean;
}

/** Whether an operation ends FAILED (an ERROR problem; WARNINGs let it succeed). */
export const failed = (o: Pick<SimOperation, 'problems'>) => o.problems.some((p) => p.severity === 'ERROR');

/** Seconds at time scale 1 of each asynchronous operation. */
export const OPERATION_SECONDS: Record<string, number> = {
  createInboundPlan: 3,
  generatePackingOptions: 5,
  confirmPackingOption: 2,
  setPackingInformation: 3,
  generatePlacementOptions: 8,
  confirmPlacementOption: 3,
  generateTransportationOptions: 8,
  confirmTransportationOptions: 5,
  updateShipmentTrackingDetails: 1,
  cancelInboundPlan: 2,
};

/** Seconds at time scale 1 after a shipment left until each status (cumulative), and FC processing after receipt. */
export interface SimInboundTiming {
  inTransit: number;
  delivered: number;
  checkedIn: number;
  receiving: number;
  closed: number;
  /** Received units are reserved (`fcProcessingQuantity`) this long before they are fulfillable. */
  fcProcessing: number;
}

/** Stock set directly (units Amazon already had before any simulated plan). */
export interface SimFbaStock {
  fulfillable: number;
  pendingCustomerOrder: number;
  unfulfillable: number;
  at: number;
}

/** The simulator's inbound and FBA state, one per simulator (`simInbound(sim)`). */
export class SimInbound {
  readonly plans = new Map<string, SimPlan>();
  readonly operations = new Map<string, SimOperation>();
  /** Base FBA stock per `seller|marketplace|msku`. */
  readonly stock = new Map<string, SimFbaStock>();
  /** Units Amazon will find missing per MSKU (beyond the `SHORT` naming rule). */
  readonly shortages = new Map<string, number>();
  timing: SimInboundTiming = {
    inTransit: 600,
    delivered: 4 * 3600,
    checkedIn: 4.5 * 3600,
    receiving: 5 * 3600,
    closed: 9 * 3600,
    fcProcessing: 3600,
  };
  /** Multiplies every operation's duration (0: every operation has ended by the first status read). */
  operationFactor = 1;
  /** MSKUs must be listings of the seller in the plan's marketplace (Amazon's rule); off for loose demos. */
  requireListings = true;

  constructor(readonly sim: SpApiSimulator) {}

  /** Starts an operation ending after its scaled duration. */
  start(
    sellerId: string,
    operation: string,
    problems: OperationProblem[],
    apply?: () => void,
    onFail?: () => void,
  ): SimOperation {
    const seconds = (OPERATION_SECONDS[operation] ?? 2) * this.operationFactor;
    const op: SimOperation = {
      operationId: randomUUID(),
      operation,
      sellerId,
      doneAt: Date.now() + (seconds * 1000) / this.sim.timeScale,
      problems,
      apply,
      onFail,
      applied: false,
    };
    this.operations.set(op.operationId, op);
    return op;
  }

  /** Applies the effects of every operation that has ended, in the order they ended. */
  settle(now = Date.now()): void {
    const due = [...this.operations.values()]
      .filter((o) => !o.applied && o.doneAt <= now)
      .sort((a, b) => a.doneAt - b.doneAt);
    for (const o of due) {
      o.applied = true;
      if (failed(o)) o.onFail?.();
      else o.apply?.();
    }
  }

  /** A plan of the seller (settled), or undefined. */
  plan(sellerId: string, inboundPlanId: string): SimPlan | undefined {
    this.settle();
    const p = this.plans.get(inboundPlanId);
    return p && p.sellerId === sellerId ? p : undefined;
  }

  /** A listing's ASIN and title, or undefined when the seller has no such listing in the marketplace. */
  listing(
    sellerId: string,
    marketplaceId: string,
    msku: string,
  ): { asin: string; title: string; hazmat: boolean } | undefined {
    const l = this.sim.listings.get(listingKey(sellerId, marketplaceId, msku));
    if (!l) return undefined;
    const name = (l.attributes.item_name?.[0] as { value?: unknown } | undefined)?.value;
    const dg = (l.attributes.supplier_declared_dg_hz_regulation ?? []) as { value?: unknown }[];
    return {
      asin: l.asin,
      title: typeof name === 'string' ? name : msku,
      hazmat: dg.some((d) => typeof d.value === 'string' && d.value !== 'not_applicable'),
    };
  }

  /** Seconds (at scale 1) since a shipment left, or undefined before. */
  private elapsed(s: SimShipment, now: number): number | undefined {
    return s.shippedAt === undefined ? undefined : ((now - s.shippedAt) * this.sim.timeScale) / 1000;
  }

  /** A shipment's status now (`SHIPMENT_STATUSES`). */
  shipmentStatus(p: SimPlan, s: SimShipment, now = Date.now()): string {
    if (p.status === 'VOIDED') return 'CANCELLED';
    if (!s.confirmed) return 'UNCONFIRMED';
    if (!s.confirmationId) return 'WORKING';
    const e = this.elapsed(s, now);
    if (e === undefined) return 'READY_TO_SHIP';
    const t = this.timing;
    if (e >= t.closed) return 'CLOSED';
    if (e >= t.receiving) return 'RECEIVING';
    if (e >= t.checkedIn) return 'CHECKED_IN';
    if (e >= t.delivered) return 'DELIVERED';
    if (e >= t.inTransit) return 'IN_TRANSIT';
    return 'SHIPPED';
  }

  /** Units per MSKU a shipment carries (its packing groups' share of the plan). */
  shipmentUnits(p: SimPlan, s: SimShipment): Map<string, number> {
    const groups = p.packingOptions
      .flatMap((o) => o.groups)
      .filter((g) => s.packingGroupIds.includes(g.packingGroupId));
    const mskus = new Set(groups.flatMap((g) => g.mskus));
    return new Map(p.items.filter((i) => mskus.has(i.msku)).map((i) => [i.msku, i.quantity]));
  }

  /** Units of an MSKU Amazon will count short: the set shortage, else 5% (at least 1) for an MSKU naming `SHORT`. */
  shortageOf(msku: string, shipped: number): number {
    const set = this.shortages.get(msku);
    if (set !== undefined) return Math.min(set, shipped);
    return /short/i.test(msku) ? Math.max(1, Math.floor(shipped / 20)) : 0;
  }

  /** Units received so far per MSKU: none before RECEIVING, half then, all but the shortage when CLOSED. */
  received(p: SimPlan, s: SimShipment, now = Date.now()): Map<string, number> {
    const status = this.shipmentStatus(p, s, now);
    const out = new Map<string, number>();
    for (const [msku, q] of this.shipmentUnits(p, s)) {
      const final = q - this.shortageOf(msku, q);
      out.set(msku, status === 'CLOSED' ? final : status === 'RECEIVING' ? Math.floor(final / 2) : 0);
    }
    return out;
  }

  /** When (real ms) the shipment reaches a timeline mark, or undefined before it left. */
  markAt(s: SimShipment, mark: keyof SimInboundTiming): number | undefined {
    return s.shippedAt === undefined ? undefined : s.shippedAt + (this.timing[mark] * 1000) / this.sim.timeScale;
  }

  /** A confirmed shipment leaves now (the carrier picked it up): a test and demo knob. */
  markShipped(shipmentId: string, at = Date.now()): void {
    this.settle();
    for (const p of this.plans.values()) {
      const s = p.shipments.find((x) => x.shipmentId === shipmentId || x.confirmationId === shipmentId);
      if (!s) continue;
      if (!s.confirmationId) throw new Error(`shipment ${shipmentId} has no confirmed transportation`);
      s.shippedAt ??= at;
      this.refreshPlanStatus(p);
      return;
    }
    throw new Error(`no shipment ${shipmentId}`);
  }

  /** A plan is SHIPPED once every confirmed shipment left. */
  refreshPlanStatus(p: SimPlan): void {
    const live = p.shipments.filter((s) => s.confirmed);
    if (p.status === 'ACTIVE' && live.length && live.every((s) => s.shippedAt !== undefined)) p.status = 'SHIPPED';
    p.updatedAt = Date.now();
  }

  /** Sets the FBA stock Amazon already holds of an MSKU (before any simulated shipment). */
  setStock(sellerId: string, marketplaceId: string, msku: string, s: Partial<Omit<SimFbaStock, 'at'>>): void {
    this.stock.set(`${sellerId}|${marketplaceId}|${msku}`, {
      fulfillable: s.fulfillable ?? 0,
      pendingCustomerOrder: s.pendingCustomerOrder ?? 0,
      unfulfillable: s.unfulfillable ?? 0,
      at: Date.now(),
    });
  }
}

/** What a sandbox keeps across restarts: plans, finished operations, stock and shortages. */
export interface SimInboundSnapshot {
  plans: SimPlan[];
  operations: Omit<SimOperation, 'apply' | 'onFail'>[];
  stock: [string, SimFbaStock][];
  shortages: [string, number][];
}

/** The state worth keeping (an operation still running is not: its effect is lost with a restart). */
export function inboundSnapshot(inb: SimInbound): SimInboundSnapshot {
  inb.settle();
  return {
    plans: [...inb.plans.values()],
    operations: [...inb.operations.values()].filter((o) => o.applied).map(({ apply: _a, onFail: _f, ...o }) => o),
    stock: [...inb.stock],
    shortages: [...inb.shortages],
  };
}

/** Puts a snapshot back. */
export function restoreInbound(inb: SimInbound, s: SimInboundSnapshot): void {
  for (const p of s.plans) inb.plans.set(p.inboundPlanId, p);
  for (const o of s.operations) inb.operations.set(o.operationId, o);
  for (const [k, v] of s.stock) inb.stock.set(k, v);
  for (const [k, v] of s.shortages) inb.shortages.set(k, v);
}

const states = new WeakMap<SpApiSimulator, SimInbound>();

/** The inbound state of a simulator (made on first use). */
export function simInbound(sim: SpApiSimulator): SimInbound {
  let s = states.get(sim);
  if (!s) {
    s = new SimInbound(sim);
    states.set(sim, s);
  }
  return s;
}
