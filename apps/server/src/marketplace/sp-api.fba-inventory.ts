import { arrayOf, shape } from './shape.js';
import type { SpApiHttp } from './sp-api.http.js';

/**
 * FBA Inventory v1 (`vendor/amazon-sp-api/models/fba-inventory-api-model/fbaInventory.json`):
 * `getInventorySummaries`, the stock Amazon holds per seller SKU in one marketplace. The
 * types are the model's definitions (same names).
 */

/** `ReservedQuantity`. */
export interface ReservedQuantity {
  totalReservedQuantity?: number;
  pendingCustomerOrderQuantity?: number;
  pendingTransshipmentQuantity?: number;
  fcProcessingQuantity?: number;
}

/** `InventoryDetails` (only with `details=true`). */
export interface InventoryDetails {
  fulfillableQuantity?: number;
  inboundWorkingQuantity?: number;
  inboundShippedQuantity?: number;
  inboundReceivingQuantity?: number;
  reservedQuantity?: ReservedQuantity;
  researchingQuantity?: { totalResearchingQuantity?: number; researchingQuantityBreakdown?: unknown[] };
  unfulfillableQuantity?: { totalUnfulfillableQuantity?: number };
}

/** `InventorySummary`. */
export interface InventorySummary {
  asin?: string;
  fnSku?: string;
  sellerSku?: string;
  condition?: string;
  inventoryDetails?: InventoryDetails;
  lastUpdatedTime?: string;
  productName?: string;
  /** Units inbound or in Amazon's fulfilment centres. */
  totalQuantity?: number;
  stores?: string[];
}

/** The query of `getInventorySummaries` (Marketplace granularity, the only one). */
export interface InventorySummariesQuery {
  marketplaceId: string;
  details?: boolean;
  /** Summaries changed since then (the SKU filters are then ignored, as Amazon does). */
  startDateTime?: string;
  /** Up to 50 SKUs. */
  sellerSkus?: string[];
  sellerSku?: string;
  nextToken?: string;
}

/** One page of `getInventorySummaries`. */
export interface InventorySummariesPage {
  granularity: { granularityType?: string; granularityId?: string };
  inventorySummaries: InventorySummary[];
  nextToken?: string;
}

/** FBA Inventory v1. */
export class FbaInventoryApi {
  constructor(private readonly http: SpApiHttp) {}

  /** getInventorySummaries: one page (Amazon pages by `nextToken`, which expires after 30 seconds). */
  async getInventorySummaries(q: InventorySummariesQuery): Promise<InventorySummariesPage> {
    const r = await this.http.send({
      operation: 'getInventorySummaries',
      method: 'GET',
      path: '/fba/inventory/v1/summaries',
      query: {
        details: q.details,
        granularityType: 'Marketplace',
        granularityId: q.marketplaceId,
        marketplaceIds: [q.marketplaceId],
        startDateTime: q.startDateTime,
        sellerSkus: q.sellerSkus,
        sellerSku: q.sellerSku,
        nextToken: q.nextToken,
      },
      check: shape<{
        payload: { granularity: InventorySummariesPage['granularity']; inventorySummaries: InventorySummary[] };
        pagination?: { nextToken?: string };
      }>(
        {
          payload: (v) =>
            shape({ granularity: 'object', inventorySummaries: arrayOf({}, '库存汇总') }, '库存汇总')(v).ok
              ? null
              : '库存汇总格式不正确',
          'pagination?': 'object',
        },
        '库存汇总应答',
      ),
    });
    const { payload, pagination } = r.body;
    return { ...payload, ...(pagination?.nextToken ? { nextToken: pagination.nextToken } : {}) };
  }

  /** Every page of summaries (bounded by `maxPages`; pages are read at once, tokens live 30 seconds). */
  async allInventorySummaries(
    q: Omit<InventorySummariesQuery, 'nextToken'>,
    maxPages = 200,
  ): Promise<InventorySummary[]> {
    const out: InventorySummary[] = [];
    let nextToken: string | undefined;
    for (let i = 0; i < maxPages; i++) {
      const page = await this.getInventorySummaries({ ...q, nextToken });
      out.push(...page.inventorySummaries);
      nextToken = page.nextToken;
      if (!nextToken) break;
    }
    return out;
  }
}
