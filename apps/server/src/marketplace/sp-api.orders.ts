import { arrayOf, shape } from './shape.js';
import type { SpApiHttp } from './sp-api.http.js';

/**
 * Orders API v0 (`vendor/amazon-sp-api/models/orders-api-model/ordersV0.json`), Tokens API
 * 2021-03-01 (Restricted Data Tokens, `tokens_2021-03-01.json`) and the refunds of Finances
 * v0 (`financesV0.json` `listFinancialEvents`): the types are the models' definitions (same
 * names, only the fields the console reads or the simulator writes).
 */

/** `Money`: an amount as Amazon writes it (a decimal text) with its ISO 4217 currency. */
export interface Money {
  CurrencyCode?: string;
  Amount?: string;
}

/** `Address` (the shipping address; `Name`, the lines and `Phone` are restricted data). */
export interface Address {
  Name?: string;
  CompanyName?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  County?: string;
  District?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
  AddressType?: 'Residential' | 'Commercial';
}

/** `BuyerInfo` of an order (restricted data). */
export interface BuyerInfo {
  BuyerEmail?: string;
  BuyerName?: string;
  PurchaseOrderNumber?: string;
}

/** `Order.OrderStatus` values of the model. */
export type OrderStatus =
  | 'Pending'
  | 'Unshipped'
  | 'PartiallyShipped'
  | 'Shipped'
  | 'Canceled'
  | 'Unfulfillable'
  | 'InvoiceUnconfirmed'
  | 'PendingAvailability';

/** `Order` (required: AmazonOrderId, LastUpdateDate, OrderStatus, PurchaseDate). */
export interface Order {
  AmazonOrderId: string;
  SellerOrderId?: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: OrderStatus;
  /** `AFN` fulfilled by Amazon, `MFN` by the seller. */
  FulfillmentChannel?: 'AFN' | 'MFN';
  SalesChannel?: string;
  ShipServiceLevel?: string;
  OrderTotal?: Money;
  NumberOfItemsShipped?: number;
  NumberOfItemsUnshipped?: number;
  MarketplaceId?: string;
  OrderType?: string;
  EarliestShipDate?: string;
  LatestShipDate?: string;
  EarliestDeliveryDate?: string;
  LatestDeliveryDate?: string;
  IsBusinessOrder?: boolean;
  IsPrime?: boolean;
  /** Without a Restricted Data Token only City, StateOrRegion, PostalCode and CountryCode. */
  ShippingAddress?: Address;
  /** Only with a Restricted Data Token that asked for `buyerInfo`. */
  BuyerInfo?: BuyerInfo;
}

/** `OrdersList`: one page of `getOrders`. */
export interface OrdersList {
  Orders: Order[];
  NextToken?: string;
  LastUpdatedBefore?: string;
  CreatedBefore?: string;
}

/** `OrderItem` (required: ASIN, OrderItemId, QuantityOrdered). `ItemPrice` is the price times the quantity. */
export interface OrderItem {
  ASIN: string;
  SellerSKU?: string;
  OrderItemId: string;
  Title?: string;
  QuantityOrdered: number;
  QuantityShipped?: number;
  ItemPrice?: Money;
  ShippingPrice?: Money;
  ItemTax?: Money;
  ShippingTax?: Money;
  PromotionDiscount?: Money;
  ConditionId?: string;
}

/** `OrderItemsList`: one page of `getOrderItems`. */
export interface OrderItemsList {
  AmazonOrderId: string;
  OrderItems: OrderItem[];
  NextToken?: string;
}

/** `OrderAddress` of `getOrderAddress`. */
export interface OrderAddress {
  AmazonOrderId: string;
  BuyerCompanyName?: string;
  ShippingAddress?: Address;
}

/** `OrderBuyerInfo` of `getOrderBuyerInfo`. */
export interface OrderBuyerInfo extends BuyerInfo {
  AmazonOrderId: string;
}

/** The query of `getOrders` (either `CreatedAfter` or `LastUpdatedAfter`, never both). */
export interface GetOrdersQuery {
  MarketplaceIds: string[];
  CreatedAfter?: string;
  CreatedBefore?: string;
  LastUpdatedAfter?: string;
  /** At least two minutes before the request (Amazon refuses later ones). */
  LastUpdatedBefore?: string;
  OrderStatuses?: OrderStatus[];
  FulfillmentChannels?: ('AFN' | 'MFN')[];
  AmazonOrderIds?: string[];
  /** 1-100, default 100. */
  MaxResultsPerPage?: number;
  NextToken?: string;
}

