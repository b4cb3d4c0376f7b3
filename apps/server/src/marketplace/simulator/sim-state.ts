import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { SpApiOperation } from '../rate-limits.js';
import type { Feed, ListingAttributes, ListingIssue, ListingsRequirements } from '../sp-api.types.js';

/** An application registered with the simulator's LWA (client id and secret, and the consent URL's app id). */
export interface SimApp {
  clientId: string;
  clientSecret: string;
  appId: string;
}

/** The sandbox application every simulator knows (the offline demo's credentials). */
export const SANDBOX_APP: SimApp = {
  clientId: 'amzn1.application-oa2-client.sandbox0000000000000000',
  clientSecret: 'amzn1.oa2-cs.v1.sandbox-secret',
  appId: 'amzn1.sp.solution.sandbox-0000-0000-0000-000000000000',
};

/** A seller that authorized an app through the consent page. */
export interface SimSeller {
  sellerId: string;
  storeName: string;
}

/** The key of a listing in `SpApiSimulator.listings`. */
export const listingKey = (seller: string, marketplaceId: string, sku: string) => `${seller}|${marketplaceId}|${sku}`;

/** A listing stored per seller x marketplace x SKU. */
export interface SimListing {
  sellerId: string;
  marketplaceId: string;
  sku: string;
  productType: string;
  attributes: ListingAttributes;
  asin: string;
  createdDate: string;
  lastUpdatedDate: string;
  /** Warnings found when it was accepted (errors never get stored). */
  issues: ListingIssue[];
  /** `LISTING_OFFER_ONLY` for an offer on another seller's ASIN (follow-selling). */
  requirements?: ListingsRequirements;
}

/** A feed document: uploaded input or generated result. */
export interface SimDocument {
  id: string;
  contentType: string;
  content: Buffer | null;
  /** Result documents are served gzip-compressed. */
  gzip: boolean;
}

/** A feed and its processing. */
export interface SimFeed extends Feed {
  sellerId: string;
  inputFeedDocumentId: string;
}

/**
 * A fault to answer with instead of the real operation: a 429 storm, server errors, a
 * malformed 200 or a slow answer. `count` answers, for one operation or all.
 */
export interface SimFault {
  kind: 'throttle' | 'error' | 'malformed' | 'slow';
  count: number;
  operation?: SpApiOperation | 'lwa';
  /** HTTP status of `error` (default 500). */
  status?: number;
  /** Delay of `slow` answers in real milliseconds (not scaled). */
  delayMs?: number;
}

/** How feeds behave (test knobs). */
export interface SimFeedMode {
  /** Multiplies the processing times. */
  slowFactor: number;
  /** Feeds created while set stay IN_PROGRESS forever. */
  neverFinish: boolean;
}

/** Simulator settings. */
export interface SimOptions {
  /** Listen port (0: any free port). */
  port?: number;
  host?: string;
  /** Rate limits, token lifetimes and feed processing run this many times faster. */
  timeScale?: number;
  /** Applications known to LWA (default: the sandbox app). */
  apps?: SimApp[];
  /** Seconds an access token lives (default 3600, Amazon's). */
  tokenLifetimeSeconds?: number;
  /** Feed times in seconds at scale 1: in queue, then processing. */
  feedQueueSeconds?: number;
  feedProcessSeconds?: number;
  /** Usage plans differing from the models' (a seller granted more). */
  usagePlans?: Partial<Record<SpApiOperation, { rate: number; burst: number }>>;
  /** Image URLs are fetched to check them; tests may stub the check. */
  imageCheck?: (url: string) => Promise<boolean>;
  /**
   * Signs refresh tokens with this key instead of remembering them, so they stay valid when
   * the simulator restarts (the in-server simulator of sandbox shops: a restarted console
   * keeps its sandbox shops authorized). Revocations are still remembered in memory only.
   */
  refreshTokenKey?: Buffer;
  /** Invent a product with offers for every unknown `B0` ASIN (default true; `sim-market.ts`). */
  inventProducts?: boolean;
}

/** The region a request's base path names (`/na`, `/eu`, `/fe`), or undefined for the bare base. */
export type SimRegion = SpApiRegion | undefined;
