import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenCache } from '../../src/marketplace/lwa.client.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { validateListing } from '../../src/marketplace/simulator/sim-validate.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { createSpApiDeps } from '../../src/marketplace/sp-api.deps.js';
import { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { useTestApp } from '../harness.js';
import { hairband, US } from './listing-fixtures.js';
import { SCALE, sandboxClient, simSetting, startImageHost } from './sp-api-support.js';

const ctx = useTestApp();
let sim: SpApiSimulator;
let images: Awaited<ReturnType<typeof startImageHost>>;

beforeAll(async () => {
  // Tokens live 130 s: the client keeps them (130 - 60) / SCALE = 0.7 s, the simulator 1.3 s.
  sim = await startSpApiSimulator({ timeScale: SCALE, tokenLifetimeSeconds: 130 });
  images = await startImageHost();
  // Compile the HAIRBAND schema now, so token lifetimes below are not spent compiling it.
  await validateListing(
    { sku: 'W', marketplaceId: US, productType: 'HAIRBAND', attributes: {} },
    { hasSku: () => false, imageOk: async () => true },
  );
});
afterAll(async () => {
  await sim?.close();
  await images?.close();
});

async function failure(p: Promise<unknown>): Promise<SpApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SpApiError);
  return err as SpApiError;
}

async function seeded(client: SpApiClient, sku = 'HB-1') {
  const r = await client.listings.put(sku, [US], {
    productType: 'HAIRBAND',
    attributes: hairband(`${images.url}/ok.png`),
  });
  expect(r.status).toBe('ACCEPTED');
}

describe('LWA tokens', () => {
  it('exchanges the consent code once, refreshes access tokens and caches them per shop', async () => {
    const { client, deps, bound } = await sandboxClient(sim, ctx.db);
    expect(bound.refreshToken).toMatch(/^Atzr\|/);
    const before = sim.counters.tokens;
    await seeded(client);
    await client.listings.get('HB-1', [US]);
    await client.listings.get('HB-1', [US]);
    expect(sim.counters.tokens - before).toBe(1);
    // A code is single use.
    const code = new URL(
      sim.authorize({ applicationId: simSetting(sim).appId, state: 's', redirectUri: 'http://127.0.0.1:9/cb' }),
    ).searchParams.get('spapi_oauth_code')!;
    await deps.lwa.exchangeAuthorizationCode(code, 'http://127.0.0.1:9/cb');
    const reused = await failure(deps.lwa.exchangeAuthorizationCode(code, 'http://127.0.0.1:9/cb'));
    expect(reused.kind).toBe('invalid_grant');
    expect(reused.message).toBe('店铺授权已失效(刷新令牌无效或已撤销),请重新授权店铺');
  });

  it('refreshes shortly before expiry and once more when Amazon refuses a cached token', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    await seeded(client);
    const before = sim.counters.tokens;
    await new Promise((r) => setTimeout(r, 750));
    await client.listings.get('HB-1', [US]);
    expect(sim.counters.tokens - before).toBe(1);
    sim.accessTokens.clear();
    const item = await client.listings.get('HB-1', [US]);
    expect(item.sku).toBe('HB-1');
    expect(sim.counters.tokens - before).toBe(2);
  });

  it('shares one refresh between concurrent calls of a shop', async () => {
    const cache = new AccessTokenCache(SCALE);
    let calls = 0;
    const refresh = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      return { access_token: 'Atza|x', token_type: 'bearer', expires_in: 3600 };
    };
    const tokens = await Promise.all([cache.get('s', refresh), cache.get('s', refresh), cache.get('s', refresh)]);
    expect(tokens).toEqual(['Atza|x', 'Atza|x', 'Atza|x']);
    expect(calls).toBe(1);
  });

  it('retries the token endpoint through 5xx and a malformed answer', async () => {
    const { client, deps, bound } = await sandboxClient(sim, ctx.db);
    deps.tokens.invalidate(bound.shop.key);
    sim.inject({ kind: 'error', status: 500, count: 1, operation: 'lwa' });
    sim.inject({ kind: 'malformed', count: 1, operation: 'lwa' });
    expect((await client.sellers.getMarketplaceParticipations()).length).toBe(4);
    sim.inject({ kind: 'error', status: 503, count: 10, operation: 'lwa' });
    const err = await failure(deps.lwa.refreshAccessToken(bound.refreshToken));
    sim.faults.length = 0;
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe('亚马逊服务暂时不可用(HTTP 503),已重试6次,请稍后重试');
  });

  it('reports a revoked authorization and wrong app credentials in Chinese', async () => {
    const { client, deps, bound } = await sandboxClient(sim, ctx.db);
    sim.revoke(bound.shop.sellingPartnerId);
    deps.tokens.invalidate(bound.shop.key);
    const revoked = await failure(client.sellers.getMarketplaceParticipations());
    expect(revoked.kind).toBe('invalid_grant');
    const wrong = createSpApiDeps(simSetting(sim, { clientSecret: 'nope' }), ctx.db);
    const bad = await failure(wrong.lwa.refreshAccessToken(bound.refreshToken));
    expect(bad.kind).toBe('invalid_client');
    expect(bad.message).toContain('SPAPI_CLIENT_SECRET');
  });
});

