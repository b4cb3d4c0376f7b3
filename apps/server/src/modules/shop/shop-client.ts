import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { SpApiClient } from '../../marketplace/sp-api.client.js';
import { liveSpApiDeps } from '../../marketplace/sp-api.deps.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { type ShopCredentials, shopAuthorizationLost, shopCredentials } from './shop.service.js';

/** A shop opened for calls to Amazon: its credentials and a client speaking for it. */
export interface OpenShop {
  creds: ShopCredentials;
  client: SpApiClient;
}

/**
 * The SP-API client of a tenant's shop: Amazon for a real shop, the in-server simulator for a
 * sandbox shop, with the process's shared token cache and rate-limit scheduler. A shop whose
 * authorization is not valid is refused (409, Chinese) by `shopCredentials`.
 */
export async function openShop(deps: AppDeps, tenantId: number, shopId: number): Promise<OpenShop> {
  const creds = await shopCredentials(deps, tenantId, shopId);
  let api = liveSpApiDeps(deps.config.spapi, deps.db);
  let endpoint: string | undefined;
  if (creds.sandbox) {
    const s = await sandbox(deps.config, deps.db);
    api = s.deps;
    endpoint = s.endpoint(creds.region);
  }
  const client = new SpApiClient(
    {
      key: `shop:${creds.id}`,
      sellingPartnerId: creds.sellerId,
      region: creds.region,
      refreshToken: () => creds.refreshToken,
      ...(endpoint ? { endpoint } : {}),
    },
    api,
  );
  return { creds, client };
}

/**
 * A failed call of a person's request as the user reads it: Amazon's refusal of the
 * authorization marks the shop 授权失效 (409); other SP-API errors keep their Chinese message (502).
 */
export async function callError(deps: AppDeps, tenantId: number, shopId: number, err: unknown): Promise<AppError> {
  if (err instanceof SpApiError) {
    if (err.kind === 'invalid_grant' || err.kind === 'unauthorized') {
      await shopAuthorizationLost(deps, tenantId, shopId, err.message);
      return new AppError(409, err.message);
    }
    return new AppError(502, err.message);
  }
  if (err instanceof AppError) return err;
  throw err;
}
