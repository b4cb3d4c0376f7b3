import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { AppDeps } from '../../src/context.js';
import { sandbox } from '../../src/marketplace/sandbox.js';
import { type RunnerOptions, runDueQueues } from '../../src/modules/upload/upload-runner.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, type TestContext, useTestApp } from '../harness.js';
import { bindSandboxShop } from '../support/sandbox-shop.js';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A loopback image host: `/ok/<name>.png` answers a PNG, anything else 404 (Amazon fetches images). */
export async function imageHost() {
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
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A HOME product with everything a listing needs in the given languages and countries. */
export function homeGoods(
  sku: string,
  img: string,
  o: { langs?: string[]; countries?: string[]; children?: { sku: string; color: string }[] } = {},
) {
  const langs = o.langs ?? ['en', 'de', 'fr'];
  const countries = o.countries ?? ['en', 'de', 'fr'];
  return {
    baseInfo: { sku, brand_name: 'Acme', quantity: 7 },
    commonData: {
      descs: langs.map((key) => ({
        key,
        title: `Vase ${sku} ${key}`,
        bullet_points: [`Point one ${key}`, `Point two ${key}`],
        product_description: `Description ${key}`,
        search_terms: `vase ${key}`,
      })),
    },
    priceTable: countries.map((country_code) => ({ country_code, price: 1999 })),
    images: [{ url: `${img}/ok/${sku}.png` }],
    template: { product_type: 'HOME', marketplace: 'de' },
    extraAttrs: { item_type_keyword: [{ value: 'vases' }], style: [{ value: 'Modern' }] },
    parentageTable: o.children
      ? {
          theme: 'COLOR',
          attrs: ['color'],
          children: o.children.map((c) => ({ sku: c.sku, values: { color: c.color }, images: [] })),
        }
      : { theme: '', attrs: [], children: [] },
  };
}

/** Saves a product and answers its id. */
export async function saveGoods(app: FastifyInstance, s: Session, goodsData: unknown, id?: number, version?: number) {
  const r = await call(app, s, 'POST', '/PDD/amazon-user/insertGoods_v2', {
    goodsData,
    ...(id ? { id, version } : {}),
  });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: number; version: number };
}

/**
 * Runs runner passes until the queue is finished (or `max` passes), as the pump would; the
 * sandbox simulator runs at the config's time scale, so waits for feeds are short.
 */
export async function runUntilDone(deps: AppDeps, queueId: number, opts: Partial<RunnerOptions> = {}, max = 200) {
  for (let i = 0; i < max; i++) {
    const q = await deps.db.selectFrom('upload_queues').selectAll().where('id', '=', queueId).executeTakeFirstOrThrow();
    if (!['pending', 'running'].includes(q.status)) return q;
    const worked = await runDueQueues(deps, { id: queueId, retryDelayMs: 0, ...opts });
    if (worked === 0) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`queue ${queueId} did not finish`);
}

/** The sandbox simulator of the app. */
export async function simOf(deps: AppDeps) {
  return (await sandbox(deps.config, deps.db)).sim;
}

/**
 * The app of an upload suite: loopback image fetches allowed, no job workers (the tests run the
 * runner themselves), the simulator's clock `timeScale` times Amazon's; and the suite's image
 * host (`img.base`, started before the tests).
 */
export function useUploadApp(timeScale: number): { t: TestContext; img: { readonly base: string } } {
  const t = useTestApp({ fetchAllowLoopback: true, workers: false, spapi: { ...loadConfig({}).spapi, timeScale } });
  let host: Awaited<ReturnType<typeof imageHost>> | undefined;
  beforeAll(async () => {
    host = await imageHost();
  });
  afterAll(async () => {
    await host?.close();
  });
  return {
    t,
    img: {
      get base() {
        if (!host) throw new Error('the image host starts in beforeAll');
        return host.base;
      },
    },
  };
}

/** A new tenant signed in, with a bound sandbox shop; EAN-exempt unless `exempt` is false. */
export async function tenantWithShop(t: TestContext, exempt = true) {
  const tenant = await buildTenant(t.db);
  if (exempt) await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', tenant.id).execute();
  const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const shop = await bindSandboxShop(t.app, s, `店铺${tenant.id}`);
  return { tenant, s, shop };
}
