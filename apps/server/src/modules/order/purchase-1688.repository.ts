import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** An item of the tenant with its product's supplier link and its purchase's channel. */
export function itemForPurchase(db: Db, tenantId: number, itemId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('goods as g', (j) => j.onRef('g.id', '=', 'i.goods_id').on('g.tenant_id', '=', tenantId))
    .leftJoin('order_purchases as p', (j) => j.onRef('p.item_id', '=', 'i.id').on('p.tenant_id', '=', tenantId))
    .select(['i.id', 'i.express_status', 'i.version', 'g.link_url', 'p.channel', 'p.external_order_id'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

/** Marks an item's purchase as placed through 1688 with the 1688 order id. */
export async function markPurchase1688(db: Db, tenantId: number, itemId: number, orderId: string) {
  await db
    .updateTable('order_purchases')
    .set({ channel: '1688', external_order_id: orderId, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .execute();
}
