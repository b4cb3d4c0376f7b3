import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import { consentUrl } from '@console/shared/constants/marketplaces';
import { SELLER_CENTRAL_URLS } from '@console/shared/schemas/shop';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { SANDBOX_APP } from '../../marketplace/simulator/sim-state.js';
import { SpApiClient } from '../../marketplace/sp-api.client.js';
import { liveSpApiDeps } from '../../marketplace/sp-api.deps.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';

/**
 * Amazon's side of binding a shop (website authorization workflow): the consent URL, the
 * exchange of the `spapi_oauth_code` for a refresh token at Login with Amazon, and the
 * seller's marketplace participations. A sandbox shop does the same against the built-in
 * simulator.
 */
export interface ShopAuthorizer {
  consentUrl(p: { region: SpApiRegion; sandbox: boolean; state: string; redirectUri: string }): string;
  exchangeCode(p: {
    region: SpApiRegion;
    sandbox: boolean;
    code: string;
    redirectUri: string;
  }): Promise<{ refreshToken: string }>;
  /** Marketplace ids the seller participates in (`getMarketplaceParticipations`). */
  participations(p: {
    region: SpApiRegion;
    sandbox: boolean;
    sellerId: string;
    refreshToken: string;
  }): Promise<string[]>;
}

/** Where the browser confirms a sandbox shop's consent: the console's page of the simulator. */
export const SANDBOX_CONSENT_PATH = '/PDD/amazon-sandbox/consent';

/** Amazon refused the shop's stored authorization (revoked in Seller Central, expired). */
export class AuthorizationLost extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A failed call with a shop's authorization, as the user reads it (the SP-API error's Chinese message). */
function asAppError(err: unknown): never {
  if (err instanceof SpApiError) {
    if (err.kind === 'invalid_grant' || err.kind === 'unauthorized') throw new AuthorizationLost(err.message);
    throw new AppError(502, err.message);
  }
  throw err;
}

/** A failed code exchange: a code that is wrong, used or older than 5 minutes means starting again. */
function asExchangeError(err: unknown): never {
  if (err instanceof SpApiError && err.kind === 'invalid_grant')
    throw new AppError(400, '亚马逊授权码无效或已过期(有效期5分钟),请重新发起授权');
  return asAppError(err);
}

/** The authorizer of the app: Amazon for real shops, the in-server simulator for sandbox shops. */
export function shopAuthorizer(deps: AppDeps): ShopAuthorizer {
  const app = deps.config.spapi;
  const spapiOf = async (isSandbox: boolean) => {
    if (!isSandbox) return { api: liveSpApiDeps(app, deps.db), endpoint: undefined };
    const s = await sandbox(deps.config, deps.db);
    return { api: s.deps, endpoint: s.endpoint };
  };
  return {
    consentUrl({ region, sandbox: isSandbox, state, redirectUri }) {
      if (isSandbox) {
        const q = new URLSearchParams({ application_id: SANDBOX_APP.appId, state, redirect_uri: redirectUri });
        return `${SANDBOX_CONSENT_PATH}?${q.toString()}`;
      }
      return consentUrl(SELLER_CENTRAL_URLS[region], { applicationId: app.appId, state, redirectUri, beta: app.beta });
    },
    async exchangeCode({ sandbox: isSandbox, code, redirectUri }) {
      const { api } = await spapiOf(isSandbox);
      const t = await api.lwa.exchangeAuthorizationCode(code, redirectUri).catch(asExchangeError);
      return { refreshToken: t.refresh_token };
    },
    async participations({ region, sandbox: isSandbox, sellerId, refreshToken }) {
      const { api, endpoint } = await spapiOf(isSandbox);
      const client = new SpApiClient(
        {
          key: `binding:${region}:${sellerId}`,
          sellingPartnerId: sellerId,
          region,
          refreshToken: () => refreshToken,
          ...(endpoint ? { endpoint: endpoint(region) } : {}),
        },
        api,
      );
      const list = await client.sellers.getMarketplaceParticipations().catch(asAppError);
      return list.filter((p) => p.participation.isParticipating).map((p) => p.marketplace.id);
    },
  };
}
