import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { AppDeps } from '../../context.js';

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

/** The authorizer of the app: Amazon for real shops, the simulator for sandbox shops. */
export function shopAuthorizer(_deps: AppDeps): ShopAuthorizer {
  throw new Error('shop authorizer: marketplace client not wired yet');
}