/** `RestrictedResource` of a Restricted Data Token request. */
export interface RestrictedResource {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** `/orders/v0/orders`, `/orders/v0/orders/{orderId}/address` (generic or a specific order). */
  path: string;
  /** For `/orders/v0/orders` and `/orders/v0/orders/{orderId}`: `buyerInfo`, `shippingAddress`. */
  dataElements?: ('buyerInfo' | 'shippingAddress' | 'buyerTaxInformation')[];
}

/** `CreateRestrictedDataTokenResponse`. */
export interface CreateRestrictedDataTokenResponse {
  restrictedDataToken: string;
  /** Seconds. */
  expiresIn: number;
}

/** `ShipmentEvent` of a refund (`RefundEventList`), the fields the console reads. */
export interface RefundEvent {
  AmazonOrderId?: string;
  SellerOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentItemAdjustmentList?: { SellerSKU?: string; OrderItemId?: string; QuantityShipped?: number }[];
}

/** `ListFinancialEventsPayload`: one page of `listFinancialEvents` (the refunds only). */
export interface ListFinancialEventsPayload {
  NextToken?: string;
  FinancialEvents?: { RefundEventList?: RefundEvent[] };
}

const orderShape: Record<string, 'string'> = {
  AmazonOrderId: 'string',
  LastUpdateDate: 'string',
  OrderStatus: 'string',
  PurchaseDate: 'string',
};

/** Orders API v0 (`/orders/v0/orders`). Calls given `rdt` send the Restricted Data Token instead of the access token. */
export class OrdersApi {
  constructor(private readonly http: SpApiHttp) {}

  /** getOrders: orders created or updated in a time window, 100 a page (`NextToken` for the next). */
  async getOrders(q: GetOrdersQuery, opts: { rdt?: string; maxWaitMs?: number } = {}): Promise<OrdersList> {
    const query = q.NextToken
      ? { MarketplaceIds: q.MarketplaceIds, NextToken: q.NextToken }
      : { ...q, MaxResultsPerPage: q.MaxResultsPerPage ?? 100 };
    const r = await this.http.send({
      operation: 'getOrders',
      method: 'GET',
      path: '/orders/v0/orders',
      query,
      accessToken: opts.rdt,
      maxWaitMs: opts.maxWaitMs,
      check: shape<{ payload: OrdersList }>(
        { payload: nested({ Orders: arrayOf(orderShape, '订单') }, '订单列表') },
        '订单列表',
      ),
    });
    return r.body.payload;
  }

  /** getOrder: one order. */
  async getOrder(orderId: string, opts: { rdt?: string } = {}): Promise<Order> {
    const r = await this.http.send({
      operation: 'getOrder',
      method: 'GET',
      path: `/orders/v0/orders/${encodeURIComponent(orderId)}`,
      accessToken: opts.rdt,
      check: shape<{ payload: Order }>({ payload: nested(orderShape, '订单') }, '订单'),
    });
    return r.body.payload;
  }

  /** getOrderItems: one page of an order's items. */
  async getOrderItems(orderId: string, opts: { nextToken?: string; maxWaitMs?: number } = {}): Promise<OrderItemsList> {
    const r = await this.http.send({
      operation: 'getOrderItems',
      method: 'GET',
      path: `/orders/v0/orders/${encodeURIComponent(orderId)}/orderItems`,
      query: { NextToken: opts.nextToken },
      maxWaitMs: opts.maxWaitMs,
      check: shape<{ payload: OrderItemsList }>(
        {
          payload: nested(
            {
              AmazonOrderId: 'string',
              OrderItems: arrayOf({ ASIN: 'string', OrderItemId: 'string', QuantityOrdered: 'number' }, '订单商品'),
            },
            '订单商品列表',
          ),
        },
        '订单商品列表',
      ),
    });
    return r.body.payload;
  }

