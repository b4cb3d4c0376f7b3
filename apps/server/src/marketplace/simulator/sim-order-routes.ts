import type { SpApiOperation } from '../rate-limits.js';
import type { ConfirmShipmentRequest, RestrictedResource } from '../sp-api.orders.js';
import { err, ITEM_PAGE, RDT_LIFETIME } from './sim-orders.js';
import { orderItemsView, orderView } from './sim-orders-view.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';

const tokenOf = (req: SimReq) => String(req.headers['x-amz-access-token'] ?? '');

function handleGetOrders(sim: SpApiSimulator, req: SimReq): SimRes {
  return sim.orders.list(req, tokenOf(req));
}

function handleGetOrder(sim: SpApiSimulator, req: SimReq): SimRes {
  const o = sim.orders.find(req);
  if (!('amazonOrderId' in o)) return o;
  const v = orderView(o, Date.now(), sim.orders.pii(tokenOf(req), req.path), sim.timeScale);
  return { status: 200, body: { payload: v } };
}

function handleGetOrderItems(sim: SpApiSimulator, req: SimReq): SimRes {
  const o = sim.orders.find(req);
  if (!('amazonOrderId' in o)) return o;
  const all = orderItemsView(o, Date.now());
  const start = Number(req.query.get('NextToken') ?? 0) || 0;
  const page = all.slice(start, start + ITEM_PAGE);
  const more = start + ITEM_PAGE < all.length;
  return {
    status: 200,
    body: {
      payload: {
        AmazonOrderId: o.amazonOrderId,
        OrderItems: page,
        ...(more ? { NextToken: String(start + ITEM_PAGE) } : {}),
      },
    },
  };
}

function handleGetOrderAddress(sim: SpApiSimulator, req: SimReq): SimRes {
  const o = sim.orders.find(req);
  if (!('amazonOrderId' in o)) return o;
  const pii = sim.orders.pii(tokenOf(req), req.path);
  const a = o.buyer.address;
  return {
    status: 200,
    body: {
      payload: {
        AmazonOrderId: o.amazonOrderId,
        ShippingAddress: pii.address
          ? { ...a }
          : { City: a.City, StateOrRegion: a.StateOrRegion, PostalCode: a.PostalCode, CountryCode: a.CountryCode },
      },
    },
  };
}

function handleGetOrderBuyerInfo(sim: SpApiSimulator, req: SimReq): SimRes {
  const o = sim.orders.find(req);
  if (!('amazonOrderId' in o)) return o;
  const pii = sim.orders.pii(tokenOf(req), req.path);
  return {
    status: 200,
    body: {
      payload: {
        AmazonOrderId: o.amazonOrderId,
        ...(pii.buyer ? { BuyerEmail: o.buyer.email, BuyerName: o.buyer.name } : {}),
      },
    },
  };
}

const RESTRICTED_PATHS = [
  /^\/orders\/v0\/orders$/,
  /^\/orders\/v0\/orders\/[^/]+$/,
  /^\/orders\/v0\/orders\/[^/]+\/address$/,
  /^\/orders\/v0\/orders\/[^/]+\/buyerInfo$/,
  /^\/orders\/v0\/orders\/[^/]+\/orderItems\/buyerInfo$/,
];

/**
 * confirmShipment (Orders v0): an MFN order that is Unshipped becomes Shipped with the package;
 * a second confirmation of the same package reference, or of an order not awaiting shipment,
 * is refused (400 InvalidInput) as Amazon does.
 */
function handleConfirmShipment(sim: SpApiSimulator, req: SimReq): SimRes {
  const o = sim.orders.find(req);
  if (!('amazonOrderId' in o)) return o;
  const b = req.json as Partial<ConfirmShipmentRequest> | null;
  const p = b?.packageDetail;
  if (!b || typeof b.marketplaceId !== 'string' || !p)
    return err(400, 'InvalidInput', 'marketplaceId and packageDetail are required');
  if (b.marketplaceId !== o.marketplaceId) return err(400, 'InvalidInput', 'Invalid marketplaceId');
  for (const f of ['packageReferenceId', 'carrierCode', 'trackingNumber', 'shipDate'] as const) {
    if (typeof p[f] !== 'string' || !p[f]) return err(400, 'InvalidInput', `packageDetail.${f} is required`);
  }
  if (p.carrierCode === 'Other' && !p.carrierName)
    return err(400, 'InvalidInput', 'carrierName is required when carrierCode is Other');
  if (Number.isNaN(Date.parse(p.shipDate!))) return err(400, 'InvalidInput', 'Invalid shipDate');
  if (!Array.isArray(p.orderItems) || p.orderItems.length === 0)
    return err(400, 'InvalidInput', 'packageDetail.orderItems is required');
  const known = new Set(o.items.map((i) => i.orderItemId));
  if (p.orderItems.some((i) => !known.has(i?.orderItemId))) return err(400, 'InvalidInput', 'Invalid orderItemId');
  if (o.channel !== 'MFN') return err(400, 'InvalidInput', 'Order is fulfilled by Amazon');
  const now = Date.now();
  if (
    sim.orders.packages.some(
      (k) => k.amazonOrderId === o.amazonOrderId && k.packageReferenceId === p.packageReferenceId,
    )
  )
    return err(400, 'InvalidInput', 'The package reference id has already been confirmed');
  const status = sim.orders.statusAt(o, now);
  if (status !== 'Unshipped' && status !== 'PartiallyShipped')
    return err(400, 'InvalidInput', `Order status is ${status}`);
  sim.orders.packages.push({
    amazonOrderId: o.amazonOrderId,
    packageReferenceId: p.packageReferenceId!,
    carrierCode: p.carrierCode!,
    ...(p.carrierName ? { carrierName: p.carrierName } : {}),
    trackingNumber: p.trackingNumber!,
    shipDate: p.shipDate!,
    at: now,
  });
  sim.orders.ship(o.amazonOrderId, now);
  return { status: 204 };
}

