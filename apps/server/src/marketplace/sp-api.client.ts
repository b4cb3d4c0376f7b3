import { downloadDocument, type TransferOptions, uploadFeedDocument } from './document-transfer.js';
import { NotificationsApi } from './notifications.client.js';
import { ListingsRestrictionsApi, ProductPricingApi } from './pricing.client.js';
import { arrayOf, shape } from './shape.js';
import { SpApiError } from './sp-api.errors.js';
import { FbaInventoryApi } from './sp-api.fba-inventory.js';
import { type SpApiDeps, SpApiHttp, type SpApiShop } from './sp-api.http.js';
import { FulfillmentInboundApi } from './sp-api.inbound.js';
import { FinancesApi, OrdersApi, TokensApi } from './sp-api.orders.js';
import { ReportsApi } from './sp-api.reports.js';
import type {
  CatalogIncludedData,
  CatalogItem,
  CatalogItemSearchResults,
  CreateFeedDocumentResponse,
  CreateFeedResponse,
  CreateFeedSpecification,
  Feed,
  FeedDocument,
  ListingsFeedDocument,
  ListingsFeedProcessingReport,
  ListingsIncludedData,
  ListingsItem,
  ListingsItemPatchRequest,
  ListingsItemPutRequest,
  ListingsItemSearchResults,
  ListingsItemSubmissionResponse,
  MarketplaceParticipation,
  ProductTypeDefinition,
  ProductTypeList,
  SchemaLink,
} from './sp-api.types.js';

const sku = (s: string) => encodeURIComponent(s);

const submission = shape<ListingsItemSubmissionResponse>(
  { sku: 'string', status: 'string', submissionId: 'string', 'issues?': 'array' },
  '提交结果',
);

/** Options of put and patch. */
export interface ListingsWriteOptions {
  /** `VALIDATION_PREVIEW`: validate without saving (its own 1 rps bucket). */
  mode?: 'VALIDATION_PREVIEW';
  includedData?: ('identifiers' | 'issues')[];
  issueLocale?: string;
  /** Refuse (kind `deferred`) instead of waiting longer than this for a rate-limit slot. */
  maxWaitMs?: number;
}

/** Listings Items API 2021-08-01 (`/listings/2021-08-01/items/{sellerId}/{sku}`). */
export class ListingsItemsApi {
  constructor(private readonly http: SpApiHttp) {}

  private get seller() {
    return encodeURIComponent(this.http.shop.sellingPartnerId);
  }

  /** putListingsItem: creates or fully replaces a listing. */
  async put(
    sellerSku: string,
    marketplaceIds: string[],
    body: ListingsItemPutRequest,
    opts: ListingsWriteOptions = {},
  ): Promise<ListingsItemSubmissionResponse> {
    const r = await this.http.send({
      operation: 'putListingsItem',
      bucket: opts.mode ? 'validationPreview' : undefined,
      method: 'PUT',
      path: `/listings/2021-08-01/items/${this.seller}/${sku(sellerSku)}`,
      query: { marketplaceIds, mode: opts.mode, includedData: opts.includedData, issueLocale: opts.issueLocale },
      body,
      maxWaitMs: opts.maxWaitMs,
      check: submission,
    });
    return r.body;
  }

  /** patchListingsItem: JSON-patch operations on a listing's attributes. */
  async patch(
    sellerSku: string,
    marketplaceIds: string[],
    body: ListingsItemPatchRequest,
    opts: ListingsWriteOptions = {},
  ): Promise<ListingsItemSubmissionResponse> {
    const r = await this.http.send({
      operation: 'patchListingsItem',
      bucket: opts.mode ? 'validationPreview' : undefined,
      method: 'PATCH',
      path: `/listings/2021-08-01/items/${this.seller}/${sku(sellerSku)}`,
      query: { marketplaceIds, mode: opts.mode, includedData: opts.includedData, issueLocale: opts.issueLocale },
      body,
      maxWaitMs: opts.maxWaitMs,
      check: submission,
    });
    return r.body;
  }

