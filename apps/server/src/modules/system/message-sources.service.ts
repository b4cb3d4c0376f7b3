import { ALL_AUTHS } from '@console/shared/constants/roles';
import { minor, toDecimalString } from '@console/shared/money';
import { type Permission, ROLE_PERMISSIONS } from '@console/shared/permissions/permissions';
import { HOLD_REASON_LABELS, type HoldReason } from '@console/shared/schemas/logistics';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { activeAccounts, settingHolders, shopAuthState, uploadQueueEnd } from './message-sources.repository.js';
import { clearDedupeKeys, type NewMessage } from './messages.repository.js';
import { postMessages } from './messages.service.js';

/**
 * What each area posts for a person to act on (issue 31 §2, docs/messages.md "Sources"): one
 * function per condition, called inside the transaction of the change (or by the job that finds
 * it). A repeated condition carries a dedupe key so it posts once per streak or crossing.
 */

type Db = Kysely<DB>;

const yuan = (fen: number) => `¥${toDecimalString(minor(fen), 'CNY')}`;

/** The roles (auth numbers) that hold a permission by role alone. */
export function rolesWith(permission: Permission): number[] {
  return ALL_AUTHS.filter((a) => (ROLE_PERMISSIONS[a] as readonly string[]).includes(permission));
}

/**
 * One message per role holding the permission (each reader sees its role's copy); a dedupe key
 * gets the role as `#<role>` (`clearDedupeKeys` clears every role's copy of a key).
 */
function toRoles(permission: Permission, m: Omit<NewMessage, 'userId' | 'role' | 'everyone'>): NewMessage[] {
  return rolesWith(permission).map((role) => ({
    ...m,
    role,
    ...(m.dedupeKey ? { dedupeKey: `${m.dedupeKey}#${role}` } : {}),
  }));
}

/** Item statuses of an upload that did not go live (RETRYABLE_ITEM_STATUSES). */
const UPLOAD_BAD = ['rejected', 'invalid', 'failed', 'unknown'] as const;

/**
 * An upload queue ended (done, or stopped with `stopped` as the reason): its creator reads how
 * many items failed. A queue that ended with every item live posts nothing.
 */
export async function uploadEnded(db: Db, queueId: number, stopped?: string): Promise<void> {
  const q = await uploadQueueEnd(db, queueId, UPLOAD_BAD);
  if (!q) return;
  const bad = Number(q.bad ?? 0);
  if (bad === 0 && !stopped) return;
  const shop = q.shop_name ? `(${q.shop_name})` : '';
  await postMessages(db, q.tenant_id, [
    {
      userId: q.created_by,
      source: 'upload',
      title: stopped
        ? `上传队列 #${q.id}${shop}已中止`
        : `上传队列 #${q.id}${shop}已完成,${bad}/${Number(q.total ?? 0)} 个失败`,
      body: stopped ?? '请查看失败原因,修改后重试失败项',
      link: `/goods/amazon/edit/${q.id}`,
      dedupeKey: `upload-end:${q.id}`,
    },
  ]);
}

/** A top-up was reviewed: its submitter reads the outcome. */
export async function topupReviewed(
  db: Db,
  t: { id: number; tenant_id: number; created_by: number; amount: number; currency: string },
  refusedFor?: string,
): Promise<void> {
  const amount = `${toDecimalString(minor(t.amount), t.currency)} ${t.currency}`;
  await postMessages(db, t.tenant_id, [
    {
      userId: t.created_by,
      source: 'finance',
      title: refusedFor === undefined ? `充值 ${amount} 已审核通过,已入账` : `充值 ${amount} 被驳回`,
      body: refusedFor ? `驳回原因:${refusedFor}` : '',
      link: '/member/user/topup-list',
    },
  ]);
}

