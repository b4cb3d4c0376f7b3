import type { SpApiSetting } from '../config.js';
import type { Database } from '../db/database.js';
import { AccessTokenCache, LwaClient, type LwaCredentials } from './lwa.client.js';
import { PgRateLimitScheduler, type RateLimitScheduler } from './rate-limit.scheduler.js';
import type { SpApiDeps } from './sp-api.http.js';

/**
 * The SP-API parts one server process shares, built from the SPAPI_* settings: the LWA
 * client of the application, the access-token cache and the PostgreSQL scheduler. A sandbox
 * shop gets its own LWA client pointed at the simulator (`credentials`, `lwaUrl`) but the
 * same scheduler and cache. `db` may be null only where `overrides.scheduler` is given
 * (tests keeping rate limits in memory).
 */
export function createSpApiDeps(
  setting: SpApiSetting,
  db: Database | null,
  overrides: { credentials?: LwaCredentials; lwaUrl?: string; scheduler?: RateLimitScheduler } = {},
): SpApiDeps {
  const scale = setting.timeScale;
  return {
    lwa: new LwaClient({
      credentials: overrides.credentials ?? { clientId: setting.clientId, clientSecret: setting.clientSecret },
      tokenUrl: overrides.lwaUrl ?? setting.lwaUrl,
      timeoutMs: setting.timeoutMs,
      scale,
    }),
    tokens: new AccessTokenCache(scale),
    scheduler: overrides.scheduler ?? pgScheduler(db, scale),
    endpoints: setting.endpoint ? { NA: setting.endpoint, EU: setting.endpoint, FE: setting.endpoint } : undefined,
    timeoutMs: setting.timeoutMs,
  };
}

const live = new WeakMap<SpApiSetting, SpApiDeps>();

/** The SP-API parts of real shops in this process (one token cache and scheduler per setting). */
export function liveSpApiDeps(setting: SpApiSetting, db: Database): SpApiDeps {
  let d = live.get(setting);
  if (!d) {
    d = createSpApiDeps(setting, db);
    live.set(setting, d);
  }
  return d;
}

function pgScheduler(db: Database | null, scale: number): RateLimitScheduler {
  if (!db) throw new Error('createSpApiDeps: without a database a scheduler must be given');
  return new PgRateLimitScheduler(db, scale);
}
