import path from 'node:path';

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL; when unset an embedded server runs in `dataDir/pg`. */
  databaseUrl: string | undefined;
  /** Port of the embedded PostgreSQL server; unset: 54329 if free, else any free port. */
  pgPort: number | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Platform-operator account ids (spec section 6 "internal company"). */
  internalIds: number[];
  /** Serve the built web app from this folder when it exists. */
  webDist: string;
  /** Cookies get `Secure` when true (serve over https). */
  cookieSecure: boolean;
  /** Trust X-Forwarded-* from a reverse proxy. */
  trustProxy: boolean;
  /** Background jobs run in this process (0 for web-only nodes). */
  workers: boolean;
  /**
   * The API and the web app are served (WEB, default on; off for worker-only nodes, which
   * answer only `/PDD/health`, `/PDD/ready` and `/PDD/metrics`; docs/deploy.md "Several processes").
   */
  web: boolean;
  /**
   * Seconds between heartbeats of a worker process (JOB_HEARTBEAT_SECONDS, default 10); the
   * jobs of a process silent for 4.5 heartbeats are taken back (docs/architecture.md "Jobs").
   */
  jobHeartbeatSeconds: number;
  /** Minutes between scheduled FBA stock syncs of a shop x marketplace (FBA_STOCK_SYNC_MINUTES, default 30; docs/fba.md). */
  fbaStockSyncMinutes: number;
  /** Hours between scheduled fetches of each shop's seller performance and feedback reports (SELLER_REPORT_HOURS, default 24, 0 none; docs/reports.md). */
  sellerReportHours: number;
  /**
   * Keep live sessions in memory, invalidated by PostgreSQL LISTEN/NOTIFY (off behind a
   * transaction-pooling proxy such as PgBouncer, where LISTEN does not work).
   */
  sessionCache: boolean;
  /** Prometheus metrics at `GET /PDD/metrics` (METRICS; off: 404). docs/operations.md "Health and metrics". */
  metrics: boolean;
  /** METRICS_TOKEN: when set, the metrics answer only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Test-only endpoints (captcha answers) — never set in production. */
  testHooks: boolean;
  /**
   * TEST_JOB_HOLD (only with TEST_HOOKS): job kinds whose first run stops at its first progress
   * report past 0 and never goes on, so a test can kill the process halfway (multi-process test).
   */
  testJobHold: string[];
  /** Largest accepted upload in bytes. */
  maxUploadBytes: number;
  /** Items per marketplace up to which an upload queue uses Listings Items calls; above, JSON_LISTINGS_FEED documents. */
  uploadFeedThreshold: number;
  /**
   * Lets server-side fetches of remote images reach loopback addresses. Only for tests,
   * whose image host runs on 127.0.0.1; private and link-local ranges stay refused.
   */
  fetchAllowLoopback: boolean;
  /** Machine translation service (`none`: translate calls explain how to configure one). */
  translateProvider: TranslateProviderSetting;
  translateApiKey: string;
  /** Overrides the provider's endpoint (self-hosted LibreTranslate, proxies, simulators). */
  translateBaseUrl: string | undefined;
  /** Model name for an OpenAI-compatible endpoint. */
  translateModel: string | undefined;
  /** First retry delay for 429/5xx provider answers (doubles per try). */
  translateRetryBaseMs: number;
  /** Where images and finished export files live (`docs/storage.md`). */
  storage: StorageSetting;
  /** The Amazon SP-API connection (`docs/marketplace.md`). */
  spapi: SpApiSetting;
  /**
   * Key that encrypts stored credentials (shops' refresh tokens): 32 bytes as 64 hex digits or
   * base64. Unset: generated once into `DATA_DIR/secret.key` (mode 0600). See docs/shops.md.
   */
  secretKey: string | undefined;
  /** Earlier keys, still accepted for reading after a rotation (comma-separated). */
  secretKeyPrevious: string[];
  /** The console's address as browsers reach it (for Amazon's redirect back); unset: taken from the request. */
  publicUrl: string | undefined;
  /** The SQS queue Amazon delivers notifications to (`SQS_*`, `AWS_*`; docs/monitor.md); unset: real shops are polled only. */
  sqs: SqsSetting | undefined;
  /** The consolidator that creates waybills and labels (`docs/logistics.md` "Carriers"). */
  carrier: CarrierSetting;
  /** The 1688 purchase channel (`docs/orders.md` "1688"). */
  ali1688: Ali1688Setting;
}

