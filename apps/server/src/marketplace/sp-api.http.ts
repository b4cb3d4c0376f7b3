import { SP_API_ENDPOINTS, type SpApiRegion } from '@console/shared/constants/marketplaces';
import { spApiCalls, spApiOutcome, spApiThrottles } from '../lib/metrics.js';
import { backoffMs, DEFAULT_RETRY, parseJson, type RetryPolicy, sendOnce, sleep } from './http-retry.js';
import type { AccessTokenCache, LwaClient } from './lwa.client.js';
import type { RateLimitScheduler } from './rate-limit.scheduler.js';
import type { SpApiOperation } from './rate-limits.js';
import type { Checked } from './shape.js';
import { errorItems, SpApiError, type SpApiErrorKind } from './sp-api.errors.js';

/** A bound shop as the client needs it. The shops module (issue 14 §1) builds these from its rows. */
export interface SpApiShop {
  /** Stable key of the shop for the access-token cache (the shop's id). */
  key: string;
  /** Amazon's `selling_partner_id`: the seller of `sellerId` path parameters and of the rate-limit buckets. */
  sellingPartnerId: string;
  region: SpApiRegion;
  /** The stored refresh token, decrypted; called only when a new access token is needed. */
  refreshToken: () => string | Promise<string>;
  /** Overrides the region's endpoint (sandbox shops: the simulator's `/<region>` base). */
  endpoint?: string;
  /**
   * Grantless: the access token comes from the `client_credentials` grant with this scope
   * instead of a seller's refresh token (`grantlessCaller`, Notifications API destinations).
   */
  grantlessScope?: string;
}

/** What every client of the process shares: LWA, the token cache, the scheduler and the retry settings. */
export interface SpApiDeps {
  lwa: LwaClient;
  tokens: AccessTokenCache;
  scheduler: RateLimitScheduler;
  /** Endpoints per region overriding Amazon's (`SPAPI_ENDPOINT`). */
  endpoints?: Partial<Record<SpApiRegion, string>>;
  retry?: RetryPolicy;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** `User-Agent`: Amazon asks for `AppName/Version (Language=...)`. */
  userAgent?: string;
}

/** One SP-API request. */
export interface SpApiRequest<T> {
  operation: SpApiOperation;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  /** Checks the parsed 2xx body (`shape.ts`): typed, or a short Chinese reason why it is malformed. */
  check: (body: unknown) => Checked<T>;
  /** Bucket of another operation (VALIDATION_PREVIEW uses its own 1 rps plan). */
  bucket?: SpApiOperation;
  /** A POST that only reads (the pricing batch): retried after timeouts and 5xx like a GET. */
  retryAsRead?: boolean;
  /** Give up (kind `deferred`) instead of waiting longer than this for a rate-limit slot. */
  maxWaitMs?: number;
  /** A Restricted Data Token sent instead of the shop's access token (no refresh on 401/403). */
  accessToken?: string;
}

/** A successful answer: the typed body and the request id Amazon gave it. */
export interface SpApiAnswer<T> {
  body: T;
  status: number;
  requestId: string | null;
}

/** Statuses after which a request that may have changed something is retried anyway. */
const SAFE_FOR_POST = new Set([429, 503]);

function queryString(q: SpApiRequest<unknown>['query']): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined) continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * The SP-API transport of one shop: base URL of its region, LWA access token in
 * `x-amz-access-token`, one rate-limit slot per attempt, retries of 429 and 5xx with backoff
 * and jitter (bounded by the retry policy; a POST only after 429/503, which Amazon did not
 * process), one token refresh after a 401/403, and Amazon's errors turned into `SpApiError`
 * with a Chinese message.
 */
export class SpApiHttp {
  constructor(
    readonly shop: SpApiShop,
    private readonly deps: SpApiDeps,
  ) {}

  /** The base URL the shop's requests go to. */
  get baseUrl(): string {
    return (
      this.shop.endpoint ??
      this.deps.endpoints?.[this.shop.region] ??
      SP_API_ENDPOINTS[this.shop.region]
    ).replace(/\/+$/, '');
  }

  private accessToken(): Promise<string> {
    const scope = this.shop.grantlessScope;
    return this.deps.tokens.get(this.shop.key, async () =>
      scope ? this.deps.lwa.clientCredentials(scope) : this.deps.lwa.refreshAccessToken(await this.shop.refreshToken()),
    );
  }

