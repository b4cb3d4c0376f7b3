/**
 * Default usage plans (requests per second and burst) of the operations the console calls,
 * copied from the "Usage Plan" table in each operation's description in the vendored models.
 * Amazon may grant a seller more; the `x-amzn-RateLimit-Limit` header of an answer then
 * carries the rate actually applied, and the scheduler adopts it.
 */

/** One operation's usage plan and the model it is written in. */
export interface UsagePlan {
  /** Requests per second restored to the bucket. */
  rate: number;
  /** Bucket size: requests that may be sent at once after a quiet period. */
  burst: number;
  /** The vendored model whose operation description states the plan. */
  model: string;
}

const LISTINGS = 'models/listings-items-api-model/listingsItems_2021-08-01.json';
const FEEDS = 'models/feeds-api-model/feeds_2021-06-30.json';
const PTD = 'models/product-type-definitions-api-model/definitionsProductTypes_2020-09-01.json';
const CATALOG = 'models/catalog-items-api-model/catalogItems_2022-04-01.json';
const SELLERS = 'models/sellers-api-model/sellers.json';
const ORDERS = 'models/orders-api-model/ordersV0.json';
const TOKENS = 'models/tokens-api-model/tokens_2021-03-01.json';
const FINANCES = 'models/finances-api-model/financesV0.json';
const PRICING = 'models/product-pricing-api-model/productPricingV0.json';
const RESTRICTIONS = 'models/listings-restrictions-api-model/listingsRestrictions_2021-08-01.json';
const NOTIFICATIONS = 'models/notifications-api-model/notifications.json';
const INBOUND = 'models/fulfillment-inbound-api-model/fulfillmentInbound_2024-03-20.json';
const INBOUND_V0 = 'models/fulfillment-inbound-api-model/fulfillmentInboundV0.json';
const FBA_INVENTORY = 'models/fba-inventory-api-model/fbaInventory.json';
const REPORTS = 'models/reports-api-model/reports_2021-06-30.json';