function handleCreateRdt(sim: SpApiSimulator, req: SimReq): SimRes {
  const body = req.json as { restrictedResources?: unknown } | null;
  const list = body?.restrictedResources;
  if (!Array.isArray(list) || list.length === 0 || list.length > 50)
    return err(400, 'InvalidInput', 'restrictedResources must list 1 to 50 resources');
  const resources: RestrictedResource[] = [];
  for (const r of list as Partial<RestrictedResource>[]) {
    if (!r || typeof r.path !== 'string' || typeof r.method !== 'string')
      return err(400, 'InvalidInput', 'Each restricted resource needs method and path');
    if (!RESTRICTED_PATHS.some((p) => p.test(r.path!)))
      return err(400, 'InvalidInput', `Application does not have access to the restricted resource ${r.path}`);
    const whole = /^\/orders\/v0\/orders(\/[^/]+)?$/.test(r.path);
    if (whole && (!Array.isArray(r.dataElements) || r.dataElements.length === 0))
      return err(400, 'InvalidInput', 'dataElements is required for this restricted resource');
    resources.push({ method: r.method, path: r.path, dataElements: r.dataElements });
  }
  return {
    status: 200,
    body: { restrictedDataToken: sim.orders.issueRdt(req.sellerId, resources), expiresIn: RDT_LIFETIME },
  };
}

function handleFinancialEvents(sim: SpApiSimulator, req: SimReq): SimRes {
  const q = req.query;
  const now = Date.now();
  const next = q.get('NextToken');
  let after: number;
  let before: number;
  let offset = 0;
  if (next) {
    const [a, b, o] = next.split('.').map(Number);
    if (![a, b, o].every((n) => Number.isFinite(n))) return err(400, 'InvalidInput', 'Invalid NextToken');
    [after, before, offset] = [a!, b!, o!];
  } else {
    const pa = q.get('PostedAfter');
    if (!pa) return err(400, 'InvalidInput', 'PostedAfter is required');
    after = Date.parse(pa);
    before = q.get('PostedBefore') ? Date.parse(String(q.get('PostedBefore'))) : now - sim.orders.twoMinutes();
    if (Number.isNaN(after) || Number.isNaN(before)) return err(400, 'InvalidInput', 'Invalid date format (ISO 8601)');
  }
  const all = sim.orders.refunds(req.sellerId, after, before);
  const size = 100;
  const page = all.slice(offset, offset + size);
  return {
    status: 200,
    body: {
      payload: {
        FinancialEvents: { RefundEventList: page },
        ...(offset + size < all.length ? { NextToken: `${after}.${before}.${offset + size}` } : {}),
      },
    },
  };
}

/** A route of the simulator (the shape `sim-server.ts` dispatches). */
export interface SimOrderRoute {
  method: string;
  pattern: RegExp;
  operation: SpApiOperation;
  handle: (sim: SpApiSimulator, req: SimReq) => SimRes | Promise<SimRes>;
}

const seg = '([^/]+)';
/** The Orders, Tokens and Finances routes of the simulator. */
export const ORDER_ROUTES: SimOrderRoute[] = [
  { method: 'GET', pattern: /^\/orders\/v0\/orders$/, operation: 'getOrders', handle: handleGetOrders },
  { method: 'GET', pattern: new RegExp(`^/orders/v0/orders/${seg}$`), operation: 'getOrder', handle: handleGetOrder },
  {
    method: 'GET',
    pattern: new RegExp(`^/orders/v0/orders/${seg}/orderItems$`),
    operation: 'getOrderItems',
    handle: handleGetOrderItems,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/orders/v0/orders/${seg}/address$`),
    operation: 'getOrderAddress',
    handle: handleGetOrderAddress,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/orders/v0/orders/${seg}/buyerInfo$`),
    operation: 'getOrderBuyerInfo',
    handle: handleGetOrderBuyerInfo,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/orders/v0/orders/${seg}/shipmentConfirmation$`),
    operation: 'confirmShipment',
    handle: handleConfirmShipment,
  },
  {
    method: 'POST',
    pattern: /^\/tokens\/2021-03-01\/restrictedDataToken$/,
    operation: 'createRestrictedDataToken',
    handle: handleCreateRdt,
  },
  {
    method: 'GET',
    pattern: /^\/finances\/v0\/financialEvents$/,
    operation: 'listFinancialEvents',
    handle: handleFinancialEvents,
  },
];