/** CARRIER_API_*: a consolidator's API; no URL: the built-in loopback carrier simulator. */
export interface CarrierSetting {
  apiUrl: string | undefined;
  apiKey: string;
}

/**
 * ALI1688_*: `baseUrl` + `appKey` the real 1688 API (or a compatible endpoint); `demo`
 * (`ALI1688=demo`) the built-in simulator shipping after `demoShipMs`; neither: no channel.
 * `appSecret` and `authorizeUrl` serve a tenant's connection of its own 1688 buyer account
 * (OAuth, docs/ali1688.md).
 */
export interface Ali1688Setting {
  baseUrl: string | undefined;
  appKey: string;
  /** ALI1688_APP_SECRET: the app's secret for the OAuth token exchange. */
  appSecret: string;
  /** ALI1688_AUTHORIZE_URL: 1688's authorize page (default `https://auth.1688.com/oauth/authorize`). */
  authorizeUrl: string;
  demo: boolean;
  demoShipMs: number;
}

/** Where Amazon's notifications (ANY_OFFER_CHANGED) arrive: an SQS queue of the console's AWS account. */
export interface SqsSetting {
  /** `SQS_QUEUE_URL`: the queue the consumer reads. */
  queueUrl: string;
  /** `SQS_QUEUE_ARN`: the same queue as the Notifications API destination names it. */
  queueArn: string;
  /** `AWS_REGION` (default: the ARN's region). */
  region: string;
  /** `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`; unset: the AWS SDK's default chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `SQS_ENDPOINT`: another SQS endpoint (the loopback simulator, a proxy). */
  endpoint: string | undefined;
}

const SQS_ARN = /^arn:aws[a-z-]*:sqs:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,80}(\.fifo)?)$/;

/** Reads SQS_QUEUE_URL, SQS_QUEUE_ARN, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and SQS_ENDPOINT. */
export function sqsSetting(env: NodeJS.ProcessEnv): SqsSetting | undefined {
  const queueUrl = httpUrl(env.SQS_QUEUE_URL, 'SQS_QUEUE_URL');
  const queueArn = env.SQS_QUEUE_ARN?.trim() || undefined;
  if (!queueUrl && !queueArn) return undefined;
  if (!queueUrl || !queueArn)
    throw new Error('SQS_QUEUE_URL and SQS_QUEUE_ARN must be set together (see docs/monitor.md)');
  const m = SQS_ARN.exec(queueArn);
  if (!m) throw new Error(`SQS_QUEUE_ARN must look like arn:aws:sqs:us-east-1:123456789012:name, got "${queueArn}"`);
  const region = env.AWS_REGION?.trim() || m[1]!;
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`AWS_REGION must look like us-east-1, got "${region}"`);
  const id = env.AWS_ACCESS_KEY_ID?.trim();
  const secret = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (!!id !== !!secret) throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  return {
    queueUrl,
    queueArn,
    region,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    endpoint: httpUrl(env.SQS_ENDPOINT, 'SQS_ENDPOINT'),
  };
}

