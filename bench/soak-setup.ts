/**
 * The world of `bench/soak.ts` and `bench/capacity.ts`: a fresh embedded PostgreSQL (or
 * BENCH_DATABASE_URL), `tenants` tenants with a sandbox shop each, products and orders, and ONE
 * server process started as `npm start` starts it (`node --import tsx apps/server/src/main.ts`
 * over an IPC channel, so it dies with this process), with job workers on, metrics on and the
 * in-server sandbox Amazon. The server is a process of its own so its memory and CPU are its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { insertUser } from '../apps/server/src/modules/account/user.repository.js';
import { benchDatabase } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'soak-pass-1';
/** A 1x1 PNG: what the loopback image host answers (the sandbox Amazon fetches product images). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface Staff {
  tenant: number;
  shopId: number;
  /** The session's access token, its refresh token and when the access token expires (epoch s). */
  token: string;
  refresh: string;
  tokenExpires: number;
  /** This staff member's products (edited only by them, so saves never conflict) with their versions. */
  goods: { id: number; version: number; sku: string }[];
  /** Order ids of the tenant. */
  orders: number[];
  /** The loopback image host the products' images are on. */
  imageBase: string;
}

export interface JsonAnswer<T = unknown> {
  http: number;
  status: number;
  msg: string;
  /** The envelope's data as the caller expects it (read only after a 200). */
  data: T;
}

/** A keep-alive client of the server: JSON in, the envelope out. */
export function apiClient(origin: string, connections: number) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    p: string,
    opts: { token?: string; body?: unknown; cookie?: string; form?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = opts.form;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await pool.request({ method, path: p, headers, body });
    const text = await res.body.text();
    let parsed: Partial<JsonAnswer<T>> = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { status: res.statusCode, msg: text.slice(0, 120) };
    }
    return { ...parsed, http: res.statusCode, headers: res.headers } as JsonAnswer<T> & { headers: typeof res.headers };
  };
  return { call, close: () => pool.close() };
}

/** The product a staff member edits: HOME, three languages and countries, one image on the image host. */
export function soakGoods(sku: string, img: string, round = 0) {
  const langs = ['en', 'de', 'fr'];
  return {
    baseInfo: { sku, brand_name: 'Acme', quantity: 7 },
    commonData: {
      descs: langs.map((key) => ({
        key,
        title: `Vase ${sku} ${key} r${round}`,
        bullet_points: [`Point one ${key}`, `Point two ${key}`],
        product_description: `Description ${key} ${round}`,
        search_terms: `vase ${key}`,
      })),
    },
    priceTable: langs.map((country_code) => ({ country_code, price: 1999 + (round % 100) })),
    images: [{ url: `${img}/ok/${sku}.png` }],
    template: { product_type: 'HOME', marketplace: 'de' },
    extraAttrs: { item_type_keyword: [{ value: 'vases' }], style: [{ value: 'Modern' }] },
    parentageTable: { theme: '', attrs: [], children: [] },
  };
}

