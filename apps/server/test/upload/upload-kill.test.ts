import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { marketplace } from '@console/shared/constants/marketplaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../../src/marketplace/simulator/sim-state.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { freePort, spawnLogged, waitFor } from '../support/processes.js';
import { homeGoods, imageHost, saveGoods } from './upload-support.js';

/**
 * Issue 27 §4: the server is killed (`kill -9`) while its upload pump works a queue; the next
 * server on the same database finishes the queue by itself within seconds (the dead run is
 * taken back, its queue lease freed), and every item reaches Amazon exactly once. Amazon is a
 * simulator in this test process, so its submission counts outlive the killed server.
 */
const SCALE = 20;
const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
const t = useTestApp({ fetchAllowLoopback: true, workers: false });
let sim: SpApiSimulator;
let img: Awaited<ReturnType<typeof imageHost>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  img = await imageHost();
  sim = await startSpApiSimulator({ timeScale: SCALE });
  // The console's Amazon is the simulator (a real SP-API application, not a sandbox shop).
  t.deps.config.spapi = {
    ...loadConfig({}).spapi,
    clientId: SANDBOX_APP.clientId,
    clientSecret: SANDBOX_APP.clientSecret,
    appId: SANDBOX_APP.appId,
    lwaUrl: sim.tokenUrl,
    endpoint: sim.url,
    timeScale: SCALE,
  };
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await sim?.close();
  await img?.close();
});

async function server(port: number) {
  const started = spawnLogged(['--import', 'tsx', MAIN], {
    LOG_LEVEL: 'warn',
    DATABASE_URL: t.url,
    DATA_DIR: t.deps.config.dataDir,
    PORT: String(port),
    FETCH_ALLOW_LOOPBACK: 'true',
    SPAPI_CLIENT_ID: SANDBOX_APP.clientId,
    SPAPI_CLIENT_SECRET: SANDBOX_APP.clientSecret,
    SPAPI_APP_ID: SANDBOX_APP.appId,
    SPAPI_LWA_URL: sim.tokenUrl,
    SPAPI_ENDPOINT: sim.url,
    SPAPI_TIME_SCALE: String(SCALE),
    JOB_HEARTBEAT_SECONDS: '1',
  });
  children.push(started.child);
  return started;
}

describe('upload: the server killed mid-queue', () => {
  it('the next server finishes the queue by itself, each item sent to Amazon once', async () => {
    const tenant = await buildTenant(t.db);
    await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', tenant.id).execute();
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const started = await call(t.app, s, 'POST', '/PDD/amazon-user/bindShop', { name: '被杀', region: 'EU' });
    expect(started.status, started.msg).toBe(200);
    const consent = new URL(started.data.consent_url);
    const back = new URL(
      sim.authorize({
        applicationId: SANDBOX_APP.appId,
        state: consent.searchParams.get('state')!,
        redirectUri: consent.searchParams.get('redirect_uri')!,
      }),
    );
    const bound = await call(t.app, s, 'POST', '/PDD/amazon-user/shopAuthComplete', {
      state: back.searchParams.get('state'),
      selling_partner_id: back.searchParams.get('selling_partner_id'),
      spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
    });
    expect(bound.status, bound.msg).toBe(200);
    const shop = bound.data as { id: number; seller_id: string };

    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await saveGoods(t.app, s, homeGoods(`K-${i}`, img.base))).id);
    const created = await call(t.app, s, 'POST', '/PDD/upload/create', {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: ids.join(','),
    });
    expect(created.status, created.msg).toBe(200);
    const queueId = created.data.queue_id as number;
    const statuses = async () =>
      (await t.db.selectFrom('upload_items').select('status').where('queue_id', '=', queueId).execute()).map(
        (i) => i.status,
      );

    // The first server takes the pump's message and works the queue; it is killed mid-way.
    const first = await server(await freePort());
    await waitFor(
      async () => {
        // The first items leave: the rest of the queue is still waiting.
        const st = await statuses();
        return st.some((x) => x !== 'waiting');
      },
      'the first server sending items',
      60_000,
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = await statuses();
    expect(atKill.length).toBe(40);
    expect(atKill).toContain('waiting');

    // The next server, on the same database: nobody touches the queue, it finishes by itself.
    const second = await server(await freePort());
    await waitFor(
      async () => {
        const q = await t.db
          .selectFrom('upload_queues')
          .select('status')
          .where('id', '=', queueId)
          .executeTakeFirstOrThrow();
        return q.status === 'done';
      },
      'the queue to finish after the restart',
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${second.output()}`);
    });
    const items = await t.db
      .selectFrom('upload_items')
      .select(['status', 'marketplace', 'seller_sku'])
      .where('queue_id', '=', queueId)
      .execute();
    expect(items.map((i) => i.status)).toEqual(items.map(() => 'live'));
    for (const i of items)
      expect(
        sim.submissionsOf(shop.seller_id, marketplace(i.marketplace as 'de').marketplaceId, i.seller_sku),
        `${i.seller_sku} in ${i.marketplace}`,
      ).toBe(1);
    second.child.kill('SIGTERM');
  }, 180_000);
});
