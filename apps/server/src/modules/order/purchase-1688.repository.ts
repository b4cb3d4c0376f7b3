import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/**
 * Whether the 1688 order of purchase `p` was placed with the tenant's own 1688 account (its
 * outbox row says so; docs/ali1688.md): the account that reads its logistics.
 */
function tenantAccountOf<QB extends SelectQueryBuilder<DB & { q: DB['order_purchases_1688'] }, 'q', object>>(qb: QB) {
  return qb
    .select('q.tenant_account')
    .whereRef('q.tenant_id', '=', 'p.tenant_id' as never)
    .whereRef('q.external_order_id', '=', 'p.external_order_id' as never)
    .limit(1);
}

/** An item of the tenant with its product's supplier link and its purchase's channel. */
export function itemForPurchase(db: Db, tenantId: number, itemId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('goods as g', (j) => j.onRef('g.id', '=', 'i.goods_id').on('g.tenant_id', '=', tenantId))
    .leftJoin('order_purchases as p', (j) => j.onRef('p.item_id', '=', 'i.id').on('p.tenant_id', '=', tenantId))
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'i.order_id').on('o.tenant_id', '=', tenantId))
    .select([
      'i.id',
      'i.order_id',
      'i.express_status',
      'i.version',
      'o.status',
      'g.link_url',
      'p.channel',
      'p.external_order_id',
      (eb) => tenantAccountOf(eb.selectFrom('order_purchases_1688 as q')).as('tenant_account'),
    ])
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

/** The 1688 order of an item placed (or being placed) but not recorded as its purchase yet. */
export function pendingPurchase1688(db: Db, tenantId: number, itemId: number) {
  return db
    .selectFrom('order_purchases_1688')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .where('state', '<>', 'recorded')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Writes down, before 1688 is called, that the console is placing an order (its reference). */
export function beginPurchase1688(
  db: Db,
  row: {
    tenant_id: number;
    item_id: number;
    out_order_id: string;
    quantity: number;
    created_by: number;
    tenant_account: boolean;
  },
) {
  return db
    .insertInto('order_purchases_1688')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'out_order_id']).doUpdateSet({ quantity: row.quantity, updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** 1688 accepted the order: its id, supplier and price are kept before anything else happens. */
export async function placedPurchase1688(
  db: Db,
  id: number,
  placed: { external_order_id: string; supplier: string; paid_minor: number },
) {
  await db
    .updateTable('order_purchases_1688')
    .set({ ...placed, state: 'placed', last_error: '', updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** 1688 refused the order: nothing was placed, the row goes. */
export async function dropPurchase1688(db: Db, id: number) {
  await db.deleteFrom('order_purchases_1688').where('id', '=', id).where('state', '=', 'placing').execute();
}

/** Keeps why the last try failed (shown to nobody yet; for the operator's database reading). */
export async function failedPurchase1688(db: Db, id: number, error: string) {
  await db
    .updateTable('order_purchases_1688')
    .set({ last_error: error.slice(0, 500), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The placed order is now the item's purchase (in the purchase's transaction). */
export async function recordedPurchase1688(db: Db, id: number) {
  await db
    .updateTable('order_purchases_1688')
    .set({ state: 'recorded', updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Items of every tenant bought through 1688 and not shipped by the supplier yet ('1' 待发货),
 * with the account that placed the purchase; the longest waiting first, `after` an item id
 * (the scheduled logistics check pages through them).
 */
export function awaiting1688Shipment(db: Db, limit: number, after = 0) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('order_purchases as p', (j) =>
      j.onRef('p.item_id', '=', 'i.id').onRef('p.tenant_id', '=', 'i.tenant_id'),
    )
    .select([
      'i.tenant_id',
      'i.id',
      'i.version',
      'p.external_order_id',
      'p.created_by',
      (eb) => tenantAccountOf(eb.selectFrom('order_purchases_1688 as q')).as('tenant_account'),
    ])
    .where('p.channel', '=', '1688')
    .where('p.external_order_id', 'is not', null)
    .where('i.express_status', '=', '1')
    .where('i.id', '>', after)
    .orderBy('i.id')
    .limit(limit)
    .execute();
}
