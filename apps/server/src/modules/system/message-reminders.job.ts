import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { defineJob } from '../../lib/server-module.js';
import { expiringAccounts, shopsAuthorizedBefore } from './message-sources.repository.js';
import { rolesWith } from './message-sources.service.js';
import { postMessages } from './messages.service.js';

/** Days before an account's use ends that its holder is reminded (once per end date). */
export const ACCOUNT_EXPIRY_NOTICE_DAYS = 7;
/** Days before a shop's seller authorization ends (a year after it was given) that its managers are reminded. */
export const SHOP_AUTH_NOTICE_DAYS = 14;
/** A seller's authorization of the application lasts this long (Amazon SP-API: 365 days). */
export const SHOP_AUTH_DAYS = 365;

const DAY = 86_400_000;

/** YYYY-MM-DD of a moment in Beijing time (the users' day). */
export const beijingDate = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** What one reminder run posted. */
export interface ReminderRun {
  accounts: number;
  shops: number;
}

/**
 * Reminds of what ends soon: an account's use (to the account, and to its tenant's main account
 * for a child) and a shop's authorization (to the shop managers). Each end date posts once: the
 * dedupe key names it, so a daily run repeats nothing and a renewal reminds again next time.
 */
export async function runReminders(deps: AppDeps, now = new Date()): Promise<ReminderRun> {
  const run: ReminderRun = { accounts: 0, shops: 0 };
  for (const a of await expiringAccounts(deps.db, new Date(now.getTime() + ACCOUNT_EXPIRY_NOTICE_DAYS * DAY))) {
    const end = beijingDate(a.end_time!);
    const base = { source: 'account', title: `账号将于 ${end} 到期`, body: '到期后将无法登录,请及时续期' };
    const to = a.id === a.tenant_id ? [a.id] : [a.id, a.tenant_id];
    const ids = await postMessages(
      deps.db,
      a.tenant_id,
      to.map((userId) => ({
        ...base,
        userId,
        title: userId === a.id ? base.title : `子账号 #${a.id} 将于 ${end} 到期`,
        link: userId === a.id ? '/index' : '/system/admin/member',
        dedupeKey: `account-expiry:${a.id}:${userId}:${end}`,
      })),
    );
    run.accounts += ids.length;
  }
  const since = new Date(now.getTime() - (SHOP_AUTH_DAYS - SHOP_AUTH_NOTICE_DAYS) * DAY);
  for (const s of await shopsAuthorizedBefore(deps.db, since)) {
    const end = beijingDate(new Date(s.authorized_at!.getTime() + SHOP_AUTH_DAYS * DAY));
    const ids = await postMessages(
      deps.db,
      s.tenant_id,
      rolesWith('shop.manage').map((role) => ({
        role,
        source: 'shop',
        title: `店铺「${s.name}」的授权将于 ${end} 到期`,
        body: '授权到期后无法同步订单和上传商品,请重新授权',
        link: '/order/shop',
        dedupeKey: `shop-auth-expiring:${s.id}:${end}#${role}`,
      })),
    );
    run.shops += ids.length;
  }
  return run;
}

/** Every day at 09:00 Beijing time. */
export const messageReminders = defineJob({
  kind: 'message-reminders',
  payload: z.object({}),
  schedule: { cron: '0 9 * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    await runReminders(ctx.deps);
  },
});