  /** Sends a request as described, returning the checked body or throwing `SpApiError`. */
  async send<T>(req: SpApiRequest<T>): Promise<SpApiAnswer<T>> {
    const policy = this.deps.retry ?? DEFAULT_RETRY;
    const scheduler = this.deps.scheduler;
    const seller = this.shop.sellingPartnerId;
    const bucket = req.bucket ?? req.operation;
    const idempotent = req.method !== 'POST' || req.retryAsRead === true;
    const url = `${this.baseUrl}${req.path}${queryString(req.query)}`;
    let refreshed = false;
    let tried = 0;
    let last: { kind: SpApiErrorKind; status?: number; errors?: ReturnType<typeof errorItems>; detail?: string } = {
      kind: 'network',
    };
    for (let attempt = 0; attempt < policy.attempts; attempt++) {
      if (attempt > 0) await sleep(backoffMs(policy, attempt - 1, scheduler.scale));
      // The token first: a refresh between booking a slot and using it would send the request
      // late, and requests sent late bunch up beyond what Amazon's bucket holds.
      if (!req.accessToken) await this.accessToken();
      const slot = await scheduler.reserve(seller, bucket, { maxWaitMs: req.maxWaitMs });
      if (!slot.granted) {
        throw SpApiError.of('deferred', { operation: req.operation, waitMs: slot.waitMs, attempts: attempt });
      }
      await sleep(slot.waitMs);
      const token = req.accessToken ?? (await this.accessToken());
      const headers: Record<string, string> = {
        'x-amz-access-token': token,
        'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        'user-agent': this.deps.userAgent ?? 'StoreGroupConsole/1.0 (Language=TypeScript)',
        accept: 'application/json',
      };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const a = await sendOnce(
        url,
        { method: req.method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) },
        this.deps.timeoutMs ?? 30_000,
      );
      tried++;
      spApiCalls.inc({ operation: req.operation, outcome: spApiOutcome(a) });
      const attempts = tried;
      if (typeof a === 'string') {
        last = { kind: a };
        // A request that timed out may have been processed: a POST is not sent twice.
        if (!idempotent && a === 'timeout') break;
        continue;
      }
      await scheduler.observe(seller, bucket, a.headers.get('x-amzn-ratelimit-limit'));
      const json = parseJson(a.text);
      const errors = errorItems(json);
      if (a.status >= 200 && a.status < 300) {
        // 204 No Content (confirmShipment) has no body to check.
        const checked: Checked<T> =
          a.status === 204 && !a.text
            ? req.check(null)
            : json === undefined
              ? { ok: false, reason: '不是JSON' }
              : req.check(json);
        if (!checked.ok) {
          last = { kind: 'malformed', status: a.status, detail: checked.reason };
          if (!idempotent) break;
          continue;
        }
        return { body: checked.value, status: a.status, requestId: a.headers.get('x-amzn-requestid') };
      }
      if (a.status === 429) {
        spApiThrottles.inc({ operation: req.operation });
        await scheduler.throttled(seller, bucket);
        last = { kind: 'throttled', status: 429, errors };
        continue;
      }
      if (a.status >= 500) {
        last = { kind: 'unavailable', status: a.status, errors };
        if (!idempotent && !SAFE_FOR_POST.has(a.status)) break;
        continue;
      }
      if ((a.status === 401 || a.status === 403) && !refreshed && !req.accessToken) {
        // An access token Amazon no longer accepts (expired early, app re-authorized): refresh once.
        refreshed = true;
        this.deps.tokens.invalidate(this.shop.key);
        attempt--;
        continue;
      }
      const detail = errors[0] ? `${errors[0].code}: ${errors[0].message}` : `HTTP ${a.status}`;
      const kind: SpApiErrorKind =
        a.status === 401 || a.status === 403 ? 'unauthorized' : a.status === 404 ? 'not_found' : 'rejected';
      throw SpApiError.of(kind, { operation: req.operation, status: a.status, attempts, errors, detail });
    }
    throw SpApiError.of(last.kind, {
      operation: req.operation,
      status: last.status,
      errors: last.errors,
      detail: last.detail,
      attempts: tried,
    });
  }
}
