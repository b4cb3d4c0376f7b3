import type { SpApiOperation } from '../rate-limits.js';
import {
  handleCatalogGet,
  handleCatalogSearch,
  handleParticipations,
  handlePtdGet,
  handlePtdSearch,
  handleSchema,
} from './sim-catalog.js';
import {
  handleCancelFeed,
  handleCreateDocument,
  handleCreateFeed,
  handleDocument,
  handleGetDocument,
  handleGetFeed,
  handleGetFeeds,
} from './sim-feeds.js';
import { INBOUND_ROUTES } from './sim-inbound-routes.js';
import { handleDelete, handleGet, handlePatch, handlePut, handleSearch } from './sim-listings.js';
import { handleConfirm, handleConsent, handleToken } from './sim-lwa.js';
import { notificationRoutes } from './sim-notifications-api.js';
import { ORDER_ROUTES } from './sim-order-routes.js';
import { pricingRoutes } from './sim-pricing.js';
import { reportRoutes } from './sim-reports.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';

/**
 * The routing table of the loopback Amazon: LWA and consent, the simulator's own document and
 * schema URLs, and the SP-API operations on their real paths (each with its operation name,
 * so the simulator checks the token and the operation's rate limit before the handler).
 */

/** A route's handler. */
export type SimHandler = (sim: SpApiSimulator, req: SimReq) => SimRes | Promise<SimRes>;

/** One route of the simulator: method, path pattern (groups are the path parameters), handler. */
export interface SimRoute {
  method: string;
  pattern: RegExp;
  /** SP-API operation (token and rate limit checked), or a public route of LWA / pre-signed URLs. */
  operation?: SpApiOperation;
  handle: SimHandler;
}

const seg = '([^/]+)';
/** Every route of the simulator, tried in order (`SpApiSimulator` dispatches through them). */
export const ROUTES: SimRoute[] = [
  { method: 'POST', pattern: /^\/auth\/o2\/token$/, handle: handleToken },
  { method: 'GET', pattern: /^\/apps\/authorize\/consent$/, handle: handleConsent },
  { method: 'POST', pattern: /^\/apps\/authorize\/confirm$/, handle: handleConfirm },
  { method: 'PUT', pattern: new RegExp(`^/_sim/documents/${seg}$`), handle: handleDocument },
  { method: 'GET', pattern: new RegExp(`^/_sim/documents/${seg}$`), handle: handleDocument },
  { method: 'GET', pattern: new RegExp(`^/_sim/schemas/${seg}/${seg}$`), handle: handleSchema },
  {
    method: 'PUT',
    pattern: new RegExp(`^/listings/2021-08-01/items/${seg}/${seg}$`),
    operation: 'putListingsItem',
    handle: handlePut,
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/listings/2021-08-01/items/${seg}/${seg}$`),
    operation: 'patchListingsItem',
    handle: handlePatch,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/listings/2021-08-01/items/${seg}/${seg}$`),
    operation: 'getListingsItem',
    handle: handleGet,
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/listings/2021-08-01/items/${seg}/${seg}$`),
    operation: 'deleteListingsItem',
    handle: handleDelete,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/listings/2021-08-01/items/${seg}$`),
    operation: 'searchListingsItems',
    handle: handleSearch,
  },
  {
    method: 'POST',
    pattern: /^\/feeds\/2021-06-30\/documents$/,
    operation: 'createFeedDocument',
    handle: handleCreateDocument,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/feeds/2021-06-30/documents/${seg}$`),
    operation: 'getFeedDocument',
    handle: handleGetDocument,
  },
  { method: 'POST', pattern: /^\/feeds\/2021-06-30\/feeds$/, operation: 'createFeed', handle: handleCreateFeed },
  { method: 'GET', pattern: /^\/feeds\/2021-06-30\/feeds$/, operation: 'getFeeds', handle: handleGetFeeds },
  {
    method: 'GET',
    pattern: new RegExp(`^/feeds/2021-06-30/feeds/${seg}$`),
    operation: 'getFeed',
    handle: handleGetFeed,
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/feeds/2021-06-30/feeds/${seg}$`),
    operation: 'cancelFeed',
    handle: handleCancelFeed,
  },
  {
    method: 'GET',
    pattern: /^\/definitions\/2020-09-01\/productTypes$/,
    operation: 'searchDefinitionsProductTypes',
    handle: handlePtdSearch,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/definitions/2020-09-01/productTypes/${seg}$`),
    operation: 'getDefinitionsProductType',
    handle: handlePtdGet,
  },
  {
    method: 'GET',
    pattern: /^\/catalog\/2022-04-01\/items$/,
    operation: 'searchCatalogItems',
    handle: handleCatalogSearch,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/catalog/2022-04-01/items/${seg}$`),
    operation: 'getCatalogItem',
    handle: handleCatalogGet,
  },
  {
    method: 'GET',
    pattern: /^\/sellers\/v1\/marketplaceParticipations$/,
    operation: 'getMarketplaceParticipations',
    handle: handleParticipations,
  },
  ...ORDER_ROUTES,
  ...pricingRoutes(),
  ...notificationRoutes(),
  ...INBOUND_ROUTES,
  ...reportRoutes(),
];
