import { can } from '@console/shared/permissions/can';
import type { PlatformCard } from '@console/shared/schemas/platform';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { subjectOf } from '../account/account.presenter.js';
import { type PlatformShopRow, platformShops } from './platform.repository.js';
import type { StatusContext } from './status/card.js';
import { STATUS_CARDS } from './status/index.js';

/** 平台首页: every card the caller may see, each computed from the current state (docs/platform.md). */
export async function platformStatus(deps: AppDeps, user: UserRow, tenantId: number, now = new Date()) {
  const subject = subjectOf(user);
  const usesShops = can(subject, 'shop.use');
  const managesShops = can(subject, 'shop.manage');
  let shops: Promise<PlatformShopRow[]> | undefined;
  const ctx: StatusContext = {
    deps,
    tenantId,
    now,
    usesShops,
    managesShops,
    operator: can(subject, 'platform.internal', { internalIds: deps.config.internalIds }),
    // Managers see every shop of the tenant; other shop users those given to them; the rest none.
    shops: () => {
      shops ??= usesShops ? platformShops(deps.db, tenantId, managesShops ? undefined : user.id) : Promise.resolve([]);
      return shops;
    },
  };
  const cards = (await Promise.all(STATUS_CARDS.map((c) => c(ctx)))).filter((c): c is PlatformCard => c !== null);
  return { generated_at: Math.floor(now.getTime() / 1000), operator: ctx.operator, cards };
}
