/**
 * Types of the SP-API operations the console uses, written from the vendored models
 * (`vendor/amazon-sp-api/models/...`, definitions of the same names) and the listings feed
 * schemas (`vendor/amazon-sp-api/schemas/feeds/`). Only what the models declare; fields the
 * console does not read are kept as `unknown` or open records.
 */

/** `Error` of every model: `{code, message, details?}`. */
export interface SpApiErrorItem {
  code: string;
  message: string;
  details?: string;
}

/** `ErrorList`: the body of every non-2xx answer. */
export interface SpApiErrorList {
  errors: SpApiErrorItem[];
}

// ---- Login with Amazon ---------------------------------------------------------------

/** The LWA token endpoint's answer (refresh_token only for the authorization_code grant). */
export interface LwaTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

/** The LWA token endpoint's error body (OAuth 2.0, RFC 6749 section 5.2). */
export interface LwaErrorBody {
  error: string;
  error_description?: string;
}

// ---- Listings Items 2021-08-01 -------------------------------------------------------

/** `includedData` values of getListingsItem / searchListingsItems. */
export type ListingsIncludedData =
  | 'summaries'
  | 'attributes'
  | 'issues'
  | 'offers'
  | 'fulfillmentAvailability'
  | 'procurement'
  | 'relationships'
  | 'productTypes';

/** `requirements` of a put: full listing, product facts only, or offer only. */
export type ListingsRequirements = 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';

/** Listing attributes keyed by attribute name, each an array of values (Amazon's listing format). */
export type ListingAttributes = Record<string, unknown[]>;

/** `Issue`: a problem Amazon found with a listing. */
export interface ListingIssue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories: string[];
  enforcements?: { actions: { action: string }[]; exemption: { status: string; expiryDate?: string } };
  marketplaceIds?: string[];
}

/** `ListingsItemPutRequest`. */
export interface ListingsItemPutRequest {
  productType: string;
  requirements?: ListingsRequirements;
  attributes: ListingAttributes;
}

/** `PatchOperation`. */
export interface PatchOperation {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: unknown[];
}

/** `ListingsItemPatchRequest`. */
export interface ListingsItemPatchRequest {
  productType: string;
  patches: PatchOperation[];
}

/** `ListingsItemSubmissionResponse`. */
export interface ListingsItemSubmissionResponse {
  sku: string;
  status: 'ACCEPTED' | 'INVALID' | 'VALID';
  submissionId: string;
  issues?: ListingIssue[];
  identifiers?: { marketplaceId?: string; asin?: string }[];
}

/** `ItemSummaryByMarketplace` of a listing. */
export interface ListingItemSummary {
  marketplaceId: string;
  asin?: string;
  productType: string;
  conditionType?: string;
  /** `BUYABLE`, `DISCOVERABLE`. */
  status: string[];
  fnSku?: string;
  itemName?: string;
  createdDate: string;
  lastUpdatedDate: string;
  mainImage?: { link: string; height: number; width: number };
}

/** `ItemRelationship`. */
export interface ListingItemRelationship {
  type: 'VARIATION' | 'PACKAGE_HIERARCHY';
  childSkus?: string[];
  parentSkus?: string[];
  variationTheme?: { attributes: string[]; theme: string };
}

/** `Item` of Listings Items: what getListingsItem and searchListingsItems return. */
export interface ListingsItem {
  sku: string;
  summaries?: ListingItemSummary[];
  attributes?: ListingAttributes;
  issues?: ListingIssue[];
  offers?: {
    marketplaceId: string;
    offerType: 'B2C' | 'B2B';
    price: { currencyCode: string; amount: string };
  }[];
  fulfillmentAvailability?: { fulfillmentChannelCode: string; quantity?: number }[];
  relationships?: { marketplaceId: string; relationships: ListingItemRelationship[] }[];
  productTypes?: { marketplaceId: string; productType: string }[];
}

/** `ItemSearchResults` of searchListingsItems. */
export interface ListingsItemSearchResults {
  numberOfResults: number;
  pagination?: { nextToken?: string; previousToken?: string };
  items: ListingsItem[];
}

// ---- Feeds 2021-06-30 ----------------------------------------------------------------

/** `processingStatus` of a feed. */
export type FeedProcessingStatus = 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';

/** `CreateFeedDocumentResponse`: where to PUT the document. */
export interface CreateFeedDocumentResponse {
  feedDocumentId: string;
  url: string;
}

/** `CreateFeedSpecification`. */
export interface CreateFeedSpecification {
  feedType: string;
  marketplaceIds: string[];
  inputFeedDocumentId: string;
  feedOptions?: Record<string, string>;
}

/** `CreateFeedResponse`. */
export interface CreateFeedResponse {
  feedId: string;
}

/** `Feed`. */
export interface Feed {
  feedId: string;
  feedType: string;
  marketplaceIds?: string[];
  createdTime: string;
  processingStatus: FeedProcessingStatus;
  processingStartTime?: string;
  processingEndTime?: string;
  resultFeedDocumentId?: string;
}

