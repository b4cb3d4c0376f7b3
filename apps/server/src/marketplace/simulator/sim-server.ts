import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import { type SpApiOperation, USAGE_PLANS } from '../rate-limits.js';
import type { ListingIssue } from '../sp-api.types.js';
import type { FeedRuntime } from './sim-feeds.js';
import { inboundSnapshot, restoreInbound, type SimInboundSnapshot, simInbound } from './sim-inbound.js';
import { authorize, handleToken } from './sim-lwa.js';
import { SimMarket } from './sim-market.js';
import { GRANTLESS_OPERATIONS } from './sim-notifications-api.js';
import { SimOrderBook, type SimOrderBookSnapshot } from './sim-orders.js';
import { ROUTES, type SimRoute } from './sim-routes.js';
import {
  listingKey,
  SANDBOX_APP,
  type SimApp,
  type SimDocument,
  type SimFault,
  type SimFeed,
  type SimFeedMode,
  type SimListing,
  type SimOptions,
  type SimRegion,
  type SimSeller,
} from './sim-state.js';

/** A request as the handlers see it. */
export interface SimReq {
  method: string;
  /** Path without the region prefix. */
  path: string;
  region: SimRegion;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: unknown;
  /** The seller of the access token (SP-API routes only). */
  sellerId: string;
  /** Path parameters of the route. */
  params: string[];
}

/** A handler's answer: JSON `body`, or `text`/`buffer` with their own content type. */
export interface SimRes {
  status: number;
  body?: unknown;
  text?: string;
  buffer?: Buffer;
  headers?: Record<string, string>;
}

/** Amazon's error body. */
export const amazonError = (status: number, code: string, message: string, details = ''): SimRes => ({
  status,
  body: { errors: [{ code, message, details }] },
});

/** Counts tests read (the pipeline's "nothing sent twice" check reads `submissions`). */
export interface SimCounters {
  /** Listing writes received per `seller|marketplace|sku` (put, patch, delete, feed messages). */
  submissions: Map<string, number>;
  /** Requests per operation. */
  requests: Map<string, number>;
  /** 429 answers given by the rate limit (not by injected faults). */
  throttled: number;
  /** Access tokens issued. */
  tokens: number;
}

/** What a sandbox keeps of its simulator across restarts: sellers, listings and orders. */
export interface SimSnapshot {
  v: 1;
  sellers: SimSeller[];
  revokedSellers: string[];
  listings: SimListing[];
  orders: SimOrderBookSnapshot;
  /** FBA inbound plans and stock (absent in snapshots saved before they existed). */
  inbound?: SimInboundSnapshot;
}

/**
 * A loopback Amazon: LWA token endpoint and consent page, the Listings Items, Feeds, Product
 * Type Definitions, Catalog Items and Sellers operations on their real paths (optionally under
 * `/na`, `/eu`, `/fe` to tell the regions apart), rate limits answering 429 with
 * `x-amzn-RateLimit-Limit`, listings per seller x marketplace x SKU in memory, asynchronous
 * feeds with processing reports, and validation against the product type schemas.
 */
export class SpApiSimulator {
  readonly timeScale: number;
  readonly tokenLifetimeSeconds: number;
  readonly apps: SimApp[];
  readonly sellers = new Map<string, SimSeller>();
  readonly codes = new Map<string, { clientId: string; sellerId: string; redirectUri: string; expiresAt: number }>();
  readonly refreshTokens = new Map<string, { sellerId: string; clientId: string }>();
  /** Access tokens: a seller's, or a grantless one of an application (`scope`, empty `sellerId`). */
  readonly accessTokens = new Map<string, { sellerId: string; expiresAt: number; clientId?: string; scope?: string }>();
  readonly listings = new Map<string, SimListing>();
  readonly documents = new Map<string, SimDocument>();
  readonly feeds = new Map<string, SimFeed & FeedRuntime>();
  readonly faults: SimFault[] = [];
  readonly feedMode: SimFeedMode = { slowFactor: 1, neverFinish: false };
  readonly counters: SimCounters = { submissions: new Map(), requests: new Map(), throttled: 0, tokens: 0 };
  readonly options: SimOptions;
  /** Orders of the simulator's listings (`sim-orders.ts`). */
  readonly orders = new SimOrderBook(this);
  /** Products, other sellers' offers and restrictions (Product Pricing, Listings Restrictions; `sim-market.ts`). */
  readonly market: SimMarket = new SimMarket(this);
  /** Image check results per URL. */
  readonly imageCache = new Map<string, Promise<boolean>>();
  /**
   * Issues Amazon adds to every submission of a SKU beyond the simulator's own checks (a test
   * knob, `/__test__/sandbox-listing-issue`): codes the console has never seen.
   */
  readonly extraIssues = new Map<string, ListingIssue[]>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private server: http.Server | undefined;
  url = '';

  constructor(opts: SimOptions = {}) {
    this.options = opts;
    this.timeScale = opts.timeScale ?? 1;
    this.tokenLifetimeSeconds = opts.tokenLifetimeSeconds ?? 3600;
    this.apps = opts.apps ?? [SANDBOX_APP];
  }

