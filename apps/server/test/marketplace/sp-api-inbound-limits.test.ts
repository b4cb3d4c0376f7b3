import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpApiOperation, USAGE_PLANS } from '../../src/marketplace/rate-limits.js';
import { simInbound } from '../../src/marketplace/simulator/sim-inbound.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import type { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { InboundOperationPending } from '../../src/marketplace/sp-api.inbound.js';
import { useTestApp } from '../harness.js';
import {
  FBA_INVENTORY_MODEL,
  INBOUND_MODEL,
  INBOUND_V0_MODEL,
  inboundClient,
  item,
  listSku,
  modelErrors,
  readModel,
  SOURCE,
  US,
} from './inbound-support.js';
import { sandboxClient } from './sp-api-support.js';

const t = useTestApp();

/** Rate limits run 5 times faster here: slots stay wider than a busy machine's jitter (docs/testing.md). */
const SCALE = 5;
let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;
let accessToken: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  const c = await inboundClient(sim, SCALE);
  ({ client, seller } = c);
  accessToken = (await c.deps.lwa.refreshAccessToken(c.bound.refreshToken)).access_token;
  listSku(sim, seller, 'LIMIT-1');
});
afterAll(() => sim?.close());

const plan = () =>
  client.inbound.createInboundPlan({
    destinationMarketplaces: [US],
    items: [item('LIMIT-1', 1)],
    sourceAddress: SOURCE,
  });

describe('Fulfillment Inbound and FBA Inventory: usage plans and following operations', () => {
  it('holds the usage plan of every inbound and inventory operation as its model states it', () => {
    const ops: SpApiOperation[] = [];
    for (const model of [INBOUND_MODEL, INBOUND_V0_MODEL, FBA_INVENTORY_MODEL]) {
      for (const methods of Object.values(readModel(model).paths)) {
        for (const o of Object.values(methods)) {
          const id = o?.operationId as SpApiOperation | undefined;
          if (!id || !(id in USAGE_PLANS)) continue;
          const m = /\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|/.exec(o.description ?? '');
          expect(m, id).not.toBeNull();
          expect(USAGE_PLANS[id], id).toMatchObject({ rate: Number(m![1]), burst: Number(m![2]) });
          expect(USAGE_PLANS[id].model, id).toContain(model.split('/')[1]);
          ops.push(id);
        }
      }
    }
    // 22 of 2024-03-20, getLabels and getShipmentItemsByShipmentId of v0, getInventorySummaries.
    expect(ops).toHaveLength(25);
  });

  it('sends 6 plans at once no faster than createInboundPlan allows: no 429; the same burst sent raw is throttled', async () => {
    const before = sim.counters.throttled;
    const t0 = performance.now();
    const r = await Promise.all(Array.from({ length: 6 }, plan));
    const took = performance.now() - t0;
    expect(new Set(r.map((x) => x.inboundPlanId)).size).toBe(6);
    expect(sim.counters.throttled - before).toBe(0);
    // 2 per second x 5, one token of the burst of 2 kept back: the sixth leaves 0.5 s after the first.
    expect(took).toBeGreaterThanOrEqual(450);
    await new Promise((res) => setTimeout(res, 400));
    const raw = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${sim.endpoint('NA')}/inbound/fba/2024-03-20/inboundPlans`, {
          method: 'POST',
          headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
          body: JSON.stringify({ destinationMarketplaces: [US], items: [item('LIMIT-1', 1)], sourceAddress: SOURCE }),
        }).then((x) => x.status),
      ),
    );
    expect(raw.filter((s) => s === 202).length).toBeGreaterThan(0);
    expect(raw.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('paces the same burst through the PostgreSQL scheduler of the server (createSpApiDeps) without a 429', async () => {
    const pg = await sandboxClient(sim, t.db, { timeScale: SCALE });
    listSku(sim, pg.bound.shop.sellingPartnerId, 'LIMIT-1');
    const before = sim.counters.throttled;
    const t0 = performance.now();
    const r = await Promise.all(
      Array.from({ length: 6 }, () =>
        pg.client.inbound.createInboundPlan({
          destinationMarketplaces: [US],
          items: [item('LIMIT-1', 1)],
          sourceAddress: SOURCE,
        }),
      ),
    );
    expect(r).toHaveLength(6);
    expect(sim.counters.throttled - before).toBe(0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(450);
    const rows = await t.db
      .selectFrom('spapi_rate_buckets')
      .select('operation')
      .where('seller_id', '=', pg.bound.shop.sellingPartnerId)
      .execute();
    expect(rows.map((x) => x.operation)).toContain('createInboundPlan');
  });

  it('follows an operation to SUCCESS, each read paced by getInboundOperationStatus plan', async () => {
    await new Promise((res) => setTimeout(res, 1500));
    const inb = simInbound(sim);
    inb.operationFactor = 1;
    const { operationId } = await plan();
    const polls = () => sim.counters.requests.get('getInboundOperationStatus') ?? 0;
    const before = polls();
    const throttled = sim.counters.throttled;
    // createInboundPlan takes 3 s / 5 = 0.6 s; polls start 1 ms apart, so the rate limit paces them.
    const s = await client.inbound.waitForOperation(operationId, { pollMs: 5, maxPollMs: 5, maxPolls: 100 });
    expect(s).toMatchObject({ operationStatus: 'SUCCESS', operation: 'createInboundPlan', operationProblems: [] });
    const n = polls() - before;
    // 2 per second x 5 after a burst of 5 booked: at most 5 + 0.6 s x 10 (+1 for timing) reads.
    expect(n).toBeGreaterThan(1);
    expect(n).toBeLessThanOrEqual(12);
    expect(sim.counters.throttled).toBe(throttled);
    expect(modelErrors(INBOUND_MODEL, 'InboundOperationStatus', s)).toBe('');
  });

  it('gives up after maxPolls with the operation still running, and says so in Chinese', async () => {
    const inb = simInbound(sim);
    inb.operationFactor = 1000;
    const { operationId } = await plan();
    inb.operationFactor = 1;
    const e = await client.inbound.waitForOperation(operationId, { pollMs: 10, maxPolls: 3 }).catch((x) => x);
    expect(e).toBeInstanceOf(InboundOperationPending);
    expect(e).toMatchObject({ operationId, polls: 3 });
    expect((e as Error).message).toBe(`亚马逊仍在处理该操作(${operationId}),已查询3次,请稍后刷新`);
    // Bounded in time too: 1.5 s at scale 5 is 0.3 s, and no wait is begun that would end past it.
    const t0 = performance.now();
    const bounded = await client.inbound
      .waitForOperation(operationId, { pollMs: 1000, timeoutMs: 1500 })
      .catch((x) => x);
    expect(bounded).toBeInstanceOf(InboundOperationPending);
    expect(performance.now() - t0).toBeLessThan(300 + 250);
    const missing = await client.inbound
      .getInboundOperationStatus('00000000-0000-0000-0000-000000000000')
      .catch((x: SpApiError) => x.kind);
    expect(missing).toBe('not_found');
  });

  it('checks answers against the model: a wrong shape is reported', () => {
    expect(modelErrors(INBOUND_MODEL, 'Shipment', { shipmentId: 'short' })).not.toBe('');
    expect(modelErrors(INBOUND_MODEL, 'InboundOperationStatus', { operationStatus: 'DONE' })).not.toBe('');
    expect(modelErrors(FBA_INVENTORY_MODEL, 'InventorySummary', { totalQuantity: 1.5 })).not.toBe('');
  });
});