  /** getListingsItem: the listing as Amazon holds it (summaries, issues ... as asked). */
  async get(
    sellerSku: string,
    marketplaceIds: string[],
    opts: { includedData?: ListingsIncludedData[]; issueLocale?: string } = {},
  ): Promise<ListingsItem> {
    const r = await this.http.send({
      operation: 'getListingsItem',
      method: 'GET',
      path: `/listings/2021-08-01/items/${this.seller}/${sku(sellerSku)}`,
      query: { marketplaceIds, includedData: opts.includedData, issueLocale: opts.issueLocale },
      check: shape<ListingsItem>({ sku: 'string', 'summaries?': 'array', 'issues?': 'array' }, '商品'),
    });
    return r.body;
  }

  /** deleteListingsItem. */
  async delete(
    sellerSku: string,
    marketplaceIds: string[],
    opts: { issueLocale?: string } = {},
  ): Promise<ListingsItemSubmissionResponse> {
    const r = await this.http.send({
      operation: 'deleteListingsItem',
      method: 'DELETE',
      path: `/listings/2021-08-01/items/${this.seller}/${sku(sellerSku)}`,
      query: { marketplaceIds, issueLocale: opts.issueLocale },
      check: submission,
    });
    return r.body;
  }

  /** searchListingsItems: the seller's listings, by identifiers or filters, paged. */
  async search(
    marketplaceIds: string[],
    q: {
      identifiers?: string[];
      identifiersType?: 'ASIN' | 'EAN' | 'GTIN' | 'ISBN' | 'JAN' | 'MINSAN' | 'SKU' | 'UPC';
      variationParentSku?: string;
      includedData?: ListingsIncludedData[];
      withIssueSeverity?: ('WARNING' | 'ERROR')[];
      withStatus?: ('BUYABLE' | 'DISCOVERABLE')[];
      pageSize?: number;
      pageToken?: string;
      issueLocale?: string;
    } = {},
  ): Promise<ListingsItemSearchResults> {
    const r = await this.http.send({
      operation: 'searchListingsItems',
      method: 'GET',
      path: `/listings/2021-08-01/items/${this.seller}`,
      query: { marketplaceIds, ...q },
      check: shape<ListingsItemSearchResults>(
        { numberOfResults: 'number', items: arrayOf({ sku: 'string' }, '商品') },
        '查询结果',
      ),
    });
    return r.body;
  }
}

/** Feeds API 2021-06-30 and the feed documents' pre-signed URLs. */
export class FeedsApi {
  constructor(
    private readonly http: SpApiHttp,
    private readonly transfer: TransferOptions,
  ) {}

  /** createFeedDocument: where to upload a document of the content type. */
  async createFeedDocument(contentType: string): Promise<CreateFeedDocumentResponse> {
    const r = await this.http.send({
      operation: 'createFeedDocument',
      method: 'POST',
      path: '/feeds/2021-06-30/documents',
      body: { contentType },
      check: shape<CreateFeedDocumentResponse>({ feedDocumentId: 'string', url: 'string' }, '文档'),
    });
    return r.body;
  }

  /** Uploads the document's content to the pre-signed URL. */
  uploadFeedDocument(url: string, content: string | Buffer, contentType: string, gzip = false): Promise<void> {
    return uploadFeedDocument(url, content, contentType, { ...this.transfer, gzip });
  }

  /** createFeed: starts processing an uploaded document. */
  async createFeed(spec: CreateFeedSpecification, opts: { maxWaitMs?: number } = {}): Promise<CreateFeedResponse> {
    const r = await this.http.send({
      operation: 'createFeed',
      method: 'POST',
      path: '/feeds/2021-06-30/feeds',
      body: spec,
      maxWaitMs: opts.maxWaitMs,
      check: shape<CreateFeedResponse>({ feedId: 'string' }, '提交结果'),
    });
    return r.body;
  }