/** `FeedDocument`: a pre-signed download URL, gzip when `compressionAlgorithm` says so. */
export interface FeedDocument {
  feedDocumentId: string;
  url: string;
  compressionAlgorithm?: 'GZIP';
}

/** One message of a `JSON_LISTINGS_FEED` document (listings-feed-message-schema-v2). */
export interface ListingsFeedMessage {
  messageId: number;
  sku: string;
  operationType: 'UPDATE' | 'PARTIAL_UPDATE' | 'PATCH' | 'DELETE';
  productType?: string;
  requirements?: ListingsRequirements;
  attributes?: ListingAttributes;
  patches?: PatchOperation[];
}

/** A `JSON_LISTINGS_FEED` document (listings-feed-schema-v2). */
export interface ListingsFeedDocument {
  header: {
    sellerId: string;
    version: '2.0';
    issueLocale?: string;
    report?: { includedData: ListingsIncludedData[]; apiVersion: '2021-08-01' };
  };
  messages: ListingsFeedMessage[];
}

/** One issue of a listings feed processing report: one `attributeName`, not an array. */
export interface FeedReportIssue {
  messageId?: number;
  sku?: string;
  code?: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  message: string;
  attributeName?: string;
}

/** The listings feed processing report (listings-feed-processing-report-schema-v2). */
export interface ListingsFeedProcessingReport {
  header: {
    sellerId: string;
    version: '2.0';
    feedId: string;
    report?: { includedData: ListingsIncludedData[]; apiVersion: '2021-08-01' };
  };
  issues: FeedReportIssue[];
  summary: {
    errors: number;
    warnings: number;
    messagesProcessed: number;
    messagesAccepted: number;
    messagesInvalid: number;
    itemSummary?: { items: number; errors: number; warnings: number };
  };
  items?: ListingsItem[];
}

// ---- Product Type Definitions 2020-09-01 ---------------------------------------------

/** `ProductType` of a search. */
export interface ProductTypeSummary {
  name: string;
  displayName: string;
  marketplaceIds: string[];
}

/** `ProductTypeList`. */
export interface ProductTypeList {
  productTypes: ProductTypeSummary[];
  productTypeVersion: string;
}

/** `SchemaLink`: a pre-signed link to a JSON Schema document and its checksum. */
export interface SchemaLink {
  link: { resource: string; verb: 'GET' };
  checksum: string;
}

/** `ProductTypeDefinition`. */
export interface ProductTypeDefinition {
  metaSchema?: SchemaLink;
  schema: SchemaLink;
  requirements: ListingsRequirements;
  requirementsEnforced: 'ENFORCED' | 'NOT_ENFORCED';
  propertyGroups: Record<string, { title?: string; description?: string; propertyNames?: string[] }>;
  locale: string;
  marketplaceIds: string[];
  productType: string;
  displayName: string;
  productTypeVersion: { version: string; latest: boolean; releaseCandidate?: boolean };
}

// ---- Catalog Items 2022-04-01 --------------------------------------------------------

/** `includedData` of the catalog. */
export type CatalogIncludedData =
  | 'attributes'
  | 'classifications'
  | 'dimensions'
  | 'identifiers'
  | 'images'
  | 'productTypes'
  | 'relationships'
  | 'salesRanks'
  | 'summaries'
  | 'vendorDetails';

/** `Item` of the catalog (the data sets the console reads are typed, the rest open). */
export interface CatalogItem {
  asin: string;
  attributes?: Record<string, unknown>;
  identifiers?: { marketplaceId: string; identifiers: { identifierType: string; identifier: string }[] }[];
  images?: { marketplaceId: string; images: { variant: string; link: string; height: number; width: number }[] }[];
  productTypes?: { marketplaceId?: string; productType?: string }[];
  summaries?: {
    marketplaceId: string;
    brand?: string;
    itemName?: string;
    manufacturer?: string;
    modelNumber?: string;
    color?: string;
    size?: string;
  }[];
  [dataSet: string]: unknown;
}

/** `ItemSearchResults` of the catalog. */
export interface CatalogItemSearchResults {
  numberOfResults: number;
  pagination?: { nextToken?: string; previousToken?: string };
  refinements?: unknown;
  items: CatalogItem[];
}

// ---- Sellers v1 ----------------------------------------------------------------------

/** `MarketplaceParticipation`. */
export interface MarketplaceParticipation {
  marketplace: {
    id: string;
    name: string;
    countryCode: string;
    defaultCurrencyCode: string;
    defaultLanguageCode: string;
    domainName: string;
  };
  participation: { isParticipating: boolean; hasSuspendedListings: boolean };
  storeName: string;
}

/** `GetMarketplaceParticipationsResponse`. */
export interface GetMarketplaceParticipationsResponse {
  payload?: MarketplaceParticipation[];
  errors?: SpApiErrorItem[];
}
