import {
  PLATFORM_STATE_LABELS,
  PLATFORM_STATE_RANK,
  type PlatformAction,
  type PlatformCard,
  type PlatformState,
} from '@console/shared/schemas/platform';
import type { AppDeps } from '../../../context.js';
import type { PlatformShopRow } from '../platform.repository.js';

/** What a card computation knows about the caller. */
export interface StatusContext {
  deps: AppDeps;
  tenantId: number;
  now: Date;
  /** The caller uses shops (`shop.use`): the shops card is shown. */
  usesShops: boolean;
  /** The caller binds and re-authorizes shops (`shop.manage`). */
  managesShops: boolean;
  /** Of the platform operator (internal company): cards carry `details`. */
  operator: boolean;
  /** The shops the caller sees (all of the tenant's for `shop.manage`, else those given to it), loaded once. */
  shops(): Promise<PlatformShopRow[]>;
}

/** One card's computation; null: the card is not for this caller. */
export type StatusCard = (ctx: StatusContext) => Promise<PlatformCard | null>;

/** A card with its state label; `details` are dropped for anyone but the operator. */
export function card(
  ctx: StatusContext,
  c: Omit<PlatformCard, 'state_label' | 'items' | 'details'> & Partial<Pick<PlatformCard, 'items' | 'details'>>,
): PlatformCard {
  return {
    ...c,
    state_label: PLATFORM_STATE_LABELS[c.state],
    items: c.items ?? [],
    details: ctx.operator ? (c.details ?? []) : [],
  };
}

/** An action that only the platform operator can take: setting server variables. */
export function settingAction(ctx: StatusContext, setting: string): PlatformAction {
  return { label: ctx.operator ? `设置 ${setting} 后重启服务` : '请联系平台管理员设置', link: null, setting };
}

/** The worse of states (error > warning > unset > ok). */
export function worst(states: PlatformState[], empty: PlatformState = 'ok'): PlatformState {
  return states.reduce((w, s) => (PLATFORM_STATE_RANK[s] > PLATFORM_STATE_RANK[w] ? s : w), empty);
}

/** The host (and port) of a URL, without user, password, path or query: safe to show the operator. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(地址格式不正确)';
  }
}
