import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { FeedbackRow, PerformanceFigures } from '@console/shared/schemas/seller-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { rolesWith } from '../system/message-sources.service.js';
import { clearDedupeKeys, type NewMessage } from '../system/messages.repository.js';
import { postMessages } from '../system/messages.service.js';

/**
 * What the seller reports post (docs/reports.md "Messages"), to every role that may use shops
 * (`shop.use`, like the screens): account health turning at risk (once per streak: a healthy
 * report ends it), and each new feedback of 1 or 2 stars.
 */

type Db = Kysely<DB>;
type Shop = { id: number; tenant_id: number; name: string };

const toRoles = (m: Omit<NewMessage, 'role'>): NewMessage[] =>
  rolesWith('shop.use').map((role) => ({
    ...m,
    role,
    ...(m.dedupeKey ? { dedupeKey: `${m.dedupeKey}#${role}` } : {}),
  }));

const mpName = (id: string) => marketplaceById(id)?.name ?? id;

/** Account status or rating that needs the seller's attention. */
export function atRisk(f: PerformanceFigures): boolean {
  return f.account_status === 'AT_RISK' || f.account_status === 'DEACTIVATED' || f.ahr_status === 'WARNED';
}

/** A performance report was read: at risk posts once per streak, healthy ends the streak. */
export async function performanceRead(db: Db, shop: Shop, f: PerformanceFigures): Promise<void> {
  const key = `seller-health:${shop.id}:${f.marketplace_id}`;
  if (!atRisk(f)) {
    await clearDedupeKeys(
      db,
      shop.tenant_id,
      rolesWith('shop.use').map((r) => `${key}#${r}`),
    );
    return;
  }
  const status = f.account_status === 'DEACTIVATED' ? '已停用' : '有风险';
  const odr = Math.max(f.odr_mfn.rate, f.odr_afn.rate);
  await postMessages(
    db,
    shop.tenant_id,
    toRoles({
      source: 'shop',
      title: `店铺「${shop.name}」${mpName(f.marketplace_id)}账户状况${status}`,
      body: `账户状态 ${f.account_status || '-'},账户状况评级 ${f.ahr_status || '-'},订单缺陷率 ${(odr * 100).toFixed(2)}%`,
      link: '/platform/reports/sellerPerformance/list',
      dedupeKey: key,
    }),
  );
}

/** New feedback rows were stored: each one of 1-2 stars posts. */
export async function negativeFeedback(db: Db, shop: Shop, marketplaceId: string, fresh: FeedbackRow[]): Promise<void> {
  const bad = fresh.filter((f) => f.rating <= 2);
  for (const f of bad) {
    await postMessages(
      db,
      shop.tenant_id,
      toRoles({
        source: 'shop',
        title: `店铺「${shop.name}」${mpName(marketplaceId)}收到 ${f.rating} 星差评(订单 ${f.order_id})`,
        body: f.comments,
        link: '/platform/reports/sellerFeedback/list',
        dedupeKey: `seller-feedback:${shop.id}:${f.order_id}:${f.feedback_date}`,
      }),
    );
  }
}
