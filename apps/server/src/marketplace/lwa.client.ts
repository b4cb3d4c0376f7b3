import { LWA_TOKEN_URL } from '@console/shared/constants/marketplaces';
import { backoffMs, DEFAULT_RETRY, parseJson, type RetryPolicy, sendOnce, sleep } from './http-retry.js';
import { SpApiError } from './sp-api.errors.js';
import type { LwaErrorBody, LwaTokenResponse } from './sp-api.types.js';

/** The application's LWA credentials (`SPAPI_CLIENT_ID`, `SPAPI_CLIENT_SECRET`). */
export interface LwaCredentials {
  clientId: string;
  clientSecret: string;
}

/** Options of an LWA client. */
export interface LwaClientOptions {
  credentials: LwaCredentials;
  /** The token endpoint (default Amazon's; the simulator's for sandbox shops and tests). */
  tokenUrl?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Time scale dividing backoffs. */
  scale?: number;
}

/**
 * Login with Amazon: exchanges an authorization code (website authorization workflow) or a
 * refresh token for tokens at the token endpoint, form-encoded as Amazon documents
 * (`grant_type`, `code` + `redirect_uri` or `refresh_token`, `client_id`, `client_secret`).
 */
export class LwaClient {
  readonly tokenUrl: string;

  constructor(private readonly opts: LwaClientOptions) {
    this.tokenUrl = opts.tokenUrl ?? LWA_TOKEN_URL;
  }

  /** The `spapi_oauth_code` of the consent redirect -> refresh and access token (the code is valid 5 minutes). */
  async exchangeAuthorizationCode(
    code: string,
    redirectUri?: string,
  ): Promise<LwaTokenResponse & { refresh_token: string }> {
    const form: Record<string, string> = { grant_type: 'authorization_code', code };
    if (redirectUri) form.redirect_uri = redirectUri;
    const t = await this.post(form);
    if (!t.refresh_token) throw SpApiError.of('malformed', { operation: 'lwa', detail: 'refresh_token 缺失' });
    return { ...t, refresh_token: t.refresh_token };
  }

  /** The application's LWA client id (grantless rate-limit buckets are per application). */
  get clientId(): string {
    return this.opts.credentials.clientId;
  }

  /**
   * A grantless access token (`client_credentials` grant with a `scope`, e.g.
   * `sellingpartnerapi::notifications`): for operations that act for the application, not for a
   * seller (createDestination, getDestinations, deleteSubscriptionById).
   */
  clientCredentials(scope: string): Promise<LwaTokenResponse> {
    return this.post({ grant_type: 'client_credentials', scope });
  }

  /** A fresh access token (valid `expires_in` seconds, usually 3600) for a stored refresh token. */
  refreshAccessToken(refreshToken: string): Promise<LwaTokenResponse> {
    return this.post({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async post(form: Record<string, string>): Promise<LwaTokenResponse> {
    const policy = this.opts.retry ?? DEFAULT_RETRY;
    const body = new URLSearchParams({
      ...form,
      client_id: this.opts.credentials.clientId,
      client_secret: this.opts.credentials.clientSecret,
    }).toString();
    let last: SpApiError | undefined;
    for (let attempt = 0; attempt < policy.attempts; attempt++) {
      if (attempt > 0) await sleep(backoffMs(policy, attempt - 1, this.opts.scale ?? 1));
      const a = await sendOnce(
        this.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
          body,
        },
        this.opts.timeoutMs ?? 30_000,
      );
      const attempts = attempt + 1;
      if (typeof a === 'string') {
        last = SpApiError.of(a, { operation: 'lwa', attempts });
        continue;
      }
      const json = parseJson(a.text);
      if (a.status === 429 || a.status >= 500) {
        last = SpApiError.of(a.status === 429 ? 'throttled' : 'unavailable', {
          operation: 'lwa',
          status: a.status,
          attempts,
        });
        continue;
      }
      if (a.status >= 400) {
        const err = (json ?? {}) as Partial<LwaErrorBody>;
        const kind =
          err.error === 'invalid_grant'
            ? 'invalid_grant'
            : err.error === 'invalid_client'
              ? 'invalid_client'
              : 'rejected';
        throw SpApiError.of(kind, {
          operation: 'lwa',
          status: a.status,
          attempts,
          detail: err.error_description ?? err.error,
          errors: [{ code: String(err.error ?? a.status), message: String(err.error_description ?? '') }],
        });
      }
      const t = json as Partial<LwaTokenResponse> | undefined;
      if (!t || typeof t.access_token !== 'string' || typeof t.expires_in !== 'number' || !(t.expires_in > 0)) {
        last = SpApiError.of('malformed', { operation: 'lwa', status: a.status, attempts, detail: '令牌应答' });
        continue;
      }
      return t as LwaTokenResponse;
    }
    throw last!;
  }
}

/**
 * Access tokens per shop, kept until shortly before they expire (60 s early, scaled), in
 * this process's memory. Concurrent callers of one shop share one refresh. Tokens are never
 * written anywhere: a restarted process simply refreshes again.
 */
export class AccessTokenCache {
  private readonly entries = new Map<string, { token: string; until: number }>();
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly scale = 1,
    private readonly marginSeconds = 60,
  ) {}

  /** The shop's cached token, or a new one from `refresh` when none is valid. */
  async get(shopKey: string, refresh: () => Promise<LwaTokenResponse>): Promise<string> {
    const hit = this.entries.get(shopKey);
    if (hit && hit.until > performance.now()) return hit.token;
    const running = this.inflight.get(shopKey);
    if (running) return running;
    const p = (async () => {
      try {
        const t = await refresh();
        const life = t.expires_in > 2 * this.marginSeconds ? t.expires_in - this.marginSeconds : t.expires_in / 2;
        this.entries.set(shopKey, { token: t.access_token, until: performance.now() + (life * 1000) / this.scale });
        return t.access_token;
      } finally {
        this.inflight.delete(shopKey);
      }
    })();
    this.inflight.set(shopKey, p);
    return p;
  }

  /** Forgets a shop's token (Amazon refused it, or the shop was re-authorized or removed). */
  invalidate(shopKey: string): void {
    this.entries.delete(shopKey);
  }
}