/** Usage plans by operation id. */
export const USAGE_PLANS = {
  getListingsItem: { rate: 5, burst: 10, model: LISTINGS },
  putListingsItem: { rate: 5, burst: 10, model: LISTINGS },
  patchListingsItem: { rate: 5, burst: 5, model: LISTINGS },
  deleteListingsItem: { rate: 5, burst: 5, model: LISTINGS },
  searchListingsItems: { rate: 5, burst: 5, model: LISTINGS },
  /**
   * `mode=VALIDATION_PREVIEW` of put/patch: 1 rps (vendor README, "Facts that the models do
   * not say"); burst kept at the put's smaller figure.
   */
  validationPreview: { rate: 1, burst: 5, model: 'vendor/README.md' },
  createFeedDocument: { rate: 0.5, burst: 15, model: FEEDS },
  createFeed: { rate: 0.0083, burst: 15, model: FEEDS },
  getFeed: { rate: 2, burst: 15, model: FEEDS },
  getFeeds: { rate: 0.0222, burst: 10, model: FEEDS },
  cancelFeed: { rate: 2, burst: 15, model: FEEDS },
  getFeedDocument: { rate: 0.0222, burst: 10, model: FEEDS },
  searchDefinitionsProductTypes: { rate: 5, burst: 10, model: PTD },
  getDefinitionsProductType: { rate: 5, burst: 10, model: PTD },
  searchCatalogItems: { rate: 2, burst: 2, model: CATALOG },
  getCatalogItem: { rate: 2, burst: 2, model: CATALOG },
  getMarketplaceParticipations: { rate: 0.016, burst: 15, model: SELLERS },
  getOrders: { rate: 0.0167, burst: 20, model: ORDERS },
  getOrder: { rate: 0.5, burst: 30, model: ORDERS },
  getOrderItems: { rate: 0.5, burst: 30, model: ORDERS },
  getOrderAddress: { rate: 0.5, burst: 30, model: ORDERS },
  getOrderBuyerInfo: { rate: 0.5, burst: 30, model: ORDERS },
  confirmShipment: { rate: 2, burst: 10, model: ORDERS },
  createRestrictedDataToken: { rate: 1, burst: 10, model: TOKENS },
  listFinancialEvents: { rate: 0.5, burst: 30, model: FINANCES },
  getItemOffers: { rate: 0.5, burst: 1, model: PRICING },
  getItemOffersBatch: { rate: 0.1, burst: 1, model: PRICING },
  getPricing: { rate: 0.5, burst: 1, model: PRICING },
  getCompetitivePricing: { rate: 0.5, burst: 1, model: PRICING },
  getListingsRestrictions: { rate: 5, burst: 10, model: RESTRICTIONS },
  // Notifications API v1: the destination operations and deleteSubscriptionById are grantless.
  createDestination: { rate: 1, burst: 5, model: NOTIFICATIONS },
  getDestinations: { rate: 1, burst: 5, model: NOTIFICATIONS },
  createSubscription: { rate: 1, burst: 5, model: NOTIFICATIONS },
  getSubscription: { rate: 1, burst: 5, model: NOTIFICATIONS },
  deleteSubscriptionById: { rate: 1, burst: 5, model: NOTIFICATIONS },
  // Fulfillment Inbound 2024-03-20 (the FBA first leg, `sp-api.inbound.ts`).
  listInboundPlans: { rate: 2, burst: 6, model: INBOUND },
  createInboundPlan: { rate: 2, burst: 2, model: INBOUND },
  getInboundPlan: { rate: 2, burst: 6, model: INBOUND },
  cancelInboundPlan: { rate: 2, burst: 2, model: INBOUND },
  listInboundPlanItems: { rate: 2, burst: 6, model: INBOUND },
  listInboundPlanBoxes: { rate: 2, burst: 6, model: INBOUND },
  generatePackingOptions: { rate: 2, burst: 2, model: INBOUND },
  listPackingOptions: { rate: 2, burst: 6, model: INBOUND },
  confirmPackingOption: { rate: 2, burst: 2, model: INBOUND },
  listPackingGroupItems: { rate: 2, burst: 30, model: INBOUND },
  setPackingInformation: { rate: 2, burst: 2, model: INBOUND },
  generatePlacementOptions: { rate: 2, burst: 2, model: INBOUND },
  listPlacementOptions: { rate: 2, burst: 6, model: INBOUND },
  confirmPlacementOption: { rate: 2, burst: 2, model: INBOUND },
  getShipment: { rate: 2, burst: 6, model: INBOUND },
  listShipmentBoxes: { rate: 2, burst: 30, model: INBOUND },
  listShipmentItems: { rate: 2, burst: 30, model: INBOUND },
  updateShipmentTrackingDetails: { rate: 2, burst: 2, model: INBOUND },
  generateTransportationOptions: { rate: 2, burst: 2, model: INBOUND },
  listTransportationOptions: { rate: 2, burst: 6, model: INBOUND },
  confirmTransportationOptions: { rate: 2, burst: 2, model: INBOUND },
  getInboundOperationStatus: { rate: 2, burst: 6, model: INBOUND },
  // Fulfillment Inbound v0: the labels and received quantities of a confirmed shipment.
  getLabels: { rate: 2, burst: 30, model: INBOUND_V0 },
  getShipmentItemsByShipmentId: { rate: 2, burst: 30, model: INBOUND_V0 },
  getInventorySummaries: { rate: 2, burst: 2, model: FBA_INVENTORY },
  // Reports API 2021-06-30 (seller performance and feedback, `sp-api.reports.ts`).
  createReport: { rate: 0.0167, burst: 15, model: REPORTS },
  getReport: { rate: 2, burst: 15, model: REPORTS },
  getReportDocument: { rate: 0.0167, burst: 15, model: REPORTS },
} as const satisfies Record<string, UsagePlan>;

/** An operation the client can call (the key of its usage plan). */
export type SpApiOperation = keyof typeof USAGE_PLANS;

/** Every operation the client knows. */
export const SP_API_OPERATIONS = Object.keys(USAGE_PLANS) as SpApiOperation[];

/**
 * The burst the scheduler books: one token less than Amazon's when the plan allows more than
 * one. Amazon's bucket fills at the same rate as ours, so the token we never spend stays in
 * Amazon's bucket as a cushion: a request that leaves late, followed by one on time, arrives
 * within one interval of it and still finds a token, instead of a 429 that costs a retry and a
 * slot. The rate stays the plan's, so a busy operation keeps its full speed; only the first
 * burst is one request shorter.
 */
export function bookedBurst(operation: SpApiOperation): number {
  const { burst } = USAGE_PLANS[operation];
  return burst > 1 ? burst - 1 : burst;
}

/**
 * The rate of an `x-amzn-RateLimit-Limit` header (a decimal number of requests per second),
 * or undefined when absent or not a positive number.
 */
export function parseRateLimitHeader(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