  /** getOrderAddress: the shipping address (full only with a Restricted Data Token). */
  async getOrderAddress(orderId: string, opts: { rdt?: string } = {}): Promise<OrderAddress> {
    const r = await this.http.send({
      operation: 'getOrderAddress',
      method: 'GET',
      path: `/orders/v0/orders/${encodeURIComponent(orderId)}/address`,
      accessToken: opts.rdt,
      check: shape<{ payload: OrderAddress }>({ payload: nested({ AmazonOrderId: 'string' }, '订单地址') }, '订单地址'),
    });
    return r.body.payload;
  }

  /**
   * confirmShipment: tells Amazon an MFN order's package shipped (204, no body). Not retried
   * by the client after a timeout (a POST that may have arrived): the caller's outbox decides.
   */
  async confirmShipment(
    orderId: string,
    body: ConfirmShipmentRequest,
    opts: { maxWaitMs?: number } = {},
  ): Promise<void> {
    await this.http.send({
      operation: 'confirmShipment',
      method: 'POST',
      path: `/orders/v0/orders/${encodeURIComponent(orderId)}/shipmentConfirmation`,
      body,
      maxWaitMs: opts.maxWaitMs,
      check: (v: unknown) => ({ ok: true as const, value: v }),
    });
  }

  /** getOrderBuyerInfo: the buyer's name and (anonymized) e-mail (only with a Restricted Data Token). */
  async getOrderBuyerInfo(orderId: string, opts: { rdt?: string } = {}): Promise<OrderBuyerInfo> {
    const r = await this.http.send({
      operation: 'getOrderBuyerInfo',
      method: 'GET',
      path: `/orders/v0/orders/${encodeURIComponent(orderId)}/buyerInfo`,
      accessToken: opts.rdt,
      check: shape<{ payload: OrderBuyerInfo }>(
        { payload: nested({ AmazonOrderId: 'string' }, '买家信息') },
        '买家信息',
      ),
    });
    return r.body.payload;
  }
}

/** `ConfirmShipmentRequest` (Orders v0): one package of an MFN order with its carrier and tracking number. */
export interface ConfirmShipmentRequest {
  marketplaceId: string;
  packageDetail: {
    packageReferenceId: string;
    /** A carrier code of Amazon's list; `Other` needs `carrierName`. */
    carrierCode: string;
    carrierName?: string;
    shippingMethod?: string;
    trackingNumber: string;
    /** ISO 8601. */
    shipDate: string;
    orderItems: { orderItemId: string; quantity: number }[];
  };
}

/** Tokens API 2021-03-01. */
export class TokensApi {
  constructor(private readonly http: SpApiHttp) {}

  /**
   * createRestrictedDataToken: a short-lived token that lets the calls of `resources` read
   * personal data (the buyer's name, address, phone). Sent as `x-amz-access-token` of those calls.
   */
  async createRestrictedDataToken(resources: RestrictedResource[]): Promise<CreateRestrictedDataTokenResponse> {
    const r = await this.http.send({
      operation: 'createRestrictedDataToken',
      method: 'POST',
      path: '/tokens/2021-03-01/restrictedDataToken',
      body: { restrictedResources: resources },
      check: shape<CreateRestrictedDataTokenResponse>(
        { restrictedDataToken: 'string', expiresIn: 'number' },
        '受限数据令牌',
      ),
    });
    return r.body;
  }
}

/** Finances API v0, the refunds the order sync reads (`listFinancialEvents`). */
export class FinancesApi {
  constructor(private readonly http: SpApiHttp) {}

  /** listFinancialEvents: events posted in a window, 100 a page. */
  async listFinancialEvents(
    q: { PostedAfter?: string; PostedBefore?: string; MaxResultsPerPage?: number; NextToken?: string },
    opts: { maxWaitMs?: number } = {},
  ): Promise<ListFinancialEventsPayload> {
    const r = await this.http.send({
      operation: 'listFinancialEvents',
      method: 'GET',
      path: '/finances/v0/financialEvents',
      query: q.NextToken ? { NextToken: q.NextToken } : { ...q, MaxResultsPerPage: q.MaxResultsPerPage ?? 100 },
      maxWaitMs: opts.maxWaitMs,
      check: shape<{ payload: ListFinancialEventsPayload }>({ payload: 'object' }, '财务事件'),
    });
    return r.body.payload;
  }
}

/** A nested object check for `shape` fields. */
function nested(fields: Parameters<typeof shape>[0], label: string): (v: unknown) => string | null {
  return (v) => {
    const r = shape(fields, label)(v);
    return r.ok ? null : r.reason;
  };
}