async function imageHost() {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/ok/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** `name=value` pairs of Set-Cookie headers, merged into `jar`. */
function keepCookies(jar: Map<string, string>, setCookie: string | string[] | undefined) {
  for (const c of [setCookie ?? []].flat()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Binds a sandbox shop as its owner does in the browser (bindShop, the consent page, the callback). */
async function bindSandboxShop(api: ReturnType<typeof apiClient>, account: string, name: string) {
  const jar = new Map<string, string>();
  const login = await api.call('POST', '/PDD/amazon-user/login', { body: { account, password: PASSWORD } });
  let cookie = keepCookies(jar, login.headers['set-cookie']);
  const uuid = [...jar].find(([k]) => k.endsWith('-uuid'))?.[1] ?? '';
  const h = { 'x-csrf-token': uuid };
  const started = await api.call<{ consent_url: string }>('POST', '/PDD/amazon-user/bindShop', {
    cookie,
    headers: h,
    body: { name, region: 'EU', sandbox: true },
  });
  if (started.status !== 200) throw new Error(`bindShop: ${started.msg}`);
  const url = new URL(started.data.consent_url, 'http://console');
  const form = new URLSearchParams({
    csrf_token: uuid,
    application_id: url.searchParams.get('application_id') ?? '',
    state: url.searchParams.get('state') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    selling_partner_id: '',
  });
  const confirmed = await api.call('POST', '/PDD/amazon-sandbox/confirm', {
    cookie,
    headers: h,
    form: form.toString(),
  });
  cookie = keepCookies(jar, confirmed.headers['set-cookie']);
  const back = new URL(String(confirmed.headers.location));
  const done = await api.call<{ id: number }>('POST', '/PDD/amazon-user/shopAuthComplete', {
    cookie,
    headers: h,
    body: {
      state: back.searchParams.get('state'),
      selling_partner_id: back.searchParams.get('selling_partner_id'),
      spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
    },
  });
  if (done.status !== 200) throw new Error(`shopAuthComplete: ${done.msg}`);
  return Number(done.data.id);
}

/** Orders of a shop written by SQL (as bench/order-list.ts does), with one item each. */
async function seedOrders(db: ReturnType<typeof createDatabase>, tenantId: number, shopId: number, n: number) {
  await sql`
    insert into orders (tenant_id, shop_id, marketplace, amazon_order_id, amazon_status, status, fulfillment_channel,
      purchase_date, last_update_date, currency, total_minor, item_count, express_status, ship_city, ship_country, items_pending)
    select ${tenantId}, ${shopId}, (array['de','fr','en'])[1 + g % 3], '305-' || lpad(${shopId}::text, 5, '0') || '-' || lpad(g::text, 7, '0'),
      st, st, (g % 2)::text, now() - (g % 2000) * interval '1 hour', now(), 'EUR', 1000 + g % 5000, 1, (g % 4)::text,
      'Berlin', 'DE', false
    from generate_series(1, ${n}) g
    cross join lateral (select (array['Unshipped','Shipped','Shipped','Canceled','Pending'])[1 + g % 5] as st) x`.execute(
    db,
  );
  await sql`
    insert into order_items (tenant_id, order_id, amazon_item_id, asin, seller_sku, title, quantity, currency, item_price_minor, express_status)
    select tenant_id, id, 'I' || id, 'B0' || lpad((id % 100000)::text, 8, '0'), 'SKU-' || (id % 5000), 'Item ' || id, 1, 'EUR',
      total_minor, express_status
    from orders where shop_id = ${shopId}`.execute(db);
  const ids = await sql<{ id: string }>`select id from orders where shop_id = ${shopId} order by id`.execute(db);
  return ids.rows.map((r) => Number(r.id));
}

/** utime + stime of a process (ms), from /proc (USER_HZ 100). */
export function processCpuMs(pid: number | string): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** CPU (ms) used so far by the server process and by all PostgreSQL processes alive now (by pid). */
export function cpuSnapshot(serverPid: number) {
  const postgres = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) postgres.set(pid, processCpuMs(pid));
    } catch {
      // ended while read
    }
  }
  return { server: processCpuMs(serverPid), postgres };
}

/** Server and PostgreSQL CPU (ms) between two snapshots (backends alive at both ends). */
export function cpuBetween(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>) {
  let postgres = 0;
  for (const [pid, ms] of b.postgres) if (a.postgres.has(pid)) postgres += ms - a.postgres.get(pid)!;
  return { server: b.server - a.server, postgres };
}