describe('retries', () => {
  it('rides out a 429 storm and 5xx answers without an error', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    await seeded(client);
    sim.inject({ kind: 'throttle', count: 4, operation: 'getListingsItem' });
    sim.inject({ kind: 'error', status: 503, count: 1, operation: 'getListingsItem' });
    const before = sim.counters.requests.get('getListingsItem') ?? 0;
    const item = await client.listings.get('HB-1', [US], { includedData: ['summaries', 'issues'] });
    expect(item.summaries?.[0]?.status).toEqual(['BUYABLE', 'DISCOVERABLE']);
    expect((sim.counters.requests.get('getListingsItem') ?? 0) - before).toBe(6);
  });

  it('gives up after the bounded retries with a clear Chinese message', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    sim.inject({ kind: 'throttle', count: 100, operation: 'searchListingsItems' });
    const err = await failure(client.listings.search([US]));
    sim.faults.length = 0;
    expect(err.kind).toBe('throttled');
    expect(err.status).toBe(429);
    expect(err.message).toBe('亚马逊接口繁忙(限流),已重试6次仍未成功,请稍后重试');
    expect(err.errors[0]?.code).toBe('QuotaExceeded');
  });

  it('retries a malformed answer of a read and reports one that stays malformed', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    await seeded(client);
    sim.inject({ kind: 'malformed', count: 1, operation: 'getListingsItem' });
    expect((await client.listings.get('HB-1', [US])).sku).toBe('HB-1');
    sim.inject({ kind: 'malformed', count: 100, operation: 'getListingsItem' });
    const err = await failure(client.listings.get('HB-1', [US]));
    sim.faults.length = 0;
    expect(err.kind).toBe('malformed');
    expect(err.message).toBe('亚马逊返回的数据格式不正确(不是JSON),请稍后重试');
  });

  it('does not send a POST twice after an answer it could not read', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    sim.inject({ kind: 'malformed', count: 1, operation: 'createFeedDocument' });
    const before = sim.counters.requests.get('createFeedDocument') ?? 0;
    const err = await failure(client.feeds.createFeedDocument('application/json'));
    expect(err.kind).toBe('malformed');
    expect((sim.counters.requests.get('createFeedDocument') ?? 0) - before).toBe(1);
  });

  it('times out slow answers, retrying reads and reporting the timeout', async () => {
    const { client } = await sandboxClient(sim, ctx.db, { timeoutMs: 100 });
    await seeded(client);
    sim.inject({ kind: 'slow', delayMs: 400, count: 1, operation: 'getListingsItem' });
    expect((await client.listings.get('HB-1', [US])).sku).toBe('HB-1');
    sim.inject({ kind: 'slow', delayMs: 400, count: 6, operation: 'getListingsItem' });
    const err = await failure(client.listings.get('HB-1', [US]));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('亚马逊接口响应超时,已尝试6次,请稍后重试');
  });

  it('names Amazon refusals without retrying them', async () => {
    const { client } = await sandboxClient(sim, ctx.db);
    const missing = await failure(client.listings.get('NO-SUCH-SKU', [US]));
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toContain('亚马逊上找不到该记录');
    const bad = await failure(client.catalog.search({ marketplaceIds: [US] }));
    expect(bad.kind).toBe('rejected');
    expect(bad.message).toBe("亚马逊拒绝了请求: InvalidInput: Either 'identifiers' or 'keywords' is required.");
  });
});