  /** getFeed: its processing status and, when done, the result document id. */
  async getFeed(feedId: string): Promise<Feed> {
    const r = await this.http.send({
      operation: 'getFeed',
      method: 'GET',
      path: `/feeds/2021-06-30/feeds/${encodeURIComponent(feedId)}`,
      check: shape<Feed>(
        { feedId: 'string', feedType: 'string', processingStatus: 'string', createdTime: 'string' },
        '上传任务',
      ),
    });
    return r.body;
  }

  /**
   * getFeeds: the seller's feeds by type (and marketplace, status, creation time), newest
   * first; `nextToken` pages on with the first call's filters.
   */
  async getFeeds(
    q:
      | {
          feedTypes: string[];
          marketplaceIds?: string[];
          processingStatuses?: Feed['processingStatus'][];
          createdSince?: string;
          createdUntil?: string;
          pageSize?: number;
        }
      | { nextToken: string },
  ): Promise<{ feeds: Feed[]; nextToken?: string }> {
    const r = await this.http.send({
      operation: 'getFeeds',
      method: 'GET',
      path: '/feeds/2021-06-30/feeds',
      query: q,
      check: shape<{ feeds: Feed[]; nextToken?: string }>(
        { feeds: arrayOf({ feedId: 'string', processingStatus: 'string', createdTime: 'string' }, '上传任务') },
        '上传任务列表',
      ),
    });
    return r.body;
  }

  /** cancelFeed: only while `IN_QUEUE`. */
  async cancelFeed(feedId: string): Promise<void> {
    await this.http.send({
      operation: 'cancelFeed',
      method: 'DELETE',
      path: `/feeds/2021-06-30/feeds/${encodeURIComponent(feedId)}`,
      check: (b) => ({ ok: true, value: b }),
    });
  }

  /** getFeedDocument: the pre-signed download URL of a document and its compression. */
  async getFeedDocument(feedDocumentId: string): Promise<FeedDocument> {
    const r = await this.http.send({
      operation: 'getFeedDocument',
      method: 'GET',
      path: `/feeds/2021-06-30/documents/${encodeURIComponent(feedDocumentId)}`,
      check: shape<FeedDocument>(
        { feedDocumentId: 'string', url: 'string', 'compressionAlgorithm?': 'string' },
        '文档',
      ),
    });
    return r.body;
  }

  /** Downloads a document (unzipped) as text. */
  async downloadFeedDocument(doc: FeedDocument): Promise<string> {
    return (await downloadDocument(doc.url, doc.compressionAlgorithm, this.transfer)).toString('utf8');
  }

  /**
   * A `JSON_LISTINGS_FEED` in one go: create the document, upload it, create the feed.
   * Returns the feed id to poll with `getFeed`.
   */
  async submitListingsFeed(doc: ListingsFeedDocument, marketplaceIds: string[], gzip = false): Promise<string> {
    const contentType = 'application/json; charset=UTF-8';
    const created = await this.createFeedDocument(contentType);
    await this.uploadFeedDocument(created.url, JSON.stringify(doc), contentType, gzip);
    const feed = await this.createFeed({
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds,
      inputFeedDocumentId: created.feedDocumentId,
    });
    return feed.feedId;
  }

  /** The processing report of a finished listings feed (getFeedDocument + download + parse). */
  async getListingsProcessingReport(feed: Feed): Promise<ListingsFeedProcessingReport> {
    if (!feed.resultFeedDocumentId) {
      throw SpApiError.of('malformed', { operation: 'getFeed', detail: '处理报告尚未生成' });
    }
    const doc = await this.getFeedDocument(feed.resultFeedDocumentId);
    const text = await this.downloadFeedDocument(doc);
    let report: unknown;
    try {
      report = JSON.parse(text);
    } catch {
      throw SpApiError.of('malformed', { operation: 'getFeedDocument', detail: '处理报告不是JSON' });
    }
    const checked = shape<ListingsFeedProcessingReport>(
      { header: 'object', issues: 'array', summary: 'object' },
      '处理报告',
    )(report);
    if (!checked.ok) throw SpApiError.of('malformed', { operation: 'getFeedDocument', detail: checked.reason });
    return checked.value;
  }
}

