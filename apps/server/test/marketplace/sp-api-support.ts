import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SpApiSetting } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { SpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../../src/marketplace/simulator/sim-state.js';
import { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { createSpApiDeps } from '../../src/marketplace/sp-api.deps.js';
import type { SpApiDeps, SpApiShop } from '../../src/marketplace/sp-api.http.js';

/** Time scale of the marketplace tests: rate limits, backoffs and feeds run 100 times faster. */
export const SCALE = 100;

/** SPAPI settings pointing at a simulator with the sandbox app. */
export function simSetting(sim: SpApiSimulator, over: Partial<SpApiSetting> = {}): SpApiSetting {
  return {
    clientId: SANDBOX_APP.clientId,
    clientSecret: SANDBOX_APP.clientSecret,
    appId: SANDBOX_APP.appId,
    beta: false,
    lwaUrl: sim.tokenUrl,
    endpoint: undefined,
    timeScale: SCALE,
    // Generous: a busy CI machine must not turn a slow answer (the simulator fetching images to
    // validate a listing) into a retried PUT, which the submission counts would see twice.
    // The timeout test sets its own.
    timeoutMs: 10_000,
    ...over,
  };
}

/** What the consent and code exchange give a newly bound shop. */
export interface BoundShop {
  shop: SpApiShop;
  refreshToken: string;
}

/**
 * Binds a sandbox shop the way the console will: consent (the simulator's redirect with
 * `spapi_oauth_code`, `selling_partner_id`, `state`), then the code exchange at LWA.
 */
export async function bindSandboxShop(
  sim: SpApiSimulator,
  deps: SpApiDeps,
  region: 'NA' | 'EU' = 'NA',
): Promise<BoundShop> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const location = new URL(sim.authorize({ applicationId: SANDBOX_APP.appId, state: 'st-1', redirectUri }));
  const code = location.searchParams.get('spapi_oauth_code')!;
  const seller = location.searchParams.get('selling_partner_id')!;
  const tokens = await deps.lwa.exchangeAuthorizationCode(code, redirectUri);
  return {
    refreshToken: tokens.refresh_token,
    shop: {
      key: `shop-${seller}`,
      sellingPartnerId: seller,
      region,
      refreshToken: () => tokens.refresh_token,
      endpoint: sim.endpoint(region),
    },
  };
}

/** A client of a bound sandbox shop with its own process-like deps (scheduler on `db`). */
export async function sandboxClient(
  sim: SpApiSimulator,
  db: Database,
  over: Partial<SpApiSetting> = {},
): Promise<{ client: SpApiClient; deps: SpApiDeps; bound: BoundShop }> {
  const deps = createSpApiDeps(simSetting(sim, over), db);
  const bound = await bindSandboxShop(sim, deps);
  return { client: new SpApiClient(bound.shop, deps), deps, bound };
}

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A loopback image host: `/ok.png` is an image, `/page.html` is not, anything else is 404. */
export async function startImageHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/ok.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