export async function soakWorld(opts: {
  dataDir: string;
  tenants: number;
  staffPerTenant: number;
  goodsPerStaff: number;
  ordersPerTenant: number;
  /** Extra environment of the server (e.g. WORKERS=0). */
  env?: Record<string, string>;
}) {
  const { url, stop } = await benchDatabase(opts.dataDir, 'soak');
  const db = createDatabase(url, { max: 4 });
  await migrateToLatest(db);
  const img = await imageHost();
  const serverData = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: serverData,
      LOG_LEVEL: 'warn',
      METRICS: '1',
      FETCH_ALLOW_LOOPBACK: '1',
      SPAPI_TIME_SCALE: '20',
      ADMIN_PASSWORD: 'soak-admin-pass-1',
      ...opts.env,
    },
  });
  const api = apiClient(origin, 64);
  for (let i = 0; ; i++) {
    const r = await api.call('GET', '/PDD/ready').catch(() => null);
    if (r?.http === 200) break;
    if (child.exitCode !== null || i > 600) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const hash = await hashPassword(PASSWORD);
  const staff: Staff[] = [];
  for (let t = 0; t < opts.tenants; t++) {
    const account = `soak${t}-${Date.now()}`;
    const user = await insertUser(db, { account, password_hash: hash, user_name: `压测租户${t}`, auth: 0 });
    await db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', user.id).execute();
    const shopId = await bindSandboxShop(api, account, `压测店铺${t}`);
    const orders = await seedOrders(db, user.id, shopId, opts.ordersPerTenant);
    for (let s = 0; s < opts.staffPerTenant; s++) {
      const login = await api.call<{ token: SessionTokens }>('POST', '/PDD/amazon-user/login', {
        headers: { 'x-auth-mode': 'bearer' },
        body: { account, password: PASSWORD },
      });
      const { token, refresh, token_expires: tokenExpires } = login.data.token;
      const goods: Staff['goods'] = [];
      for (let g = 0; g < opts.goodsPerStaff; g++) {
        const sku = `SOAK-${t}-${s}-${g}`;
        const saved = await api.call<{ id: number; version: number }>('POST', '/PDD/amazon-user/insertGoods_v2', {
          token,
          body: { goodsData: soakGoods(sku, img.base) },
        });
        if (saved.status !== 200) throw new Error(`insertGoods_v2: ${saved.msg}`);
        goods.push({ id: saved.data.id, version: saved.data.version, sku });
      }
      staff.push({ tenant: user.id, shopId, token, refresh, tokenExpires, goods, orders, imageBase: img.base });
    }
  }
  await sql`analyze`.execute(db);
  const close = async () => {
    await api.close();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    img.server.close();
    await db.destroy();
    await stop();
    fs.rmSync(serverData, { recursive: true, force: true });
  };
  return { origin, pid: child.pid!, staff, imageBase: img.base, db, close };
}

interface SessionTokens {
  token: string;
  refresh: string;
  token_expires: number;
}

/**
 * Seconds before the access token's expiry (15 minutes after issue) at which a staff member renews
 * it; SOAK_RENEW_AHEAD_S=850 renews every ~50 s, to try renewals in a short run.
 */
const RENEW_AHEAD_S = Number(process.env.SOAK_RENEW_AHEAD_S ?? 60);

/**
 * Renews the staff member's session when its access token is about to expire, as the web app
 * does (`refresh.admin.token` with the refresh token; the answer carries both tokens anew).
 * Answers the renewal's envelope when one was sent (the caller counts a failed renewal), else null.
 */
export async function renewSessionIfDue(api: ReturnType<typeof apiClient>, s: Staff, nowS = Date.now() / 1000) {
  if (s.tokenExpires - nowS > RENEW_AHEAD_S) return null;
  const res = await api.call<{ token: SessionTokens }>('POST', '/PDD/v1/admin/?method=refresh.admin.token', {
    headers: { 'x-auth-mode': 'bearer' },
    body: { refresh: s.refresh },
  });
  if (res.http === 200 && res.status === 200) {
    s.token = res.data.token.token;
    s.refresh = res.data.token.refresh ?? s.refresh;
    s.tokenExpires = res.data.token.token_expires;
  }
  return res;
}

/** The server's memory from its Prometheus metrics: resident set and V8 heap used (bytes). */
export async function serverMemory(origin: string) {
  const res = await fetch(`${origin}/PDD/metrics`);
  const text = await res.text();
  const metric = (name: string) => {
    const m = text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm'));
    return m ? Number(m[1]) : Number.NaN;
  };
  return { rss: metric('console_process_resident_memory_bytes'), heap: metric('console_nodejs_heap_size_used_bytes') };
}