/** Product Type Definitions API 2020-09-01 (the caching layer is `product-type-definitions.service.ts`). */
export class ProductTypeDefinitionsApi {
  constructor(
    private readonly http: SpApiHttp,
    private readonly transfer: TransferOptions,
  ) {}

  /** searchDefinitionsProductTypes. */
  async search(q: {
    marketplaceIds: string[];
    keywords?: string[];
    itemName?: string;
    locale?: string;
    searchLocale?: string;
  }): Promise<ProductTypeList> {
    const r = await this.http.send({
      operation: 'searchDefinitionsProductTypes',
      method: 'GET',
      path: '/definitions/2020-09-01/productTypes',
      query: q,
      check: shape<ProductTypeList>(
        {
          productTypes: arrayOf({ name: 'string', displayName: 'string', marketplaceIds: 'array' }, '产品类型'),
          productTypeVersion: 'string',
        },
        '产品类型列表',
      ),
    });
    return r.body;
  }

  /** getDefinitionsProductType: the definition with a link to its JSON Schema. */
  async get(
    productType: string,
    q: {
      marketplaceIds: string[];
      sellerId?: string;
      productTypeVersion?: string;
      requirements?: 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';
      requirementsEnforced?: 'ENFORCED' | 'NOT_ENFORCED';
      locale?: string;
    },
  ): Promise<ProductTypeDefinition> {
    const r = await this.http.send({
      operation: 'getDefinitionsProductType',
      method: 'GET',
      path: `/definitions/2020-09-01/productTypes/${encodeURIComponent(productType)}`,
      query: q,
      check: shape<ProductTypeDefinition>(
        {
          productType: 'string',
          schema: (v) => (v && typeof v === 'object' && (v as SchemaLink).link?.resource ? null : '缺少schema链接'),
          productTypeVersion: 'object',
          locale: 'string',
          marketplaceIds: 'array',
        },
        '产品类型定义',
      ),
    });
    return r.body;
  }

  /** Downloads the JSON Schema a definition links to. */
  async downloadSchema(link: SchemaLink): Promise<Record<string, unknown>> {
    const text = (await downloadDocument(link.link.resource, undefined, this.transfer)).toString('utf8');
    try {
      const schema = JSON.parse(text) as unknown;
      if (schema && typeof schema === 'object' && !Array.isArray(schema)) return schema as Record<string, unknown>;
    } catch {}
    throw SpApiError.of('malformed', { operation: 'getDefinitionsProductType', detail: '产品类型schema不是JSON对象' });
  }
}

/** Catalog Items API 2022-04-01. */
export class CatalogItemsApi {
  constructor(private readonly http: SpApiHttp) {}

  /** searchCatalogItems: by identifiers (ASIN, EAN ...) or keywords. */
  async search(q: {
    marketplaceIds: string[];
    identifiers?: string[];
    identifiersType?: 'ASIN' | 'EAN' | 'GTIN' | 'ISBN' | 'JAN' | 'MINSAN' | 'SKU' | 'UPC';
    keywords?: string[];
    brandNames?: string[];
    classificationIds?: string[];
    includedData?: CatalogIncludedData[];
    locale?: string;
    pageSize?: number;
    pageToken?: string;
  }): Promise<CatalogItemSearchResults> {
    const r = await this.http.send({
      operation: 'searchCatalogItems',
      method: 'GET',
      path: '/catalog/2022-04-01/items',
      query: { ...q, sellerId: q.identifiersType === 'SKU' ? this.http.shop.sellingPartnerId : undefined },
      check: shape<CatalogItemSearchResults>(
        { numberOfResults: 'number', items: arrayOf({ asin: 'string' }, '商品') },
        '目录查询结果',
      ),
    });
    return r.body;
  }