  /** Base URL of a region's SP-API endpoint on this simulator (`http://127.0.0.1:port/eu`). */
  endpoint(region: SpApiRegion): string {
    return `${this.url}/${region.toLowerCase()}`;
  }

  /** The LWA token endpoint. */
  get tokenUrl(): string {
    return `${this.url}/auth/o2/token`;
  }

  /** The Seller Central base of the consent page. */
  get sellerCentral(): string {
    return this.url;
  }

  /** Completes a consent without the HTML page: the redirect URL with code, seller and state. */
  authorize(p: {
    applicationId: string;
    state: string;
    redirectUri: string;
    sellerId?: string;
    storeName?: string;
  }): string {
    return authorize(this, p);
  }

  /** Revokes every token of a seller (the seller removed the app in Seller Central). */
  revoke(sellerId: string): void {
    for (const [k, v] of this.refreshTokens) if (v.sellerId === sellerId) this.refreshTokens.delete(k);
    for (const [k, v] of this.accessTokens) if (v.sellerId === sellerId) this.accessTokens.delete(k);
    this.revokedSellers.add(sellerId);
  }

  /** Sellers whose signed refresh tokens were revoked (`refreshTokenKey`). */
  readonly revokedSellers = new Set<string>();

  /** Called after every SP-API operation answered (the sandbox saves its state then). */
  onActivity: (() => void) | undefined;

  /** The state worth keeping across restarts (in-flight feeds and documents are not kept). */
  snapshot(): SimSnapshot {
    return {
      v: 1,
      sellers: [...this.sellers.values()],
      revokedSellers: [...this.revokedSellers],
      listings: [...this.listings.values()],
      orders: this.orders.snapshot(),
      inbound: inboundSnapshot(simInbound(this)),
    };
  }

  /** Puts back a snapshot's sellers, listings and orders. */
  restore(s: SimSnapshot): void {
    if (s.v !== 1) return;
    for (const seller of s.sellers) this.sellers.set(seller.sellerId, seller);
    for (const id of s.revokedSellers) this.revokedSellers.add(id);
    for (const l of s.listings) this.listings.set(listingKey(l.sellerId, l.marketplaceId, l.sku), l);
    this.orders.restore(s.orders);
    if (s.inbound) restoreInbound(simInbound(this), s.inbound);
  }

  /** Queues a fault (429 storm, 5xx, malformed or slow answers). */
  inject(fault: SimFault): void {
    this.faults.push({ ...fault });
  }

  /** Listing writes received for one SKU (0 when none). */
  submissionsOf(sellerId: string, marketplaceId: string, sku: string): number {
    return this.counters.submissions.get(`${sellerId}|${marketplaceId}|${sku}`) ?? 0;
  }

  /** Counts a listing write. */
  countSubmission(sellerId: string, marketplaceId: string, sku: string): void {
    const k = `${sellerId}|${marketplaceId}|${sku}`;
    this.counters.submissions.set(k, (this.counters.submissions.get(k) ?? 0) + 1);
  }

  /** Whether an image URL answers with an image (cached per URL). */
  imageOk(url: string): Promise<boolean> {
    if (this.options.imageCheck) return this.options.imageCheck(url);
    if (!/^https?:\/\//i.test(url)) return Promise.resolve(false);
    let p = this.imageCache.get(url);
    if (!p) {
      p = (async () => {
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
          const type = res.headers.get('content-type') ?? '';
          await res.arrayBuffer();
          return res.ok && type.startsWith('image/');
        } catch {
          return false;
        }
      })();
      this.imageCache.set(url, p);
    }
    return p;
  }

  /** The usage plan the simulator enforces for an operation. */
  plan(op: SpApiOperation): { rate: number; burst: number } {
    return this.options.usagePlans?.[op] ?? USAGE_PLANS[op];
  }

