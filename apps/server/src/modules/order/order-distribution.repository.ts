import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { filtered, type OrderReader } from './order.repository.js';

type Db = Kysely<DB>;

/** The columns of an order on the 配货 screen. */
function orderColumns(db: Db, tenantId: number, reader: OrderReader) {
  return filtered(db, tenantId, {}, reader)
    .innerJoin('shops as s', 's.id', 'o.shop_id')
    .select([
      'o.id',
      'o.amazon_order_id',
      's.name as shop_name',
      'o.marketplace',
      'o.status',
      'o.fulfillment_channel',
      'o.express_status',
      'o.parcel_weight_g',
      'o.parcel_length_cm',
      'o.parcel_width_cm',
      'o.parcel_height_cm',
      'o.distributed_at',
      'o.version',
    ]);
}

/**
 * The orders a scanned code matches: an Amazon order id, or a domestic tracking number of one
 * of their items' purchases (a supplier parcel may carry items of several orders).
 */
export function findByCode(db: Db, tenantId: number, code: string, reader: OrderReader) {
  return orderColumns(db, tenantId, reader)
    .where((eb) =>
      eb.or([
        eb('o.amazon_order_id', '=', code),
        eb.exists(
          eb
            .selectFrom('order_purchases as p')
            .select('p.id')
            .whereRef('p.order_id', '=', 'o.id')
            .where('p.tenant_id', '=', tenantId)
            .where('p.tracking_no', '=', code),
        ),
      ]),
    )
    .orderBy('o.id')
    .limit(20)
    .execute();
}

/**
 * A page of 配货: `pending` open orders not distributed with an item on its way or in
 * (purchased with a tracking number, received, or filled from stock); `ready` distributed
 * orders not shipped yet, newest first.
 */
export async function listDistribution(
  db: Db,
  tenantId: number,
  state: 'pending' | 'ready',
  page: { page: number; pageSize: number },
  reader: OrderReader,
) {
  // Amazon ships its own (FBA) orders: 配货 packs only seller-fulfilled ones.
  let q = filtered(db, tenantId, {}, reader)
    .where('o.status', '=', 'Unshipped')
    .where('o.fulfillment_channel', '=', '1');
  q =
    state === 'ready'
      ? q.where('o.distributed_at', 'is not', null)
      : q
          .where('o.distributed_at', 'is', null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('order_items as i')
                .select('i.id')
                .whereRef('i.order_id', '=', 'o.id')
                .where('i.express_status', 'in', ['2', '3']),
            ),
          );
  const ids = q.select('o.id');
  const [rows, total] = await Promise.all([
    orderColumns(db, tenantId, reader)
      .where('o.id', 'in', ids)
      .orderBy(state === 'ready' ? 'o.distributed_at' : 'o.purchase_date', 'desc')
      .orderBy('o.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The items of some orders with their purchase's tracking number and whether stock filled them. */
export function itemsOfOrders(db: Db, tenantId: number, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items as i')
    .leftJoin('order_purchases as p', (j) => j.onRef('p.item_id', '=', 'i.id').on('p.tenant_id', '=', tenantId))
    .select([
      'i.id',
      'i.order_id',
      'i.asin',
      'i.seller_sku',
      'i.title',
      'i.quantity',
      'i.express_status',
      'i.version',
      'i.receive_error',
      'p.tracking_no',
      sql<boolean>`coalesce((select sum(case m.reason when 'fill' then m.quantity when 'unfill' then -m.quantity else 0 end) from stock_movements m where m.item_id = i.id and m.tenant_id = ${tenantId}), 0) > 0`.as(
        'from_stock',
      ),
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', 'in', orderIds)
    .orderBy('i.id')
    .execute();
}

/** An order the caller may distribute, locked, with how many of its items are not received. */
export function lockDistributable(db: Db, tenantId: number, id: number, reader: OrderReader) {
  return filtered(db, tenantId, {}, reader)
    .select((eb) => [
      'o.id',
      'o.amazon_order_id',
      'o.status',
      'o.fulfillment_channel',
      'o.distributed_at',
      'o.version',
      eb
        .selectFrom('order_items as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .where('i.express_status', '<>', '3')
        .as('missing'),
      eb
        .selectFrom('order_items as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('items'),
    ])
    .where('o.id', '=', id)
    .forUpdate('o')
    .executeTakeFirst();
}

/** Records the parcel and the distribution (or clears it, `to` null) if the order still has `version`. */
export function setDistributed(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  to: { weight_g: number; length_cm: number; width_cm: number; height_cm: number; by: number } | null,
) {
  return db
    .updateTable('orders')
    .set((eb) => ({
      ...(to
        ? {
            parcel_weight_g: to.weight_g,
            parcel_length_cm: to.length_cm,
            parcel_width_cm: to.width_cm,
            parcel_height_cm: to.height_cm,
            distributed_at: new Date(),
            distributed_by: to.by,
          }
        : { distributed_at: null, distributed_by: null }),
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'distributed_at', 'version'])
    .executeTakeFirst();
}

/**
 * Keeps (a text) or clears (null) the last refused 确认收货 of an item (issue 29 §2); not versioned
 * (the item's state does not change). Clearing writes only a row that has one;
 */
export async function setReceiveError(db: Db, tenantId: number, itemId: number, error: string | null) {
  let q = db
    .updateTable('order_items')
    .set(
      error === null
        ? { receive_error: null, receive_error_at: null }
        : { receive_error: error, receive_error_at: sql`now()` },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', itemId);
  if (error === null) q = q.where('receive_error', 'is not', null);
  return q.executeTakeFirst();
}

/** An item's kept 确认收货 failure and express status, locked. */
export function lockReceiveError(db: Db, tenantId: number, itemId: number) {
  return db
    .selectFrom('order_items')
    .select(['id', 'order_id', 'express_status', 'receive_error'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
}