  /** getCatalogItem. */
  async get(
    asin: string,
    q: { marketplaceIds: string[]; includedData?: CatalogIncludedData[]; locale?: string },
  ): Promise<CatalogItem> {
    const r = await this.http.send({
      operation: 'getCatalogItem',
      method: 'GET',
      path: `/catalog/2022-04-01/items/${encodeURIComponent(asin)}`,
      query: q,
      check: shape<CatalogItem>({ asin: 'string' }, '目录商品'),
    });
    return r.body;
  }
}

/** Sellers API v1. */
export class SellersApi {
  constructor(private readonly http: SpApiHttp) {}

  /** getMarketplaceParticipations: the marketplaces the bound seller sells in. */
  async getMarketplaceParticipations(): Promise<MarketplaceParticipation[]> {
    const r = await this.http.send({
      operation: 'getMarketplaceParticipations',
      method: 'GET',
      path: '/sellers/v1/marketplaceParticipations',
      check: shape<{ payload: MarketplaceParticipation[] }>(
        {
          payload: arrayOf({ marketplace: 'object', participation: 'object', storeName: 'string' }, '站点'),
        },
        '站点列表',
      ),
    });
    return r.body.payload;
  }
}

/**
 * The SP-API client of one shop: its operations grouped by API, all through one transport
 * (token, rate limits, retries). Cheap to build: the shared parts live in `SpApiDeps`.
 */
export class SpApiClient {
  readonly http: SpApiHttp;
  readonly listings: ListingsItemsApi;
  readonly feeds: FeedsApi;
  readonly productTypes: ProductTypeDefinitionsApi;
  readonly catalog: CatalogItemsApi;
  readonly sellers: SellersApi;
  readonly orders: OrdersApi;
  readonly tokens: TokensApi;
  readonly finances: FinancesApi;
  /** Product Pricing v0 (`pricing.client.ts`). */
  readonly pricing: ProductPricingApi;
  /** Listings Restrictions 2021-08-01 (`pricing.client.ts`). */
  readonly restrictions: ListingsRestrictionsApi;
  /** Notifications v1, the seller's subscriptions (`notifications.client.ts`; destinations are grantless). */
  readonly notifications: NotificationsApi;
  /** Fulfillment Inbound 2024-03-20 with the v0 labels and receipts (`sp-api.inbound.ts`). */
  readonly inbound: FulfillmentInboundApi;
  /** FBA Inventory v1 (`sp-api.fba-inventory.ts`). */
  readonly fbaInventory: FbaInventoryApi;
  /** Reports API 2021-06-30 (`sp-api.reports.ts`). */
  readonly reports: ReportsApi;

  constructor(
    shop: SpApiShop,
    readonly deps: SpApiDeps,
  ) {
    this.http = new SpApiHttp(shop, deps);
    const transfer: TransferOptions = { retry: deps.retry, timeoutMs: deps.timeoutMs, scale: deps.scheduler.scale };
    this.listings = new ListingsItemsApi(this.http);
    this.feeds = new FeedsApi(this.http, transfer);
    this.productTypes = new ProductTypeDefinitionsApi(this.http, transfer);
    this.catalog = new CatalogItemsApi(this.http);
    this.sellers = new SellersApi(this.http);
    this.orders = new OrdersApi(this.http);
    this.tokens = new TokensApi(this.http);
    this.finances = new FinancesApi(this.http);
    this.pricing = new ProductPricingApi(this.http);
    this.restrictions = new ListingsRestrictionsApi(this.http);
    this.notifications = new NotificationsApi(this.http);
    this.inbound = new FulfillmentInboundApi(this.http, deps.scheduler.scale);
    this.fbaInventory = new FbaInventoryApi(this.http);
    this.reports = new ReportsApi(this.http, transfer, deps.scheduler.scale);
  }

  /** The shop this client speaks for. */
  get shop(): SpApiShop {
    return this.http.shop;
  }
}