  private takeToken(sellerId: string, op: SpApiOperation): boolean {
    const plan = this.plan(op);
    const key = `${sellerId}|${op}`;
    const now = performance.now();
    const b = this.buckets.get(key) ?? { tokens: plan.burst, at: now };
    b.tokens = Math.min(plan.burst, b.tokens + ((now - b.at) / 1000) * plan.rate * this.timeScale);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private takeFault(op: SpApiOperation | 'lwa' | undefined): SimFault | undefined {
    const i = this.faults.findIndex((f) => f.count > 0 && (!f.operation || f.operation === op));
    if (i < 0) return undefined;
    const f = this.faults[i]!;
    f.count--;
    if (f.count <= 0) this.faults.splice(i, 1);
    return f;
  }

  private async dispatch(req: SimReq, route: SimRoute | undefined): Promise<SimRes> {
    if (!route) return amazonError(404, 'NotFound', 'Resource not found');
    const op = route.operation ?? (route.handle === handleToken ? 'lwa' : undefined);
    const fault = op ? this.takeFault(op) : undefined;
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));
    if (fault?.kind === 'throttle') {
      return {
        ...amazonError(429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.'),
        headers: route.operation ? { 'x-amzn-ratelimit-limit': String(this.plan(route.operation).rate) } : {},
      };
    }
    if (fault?.kind === 'error') {
      const status = fault.status ?? 500;
      return amazonError(
        status,
        status === 503 ? 'ServiceUnavailable' : 'InternalFailure',
        'We encountered an internal error. Please try again.',
      );
    }
    if (fault?.kind === 'malformed')
      return { status: 200, text: '<html>upstream error</html>', headers: { 'content-type': 'text/html' } };
    if (!route.operation) return route.handle(this, req);
    const token = String(req.headers['x-amz-access-token'] ?? '');
    const t = this.accessTokens.get(token);
    if (!t)
      return amazonError(
        403,
        'Unauthorized',
        'Access to requested resource is denied.',
        'The access token you provided is revoked, malformed or invalid.',
      );
    if (t.expiresAt < performance.now()) {
      return amazonError(
        403,
        'Unauthorized',
        'Access to requested resource is denied.',
        'The access token you provided has expired.',
      );
    }
    // A grantless token calls grantless operations only, and those need one (as Amazon answers).
    if (!!t.scope !== GRANTLESS_OPERATIONS.has(route.operation))
      return amazonError(403, 'Unauthorized', 'Access to requested resource is denied.', 'Wrong kind of access token.');
    req.sellerId = t.sellerId;
    const rateHeader = { 'x-amzn-ratelimit-limit': String(this.plan(route.operation).rate) };
    const bucketOp = req.query.get('mode') === 'VALIDATION_PREVIEW' ? 'validationPreview' : route.operation;
    if (!this.takeToken(t.sellerId || `app:${t.clientId}`, bucketOp)) {
      this.counters.throttled++;
      return {
        ...amazonError(429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.'),
        headers: rateHeader,
      };
    }
    const res = await route.handle(this, req);
    this.onActivity?.();
    return { ...res, headers: { ...rateHeader, ...(res.headers ?? {}) } };
  }

  private async onRequest(inReq: http.IncomingMessage, out: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of inReq) chunks.push(c as Buffer);
    let raw = Buffer.concat(chunks);
    if (inReq.headers['content-encoding'] === 'gzip') {
      try {
        raw = gunzipSync(raw);
      } catch {}
    }
    const url = new URL(inReq.url ?? '/', 'http://127.0.0.1');
    let path = url.pathname;
    let region: SimRegion;
    const m = /^\/(na|eu|fe)(\/.*)$/.exec(path);
    if (m) {
      region = m[1]!.toUpperCase() as SpApiRegion;
      path = m[2]!;
    }
    let json: unknown = null;
    const type = String(inReq.headers['content-type'] ?? '');
    if (raw.length && type.includes('json') && !path.startsWith('/_sim/')) {
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = undefined;
      }
    }
    const method = inReq.method ?? 'GET';
    let params: string[] = [];
    const route = ROUTES.find((r) => {
      if (r.method !== method) return false;
      const hit = r.pattern.exec(path);
      if (hit) params = hit.slice(1).map((p) => decodeURIComponent(p));
      return !!hit;
    });
    if (route?.operation)
      this.counters.requests.set(route.operation, (this.counters.requests.get(route.operation) ?? 0) + 1);
    const req: SimReq = {
      method,
      path,
      region,
      query: url.searchParams,
      headers: inReq.headers,
      raw,
      json,
      sellerId: '',
      params,
    };
    let res: SimRes;
    try {
      res =
        json === undefined
          ? amazonError(400, 'InvalidInput', 'The request body is not valid JSON.')
          : await this.dispatch(req, route);
    } catch (err) {
      res = amazonError(500, 'InternalFailure', err instanceof Error ? err.message : 'error');
    }
    const headers: Record<string, string> = { 'x-amzn-requestid': crypto.randomUUID(), ...(res.headers ?? {}) };
    if (res.buffer) {
      out.writeHead(res.status, { 'content-type': 'application/octet-stream', ...headers });
      out.end(res.buffer);
    } else if (res.text !== undefined) {
      out.writeHead(res.status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      out.end(res.text);
    } else {
      out.writeHead(res.status, { 'content-type': 'application/json', ...headers });
      out.end(res.body === undefined ? '' : JSON.stringify(res.body));
    }
  }

  /** Starts listening (default 127.0.0.1 on a free port); `url` is set afterwards. */
  async listen(): Promise<this> {
    const server = http.createServer((req, res) => {
      this.onRequest(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, host, resolve);
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return this;
  }

  /** Stops the server and every pending feed timer. */
  async close(): Promise<void> {
    for (const f of this.feeds.values()) for (const t of f.timers) clearTimeout(t);
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Starts a simulator in this process on loopback (tests, sandbox shops). */
export function startSpApiSimulator(opts: SimOptions = {}): Promise<SpApiSimulator> {
  return new SpApiSimulator(opts).listen();
}

export type { SimDocument, SimFeed };
