import { calendarDay, zonedTime } from '@console/shared/constants/time-zone';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import {
  CHECKLIST_STEPS,
  type HomeReportData,
  SHOP_AUTH_EXPIRING_DAYS,
  SHOP_AUTH_VALID_DAYS,
} from '@console/shared/schemas/home-report';
import { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { subjectOf } from '../account/account.presenter.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { upsertUserSetting } from '../account/user-settings.repository.js';
import { readUserSetting, type UserSettingDefinition } from '../account/user-settings.service.js';
import { lowBalanceSetting } from '../finance/finance.service.js';
import { balancesOf } from '../finance/ledger.service.js';
import { goodsReachOf } from '../goods/goods-reach.js';
import { tenantChannels } from '../logistics/channel.service.js';
import { readerOf as orderReaderOf } from '../order/order.service.js';
import { audit } from '../system/audit.js';
import { countMessages } from '../system/messages.repository.js';
import { readerOf as messageReaderOf } from '../system/messages.service.js';
import { checklistFacts, goodsFigures, orderFigures, shopFigures, uploadFigures } from './home-report.repository.js';
import { siteOrderFigures } from './site-order-figures.repository.js';

const DAY_MS = 86_400_000;

/** Whether the caller closed the getting-started checklist (per user). */
export const checklistDismissedSetting: UserSettingDefinition<boolean> = {
  key: 'home.checklistDismissed',
  schema: z.boolean(),
  fallback: false,
};

/**
 * The roles that get the checklist: the main account of a seller tenant (company or personal
 * admin), who binds shops, tops up and ships. Child accounts, traders and the platform operator
 * (internal company) do not set a seller tenant up.
 */
function hasChecklist(user: UserRow, internal: boolean): boolean {
  return user.parent_id === 0 && (user.auth === 0 || user.auth === 4) && !internal;
}

/** The start of today in the tenant's time zone. */
export function startOfToday(now: Date, timeZone: string): Date {
  return zonedTime(calendarDay(now, timeZone), timeZone);
}

/**
 * getNewReport: the newest figures of the caller's own tenant, each group only when the caller's
 * role may open the list behind it (the shared `can`), each as that list would count it for the
 * caller (a worker his own orders, a child account the shops given to it, the goods in its reach).
 */
export async function homeReport(deps: AppDeps, user: UserRow): Promise<HomeReportData> {
  const tenantId = user.tenant_id;
  const subject = subjectOf(user);
  const has = (p: Permission) => can(subject, p, { internalIds: deps.config.internalIds });
  const now = new Date();
  const tz = await tenantTimeZone(deps.db, tenantId);
  const today = startOfToday(now, tz);
  const when = <T>(ok: boolean, f: () => Promise<T>): Promise<T | null> => (ok ? f() : Promise.resolve(null));
  const [orders, siteOrders, uploads, monitor, finance, goods, shops, checklist] = await Promise.all([
    when(has('order.read'), () => orderFigures(deps.db, tenantId, today, orderReaderOf(subject))),
    when(has('site.manage') && has('order.read'), () => siteOrderFigures(deps.db, tenantId, today)),
    when(has('shop.use'), () => uploadFigures(deps.db, tenantId)),
    when(has('monitor.use'), async () => ({
      unread: await countMessages(deps.db, messageReaderOf(user), { unread: true, source: 'monitor' }),
    })),
    when(has('finance.view'), () => financeFigures(deps, user)),
    when(has('goods.operate'), async () => {
      const reach = await goodsReachOf(deps.db, user);
      return goodsFigures(deps.db, tenantId, reach.creators);
    }),
    when(has('shop.use'), () => {
      const expiringBefore = new Date(now.getTime() - (SHOP_AUTH_VALID_DAYS - SHOP_AUTH_EXPIRING_DAYS) * DAY_MS);
      return shopFigures(deps.db, tenantId, has('shop.manage') ? undefined : user.id, expiringBefore);
    }),
    when(hasChecklist(user, has('platform.internal')), () => checklistOf(deps, user)),
  ]);
  return {
    generated_at: Math.floor(now.getTime() / 1000),
    today_start: Math.floor(today.getTime() / 1000),
    orders,
    site_orders: siteOrders,
    uploads,
    monitor,
    finance,
    goods,
    shops,
    checklist,
  };
}

/** The tenant's available balance (CNY, the ledger's currency) against the caller's warning level. */
async function financeFigures(deps: AppDeps, user: UserRow) {
  const [balances, warning] = await Promise.all([
    balancesOf(deps.db, user.tenant_id),
    readUserSetting(deps, { tenantId: user.tenant_id, userId: user.id }, lowBalanceSetting),
  ]);
  return {
    currency: 'CNY',
    available_minor: balances.available,
    warning_minor: warning,
    below_warning: warning > 0 && balances.available < warning,
  };
}

/** The checklist's steps, each ticked from the tenant's own rows. */
async function checklistOf(deps: AppDeps, user: UserRow) {
  const [facts, channels, dismissed] = await Promise.all([
    checklistFacts(deps.db, user.tenant_id),
    tenantChannels(deps, user.tenant_id),
    readUserSetting(deps, { tenantId: user.tenant_id, userId: user.id }, checklistDismissedSetting),
  ]);
  const done = { ...facts, channel: channels.length > 0 };
  return { dismissed, steps: CHECKLIST_STEPS.map((key) => ({ key, done: done[key] })) };
}

/** Closes (or shows again) the caller's checklist; the change and its audit row in one transaction. */
export async function setChecklistDismissed(deps: AppDeps, actor: Actor, dismissed: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    await upsertUserSetting(trx, actor.tenantId, actor.userId, checklistDismissedSetting.key, dismissed);
    await audit(trx, actor, {
      action: 'home.checklist',
      targetType: 'user',
      targetId: actor.userId,
      after: { dismissed },
    });
  });
  return { dismissed };
}