/** A parcel was held by 运费审核 (余额不足, margin, battery...): the tenant's reviewers act on it. */
export async function parcelHeld(
  db: Db,
  tenantId: number,
  p: { id: number; amazon_order_id: string; reasons: HoldReason[] },
): Promise<void> {
  await postMessages(
    db,
    tenantId,
    toRoles('logistics.review', {
      source: 'logistics',
      title: `订单 ${p.amazon_order_id} 的包裹被运费审核拦截`,
      body: `拦截原因:${p.reasons.map((r) => HOLD_REASON_LABELS[r]).join('、')}`,
      link: `/order/intercept?keyword=${encodeURIComponent(p.amazon_order_id)}`,
      dedupeKey: `parcel-held:${p.id}:${p.reasons.join('|').slice(0, 200)}`,
    }),
  );
}

/**
 * A problem parcel was reported or stepped: the other side must answer. A seller's report or
 * step goes to the channel's book (a trader's main account, or the operator's internal
 * accounts for book 0); the warehouse side's step goes to the seller who reported it.
 */
export async function problemParcel(
  db: Db,
  internalIds: readonly number[],
  p: { id: number; tenant_id: number; book_id: number; created_by: number | null },
  bySeller: boolean,
  text: string,
): Promise<void> {
  const m = { source: 'logistics', title: `问题件 #${p.id}:${text}`, link: '/index/problem_package' };
  if (!bySeller) {
    await postMessages(db, p.tenant_id, [{ ...m, userId: p.created_by || p.tenant_id }]);
    return;
  }
  const handlers =
    p.book_id > 0 ? [{ id: p.book_id, tenant_id: p.book_id }] : await activeAccounts(db, [...internalIds]);
  for (const h of handlers) await postMessages(db, h.tenant_id, [{ ...m, userId: h.id }]);
}

/**
 * A shop's order sync ended: failing posts once per failure streak to the tenant's shop
 * managers; a run that works ends the streak (the next failure posts again).
 */
export async function orderSyncOutcome(
  db: Db,
  shop: { id: number; tenant_id: number; name: string },
  errors: string[],
): Promise<void> {
  const key = `order-sync:${shop.id}`;
  if (errors.length === 0) return clearDedupeKeys(db, shop.tenant_id, [key]);
  await postMessages(
    db,
    shop.tenant_id,
    toRoles('shop.manage', {
      source: 'order',
      title: `店铺「${shop.name}」订单同步失败`,
      body: errors.join('\n'),
      link: '/order/shop',
      dedupeKey: key,
    }),
  );
}

/**
 * Marks a shop's authorization lost through `mark` and, when it was working until now, tells
 * the shop managers once (a shop already 授权失效 posts nothing again).
 */
export async function shopAuthLost(
  db: Db,
  tenantId: number,
  shopId: number,
  message: string,
  mark: (db: Db) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await shopAuthState(trx, tenantId, shopId);
    await mark(trx);
    if (!before || before.auth_status === 'expired') return;
    await postMessages(
      trx,
      tenantId,
      toRoles('shop.manage', {
        source: 'shop',
        title: `店铺「${before.name}」授权失效,请重新授权`,
        body: message,
        link: '/order/shop',
      }),
    );
  });
}

/** The low-balance warning threshold's setting key (finance.service.ts `lowBalanceSetting`). */
export const LOW_BALANCE_KEY = 'finance.lowBalance';

/**
 * The tenant's available balance (CNY, fen) moved from `before` to `after`: each account whose
 * warning threshold it crossed downwards reads it once; rising back to the threshold re-arms it.
 */
export async function balanceMoved(db: Db, tenantId: number, before: number, after: number): Promise<void> {
  if (before === after) return;
  const holders = await settingHolders(db, tenantId, LOW_BALANCE_KEY);
  const rearm: string[] = [];
  const posts: NewMessage[] = [];
  for (const h of holders) {
    const warning = typeof h.value === 'number' && Number.isInteger(h.value) ? h.value : 0;
    if (warning <= 0) continue;
    const key = `balance-low:${h.user_id}`;
    if (after >= warning) rearm.push(key);
    else if (before >= warning)
      posts.push({
        userId: h.user_id,
        source: 'finance',
        title: `可用余额 ${yuan(after)} 已低于预警值 ${yuan(warning)}`,
        body: '请及时充值,余额不足时运单和采购会被拒绝',
        link: '/member/user/topup-add',
        dedupeKey: key,
      });
  }
  await clearDedupeKeys(db, tenantId, rearm);
  await postMessages(db, tenantId, posts);
}
