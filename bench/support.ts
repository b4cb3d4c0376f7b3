/**
 * Plumbing shared by the benchmarks that run the server's code against the SP-API simulator
 * (`order-sync.ts`, `monitor.ts`, `upload.ts`): the database (BENCH_DATABASE_URL, or a fresh
 * embedded PostgreSQL), the simulator, the deps pointed at it, a tenant and shops bound to the
 * simulator as real shops are (only the URLs differ).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../apps/server/src/config.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { AppDeps } from '../apps/server/src/context.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { ensureJwtSecret } from '../apps/server/src/db/seed.js';
import { secretBox } from '../apps/server/src/lib/secret-box.js';
import { SpApiSimulator } from '../apps/server/src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../apps/server/src/marketplace/simulator/sim-state.js';
import { insertUser } from '../apps/server/src/modules/account/user.repository.js';

/** BENCH_DATABASE_URL, else an embedded PostgreSQL started afresh in `dataDir` (relative to the repository). */
export async function benchDatabase(dataDir: string, database: string) {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dir = path.resolve(import.meta.dirname, '..', dataDir);
  fs.rmSync(dir, { recursive: true, force: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: dir, database });
  return { url: pgServer.url(), stop: () => pgServer.stop() };
}

/**
 * A migrated database, the simulator at time scale `scale` (every image URL passes its check) and
 * the server's deps pointed at it (no worker threads, the scheduler at the same scale); `close`
 * stops all three.
 */
export async function benchEnvironment(opts: {
  /** Embedded PostgreSQL's data folder (relative to the repository) and database. */
  dataDir: string;
  database: string;
  /** Connections of the pool. */
  poolMax: number;
  scale: number;
  /** Prefix of the temporary data folder of the config. */
  tmpPrefix: string;
  /** More config fields. */
  config?: Partial<Config>;
}) {
  const { url, stop } = await benchDatabase(opts.dataDir, opts.database);
  const db = createDatabase(url, { max: opts.poolMax });
  await migrateToLatest(db);
  const sim = await new SpApiSimulator({ timeScale: opts.scale, imageCheck: async () => true }).listen();
  const base = loadConfig({});
  const config: Config = {
    ...base,
    dataDir: fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', opts.tmpPrefix)),
    workers: false,
    ...opts.config,
    spapi: {
      ...base.spapi,
      clientId: SANDBOX_APP.clientId,
      clientSecret: SANDBOX_APP.clientSecret,
      appId: SANDBOX_APP.appId,
      lwaUrl: sim.tokenUrl,
      endpoint: sim.endpoint('EU'),
      timeScale: opts.scale,
    },
  };
  const deps: AppDeps = { db, config, jwtSecret: await ensureJwtSecret(db) };
  const close = async () => {
    await sim.close();
    await db.destroy();
    await stop();
  };
  return { db, sim, deps, close };
}

/** A main account for the benchmark's data (account `<prefix><now>`). */
export function benchTenant(db: AppDeps['db'], prefix = 'bench') {
  return insertUser(db, {
    account: `${prefix}${Date.now()}`,
    password_hash: 'x',
    user_name: 'bench',
    auth: 0,
  });
}

/** A shop of the tenant bound to the simulator as a real shop is: consent, code exchange, stored refresh token. */
export async function bindBenchShop(
  deps: AppDeps,
  sim: SpApiSimulator,
  shop: { tenantId: number; name: string; marketplaces: string[] },
) {
  const redirect = 'https://console.example.com/cb';
  const back = new URL(sim.authorize({ applicationId: SANDBOX_APP.appId, state: 's', redirectUri: redirect }));
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: back.searchParams.get('spapi_oauth_code')!,
    redirect_uri: redirect,
    client_id: SANDBOX_APP.clientId,
    client_secret: SANDBOX_APP.clientSecret,
  });
  const token = (await (await fetch(sim.tokenUrl, { method: 'POST', body: form })).json()) as { refresh_token: string };
  const sellerId = back.searchParams.get('selling_partner_id')!;
  const row = await deps.db
    .insertInto('shops')
    .values({
      tenant_id: shop.tenantId,
      name: shop.name,
      region: 'EU',
      sandbox: false,
      seller_id: sellerId,
      refresh_token_enc: secretBox(deps.config).seal(token.refresh_token),
      auth_status: 'authorized',
      marketplaces: shop.marketplaces,
      created_by: shop.tenantId,
    })
    .returning(['id', 'name', 'tenant_id', 'marketplaces'])
    .executeTakeFirstOrThrow();
  return { shop: row, sellerId };
}