/** SPAPI_* settings: the application's credentials, endpoints and the time scale. */
export interface SpApiSetting {
  /** LWA client id of the SP-API application (empty: only sandbox shops can be bound). */
  clientId: string;
  clientSecret: string;
  /** The application id of the consent URL (`amzn1.sp.solution...`). */
  appId: string;
  /** Consent URLs get `version=beta` (an application not yet published in the Appstore). */
  beta: boolean;
  /** LWA token endpoint (default Amazon's). */
  lwaUrl: string | undefined;
  /** One base URL for every region instead of Amazon's regional endpoints (a proxy). */
  endpoint: string | undefined;
  /** Rate limits, backoffs and token lifetimes run this many times faster (tests, benchmarks). */
  timeScale: number;
  /** Per-attempt timeout of a call to Amazon. */
  timeoutMs: number;
  /**
   * Orders per hour per marketplace that the sandbox Amazon makes for a sandbox shop's live
   * listings (SANDBOX_ORDERS_PER_HOUR; 0: none; absent: `SANDBOX_ORDERS_PER_HOUR` of sandbox.ts).
   */
  sandboxOrdersPerHour?: number;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** A number of at least 0 (fractions allowed), or undefined when unset. */
export function nonNegativeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of 0 or more, got "${value}"`);
  return n;
}

function httpUrl(value: string | undefined, name: string): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** Reads the SPAPI_* variables. */
export function spApiSetting(env: NodeJS.ProcessEnv): SpApiSetting {
  return {
    clientId: env.SPAPI_CLIENT_ID?.trim() ?? '',
    clientSecret: env.SPAPI_CLIENT_SECRET?.trim() ?? '',
    appId: env.SPAPI_APP_ID?.trim() ?? '',
    beta: bool(env.SPAPI_APP_BETA, false),
    lwaUrl: httpUrl(env.SPAPI_LWA_URL, 'SPAPI_LWA_URL'),
    endpoint: httpUrl(env.SPAPI_ENDPOINT, 'SPAPI_ENDPOINT'),
    timeScale: positiveNumber(env.SPAPI_TIME_SCALE, 1, 'SPAPI_TIME_SCALE'),
    timeoutMs: positiveNumber(env.SPAPI_TIMEOUT_MS, 30_000, 'SPAPI_TIMEOUT_MS'),
    sandboxOrdersPerHour: nonNegativeNumber(env.SANDBOX_ORDERS_PER_HOUR, 'SANDBOX_ORDERS_PER_HOUR'),
  };
}

/** Values of STORAGE. */
export const STORAGE_KINDS = ['local', 's3'] as const;

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Aliyun OSS ...). */
export interface S3Setting {
  kind: 's3';
  /** Unset: AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO). */
  forcePathStyle: boolean;
  /** Put before every key: `''` or a folder ending in `/`. */
  prefix: string;
}

/** STORAGE=local (files under DATA_DIR) or STORAGE=s3. */
export type StorageSetting = { kind: 'local' } | S3Setting;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/;

/** Reads STORAGE and the S3_* variables; anything missing or malformed stops the start with the variable's name. */
export function storageSetting(env: NodeJS.ProcessEnv): StorageSetting {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE must be one of ${STORAGE_KINDS.join(', ')}, got "${env.STORAGE}"`);
  const need = (name: string) => {
    const v = env[name]?.trim();
    if (!v) throw new Error(`STORAGE=s3 needs ${name} (see docs/storage.md)`);
    return v;
  };
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT?.trim()) {
    const raw = env.S3_ENDPOINT.trim();
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
      throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://s3.example.com, got "${raw}"`);
    endpoint = raw.replace(/\/+$/, '');
  }
  // AWS needs the bucket's region; other services accept any (MinIO's default is us-east-1, R2 uses "auto").
  const region = endpoint ? env.S3_REGION?.trim() || 'us-east-1' : need('S3_REGION');
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`S3_REGION must look like us-east-1, got "${region}"`);
  const bucket = need('S3_BUCKET');
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw new Error(`S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -), got "${bucket}"`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && (!PREFIX.test(prefix) || prefix.split('/').some((p) => p === '.' || p === '..')))
    throw new Error(
      `S3_PREFIX must be a folder name like console/images (letters, digits, !_.*'()- and /), got "${env.S3_PREFIX}"`,
    );
  return {
    kind: 's3',
    endpoint,
    region,
    bucket,
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: strictBool(env.S3_FORCE_PATH_STYLE, false, 'S3_FORCE_PATH_STYLE'),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** Values of TRANSLATE_PROVIDER. */
export const TRANSLATE_PROVIDERS = ['google', 'deepl', 'libretranslate', 'openai', 'demo', 'none'] as const;
export type TranslateProviderSetting = (typeof TRANSLATE_PROVIDERS)[number];

function translateProvider(value: string | undefined): TranslateProviderSetting {
  const v = (value || 'none').toLowerCase();
  const found = TRANSLATE_PROVIDERS.find((p) => p === v);
  if (!found) throw new Error(`TRANSLATE_PROVIDER must be one of ${TRANSLATE_PROVIDERS.join(', ')}, got "${value}"`);
  return found;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function strictBool(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** Reads the configuration from an environment (defaults for a local install). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    pgPort: env.PG_PORT ? int(env.PG_PORT, 0, 'PG_PORT') : undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    internalIds: (env.INTERNAL_COMPANY_IDS ?? '1')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => int(s, 0, 'INTERNAL_COMPANY_IDS')),
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    workers: bool(env.WORKERS, true),
    web: strictBool(env.WEB, true, 'WEB'),
    jobHeartbeatSeconds: positiveNumber(env.JOB_HEARTBEAT_SECONDS, 10, 'JOB_HEARTBEAT_SECONDS'),
    fbaStockSyncMinutes: positiveNumber(env.FBA_STOCK_SYNC_MINUTES, 30, 'FBA_STOCK_SYNC_MINUTES'),
    // 0: no scheduled fetch (刷新 only); the browser tests' shared server runs so.
    sellerReportHours:
      env.SELLER_REPORT_HOURS?.trim() === '0' ? 0 : positiveNumber(env.SELLER_REPORT_HOURS, 24, 'SELLER_REPORT_HOURS'),
    sessionCache: bool(env.SESSION_CACHE, true),
    metrics: strictBool(env.METRICS, false, 'METRICS'),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    testHooks: bool(env.TEST_HOOKS, false),
    testJobHold: (env.TEST_JOB_HOLD ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    maxUploadBytes: int(env.MAX_UPLOAD_MB, 10, 'MAX_UPLOAD_MB') * 1024 * 1024,
    uploadFeedThreshold: int(env.UPLOAD_FEED_THRESHOLD, 50, 'UPLOAD_FEED_THRESHOLD'),
    fetchAllowLoopback: bool(env.FETCH_ALLOW_LOOPBACK, false),
    translateProvider: translateProvider(env.TRANSLATE_PROVIDER),
    translateApiKey: env.TRANSLATE_API_KEY || '',
    translateBaseUrl: env.TRANSLATE_BASE_URL || undefined,
    translateModel: env.TRANSLATE_MODEL || undefined,
    translateRetryBaseMs: int(env.TRANSLATE_RETRY_BASE_MS, 500, 'TRANSLATE_RETRY_BASE_MS'),
    storage: storageSetting(env),
    spapi: spApiSetting(env),
    secretKey: env.SECRET_KEY?.trim() || undefined,
    secretKeyPrevious: (env.SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: publicUrl(env.PUBLIC_URL),
    sqs: sqsSetting(env),
    carrier: { apiUrl: httpUrl(env.CARRIER_API_URL, 'CARRIER_API_URL'), apiKey: env.CARRIER_API_KEY?.trim() ?? '' },
    ali1688: {
      baseUrl: httpUrl(env.ALI1688_BASE_URL, 'ALI1688_BASE_URL'),
      appKey: env.ALI1688_APP_KEY?.trim() ?? '',
      appSecret: env.ALI1688_APP_SECRET?.trim() ?? '',
      authorizeUrl:
        httpUrl(env.ALI1688_AUTHORIZE_URL, 'ALI1688_AUTHORIZE_URL') ?? 'https://auth.1688.com/oauth/authorize',
      demo: env.ALI1688 === 'demo',
      demoShipMs: positiveNumber(env.ALI1688_DEMO_SHIP_MS, 60_000, 'ALI1688_DEMO_SHIP_MS'),
    },
  };
}

function publicUrl(value: string | undefined): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://console.example.com, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}
