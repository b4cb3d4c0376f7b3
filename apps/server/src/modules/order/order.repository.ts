import type { ExpressStatus, OrderListBody } from '@console/shared/schemas/order';
import { type Kysely, sql } from 'kysely';
import { pageLimit, QueryShapes, type SlotOf } from '../../db/query-shapes.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Who reads the list: `staffOf` narrows to the shops given to that account (group leaders, workers). */
export interface OrderReader {
  staffOf?: number;
  /** Workers see only the orders assigned to them (`order-assign.service.ts`). */
  assignedTo?: number;
}

const ordersOf = (db: Db) => db.selectFrom('orders as o');
type OrderQuery = ReturnType<typeof ordersOf>;

/** One condition of the order filter: its name in the query shape, its values, how it filters. */
interface OrderCondition {
  name: string;
  values: unknown[];
  apply: (q: OrderQuery, v: never[]) => OrderQuery;
}

/** The conditions of the list's filters and the reader's scope, in a fixed order. */
function orderConditions(tenantId: number, f: Omit<OrderListBody, 'page' | 'pageSize'>, reader: OrderReader) {
  const c: OrderCondition[] = [
    { name: 'tenant', values: [tenantId], apply: (q, [v]: number[]) => q.where('o.tenant_id', '=', v!) },
  ];
  if (f.shop_id !== undefined) {
    c.push({ name: 'shop', values: [f.shop_id], apply: (q, [v]: number[]) => q.where('o.shop_id', '=', v!) });
  }
  if (f.marketplace) {
    c.push({ name: 'site', values: [f.marketplace], apply: (q, [v]: string[]) => q.where('o.marketplace', '=', v!) });
  }
  if (f.fulfillment_channel) {
    c.push({
      name: 'channel',
      values: [f.fulfillment_channel],
      apply: (q, [v]: ('0' | '1')[]) => q.where('o.fulfillment_channel', '=', v!),
    });
  }
  if (f.express_status) {
    c.push({
      name: 'express',
      values: [f.express_status],
      apply: (q, [v]: ExpressStatus[]) => q.where('o.express_status', '=', v!),
    });
  }
  if (f.startTime) {
    c.push({
      name: 'start',
      values: [new Date(f.startTime * 1000)],
      apply: (q, [v]: Date[]) => q.where('o.purchase_date', '>=', v!),
    });
  }
  if (f.endTime) {
    c.push({
      name: 'end',
      values: [new Date(f.endTime * 1000)],
      apply: (q, [v]: Date[]) => q.where('o.purchase_date', '<=', v!),
    });
  }
  if (f.keyword) {
    c.push({
      name: 'keyword',
      values: [f.keyword, f.keyword.toUpperCase()],
      apply: (q, [kw, upper]: string[]) =>
        q.where((eb) =>
          eb.or([
            eb('o.amazon_order_id', '=', kw!),
            eb.exists(
              eb
                .selectFrom('order_items as i')
                .select('i.id')
                .whereRef('i.order_id', '=', 'o.id')
                .where((w) => w.or([w('i.asin', '=', upper!), w('i.seller_sku', '=', kw!)])),
            ),
          ]),
        ),
    });
  }
  if (f.oversold) {
    // 超卖: an item beyond its listing's stock (`order-oversold.repository.ts`).
    c.push({
      name: 'oversold',
      values: [],
      apply: (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('order_items as i')
              .select('i.id')
              .whereRef('i.order_id', '=', 'o.id')
              .where('i.oversold', '=', true),
          ),
        ),
    });
  }
  if (reader.assignedTo !== undefined) {
    c.push({
      name: 'assigned',
      values: [reader.assignedTo],
      apply: (q, [v]: number[]) => q.where('o.assigned_to', '=', v!),
    });
  }
  if (reader.staffOf !== undefined) {
    c.push({
      name: 'staff',
      values: [reader.staffOf],
      apply: (q, [uid]: number[]) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('shops as s')
              .select('s.id')
              .whereRef('s.id', '=', 'o.shop_id')
              .where((w) =>
                w.or([w(sql`cardinality(s.staff_ids)`, '=', 0), w(sql`${uid}`, '=', w.fn.any('s.staff_ids'))]),
              ),
          ),
        ),
    });
  }
  return c;
}

/** Applies conditions with their values, or with slots (consecutive from 0) when a query shape is compiled. */
function applyConditions(q: OrderQuery, conditions: OrderCondition[], slot?: SlotOf): OrderQuery {
  let next = 0;
  return conditions.reduce(
    (acc, c) => c.apply(acc, (slot ? c.values.map(() => slot(next++)) : c.values) as never[]),
    q,
  );
}

const valuesOf = (conditions: OrderCondition[]) => conditions.flatMap((c) => c.values);
const shapeOf = (conditions: OrderCondition[]) => conditions.map((c) => c.name).join(',');

/** The filtered orders of a tenant (every filter of 订单处理 but the status tab). */
export function filtered(db: Db, tenantId: number, f: Omit<OrderListBody, 'page' | 'pageSize'>, reader: OrderReader) {
  return applyConditions(ordersOf(db), orderConditions(tenantId, f, reader));
}

/** The list's two statements, compiled once per filter shape (`db/query-shapes.ts`). */
const listShapes = new QueryShapes();

/**
 * One page of orders (newest purchase first) with their shop's name and first item. The page's
 * total is not counted here: it is the status tab's count of `countOrdersByStatus` (same filters),
 * so the list costs two statements, not three (docs/benchmarks.md "bench:orders").
 */
export async function listOrders(db: Db, tenantId: number, f: OrderListBody, reader: OrderReader) {
  return (await db.executeQuery(orderPageQuery(db, tenantId, f, reader))).rows;
}

/** The statement of `listOrders` (bench/order-list.ts sends the same SQL by hand). */
export function orderPageQuery(db: Db, tenantId: number, f: OrderListBody, reader: OrderReader) {
  const conditions = orderConditions(tenantId, f, reader);
  const offset = (f.page - 1) * f.pageSize;
  const values = [...valuesOf(conditions), ...(f.status ? [f.status] : []), ...(offset > 0 ? [offset] : [])];
  const key = `page:${shapeOf(conditions)}${f.status ? ':status' : ''}:${offset > 0 ? 'offset' : 'first'}:${f.pageSize}`;
  return listShapes.compiled(
    key,
    values,
    (slot) => {
      let q = applyConditions(ordersOf(db), conditions, slot);
      // Slots: the conditions' values, the status tab, the offset (the page size is a literal).
      const at = valuesOf(conditions).length;
      if (f.status) q = q.where('o.status', '=', slot(at));
      const page = q
        .innerJoin('shops as s', 's.id', 'o.shop_id')
        .select((eb) => [
          'o.id',
          'o.shop_id',
          's.name as shop_name',
          'o.marketplace',
          'o.amazon_order_id',
          'o.status',
          'o.amazon_status',
          'o.fulfillment_channel',
          'o.express_status',
          // Unix seconds from PostgreSQL, not timestamp text that Node parses into dates.
          sql<string>`floor(extract(epoch from o.purchase_date))::int8`.as('purchase_s'),
          sql<string | null>`floor(extract(epoch from o.latest_ship_date))::int8`.as('latest_ship_s'),
          'o.currency',
          'o.total_minor',
          'o.item_count',
          'o.ship_city',
          'o.ship_state',
          'o.ship_postal',
          'o.ship_country',
          'o.buyer',
          'o.assigned_to',
          sql<string | null>`floor(extract(epoch from o.distributed_at))::int8`.as('distributed_s'),
          'o.version',
          eb
            .exists(
              eb
                .selectFrom('order_items as i')
                .select('i.id')
                .whereRef('i.order_id', '=', 'o.id')
                .where('i.oversold', '=', true),
            )
            .as('oversold'),
          eb
            .selectFrom('order_items as i')
            .select(
              sql<[string, string | null, string | null]>`json_build_array(i.asin, i.seller_sku, i.title)`.as('first'),
            )
            .whereRef('i.order_id', '=', 'o.id')
            .orderBy('i.id')
            .limit(sql.lit(1))
            .as('first_item'),
        ])
        .orderBy('o.purchase_date', 'desc')
        .orderBy('o.id', 'desc')
        .limit(pageLimit(f.pageSize));
      return offset > 0 ? page.offset(slot(values.length - 1)) : page;
    },
    { prepare: true },
  );
}

/** Orders per status under the list's other filters (the tabs' counts). */
export async function countOrdersByStatus(db: Db, tenantId: number, f: OrderListBody, reader: OrderReader) {
  const rows = (await db.executeQuery(statusCountsQuery(db, tenantId, f, reader))).rows;
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** The statement of `countOrdersByStatus`. */
export function statusCountsQuery(db: Db, tenantId: number, f: OrderListBody, reader: OrderReader) {
  const conditions = orderConditions(tenantId, f, reader);
  return listShapes.compiled(
    `counts:${shapeOf(conditions)}`,
    valuesOf(conditions),
    (slot) =>
      applyConditions(ordersOf(db), conditions, slot)
        .select((eb) => ['o.status', eb.fn.countAll<string>().as('n')])
        .groupBy('o.status'),
    { prepare: true },
  );
}

/** One order of the tenant with its shop's name; another tenant's id finds nothing. */
export function findOrder(db: Db, tenantId: number, id: number, reader: OrderReader) {
  return filtered(db, tenantId, {}, reader)
    .innerJoin('shops as s', 's.id', 'o.shop_id')
    .selectAll('o')
    .select('s.name as shop_name')
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** An order's items with their product's picture, supplier link and cost, and their purchase. */
export function listOrderItems(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('goods as g', (j) => j.onRef('g.id', '=', 'i.goods_id').on('g.tenant_id', '=', tenantId))
    .leftJoin('order_purchases as p', (j) => j.onRef('p.item_id', '=', 'i.id').on('p.tenant_id', '=', tenantId))
    .select([
      'i.id',
      'i.amazon_item_id',
      'i.asin',
      'i.seller_sku',
      'i.title',
      'i.quantity',
      'i.currency',
      'i.item_price_minor',
      'i.goods_id',
      'i.variation_key',
      'i.express_status',
      'i.oversold',
      'i.receive_error',
      'i.version',
      sql<string | null>`g.images->0->>'url'`.as('image'),
      'g.link_url',
      sql<string | null>`g.base_info->>'cost_price'`.as('cost_price'),
      'p.supplier',
      'p.supplier_order_no',
      'p.paid_minor',
      'p.paid_currency',
      'p.quantity as purchase_quantity',
      'p.tracking_no',
      'p.created_by as purchase_by',
      'p.created_at as purchase_at',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/** An order's history, oldest first, with the names of who did what. */
export function listOrderEvents(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').on('u.tenant_id', '=', tenantId))
    .select(['e.id', 'e.kind', 'e.text', 'e.created_at', 'u.user_name', 'u.account'])
    .where('e.tenant_id', '=', tenantId)
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
}

/** One item of the tenant with its order's state, locked for the transaction. */
export function lockOrderItem(db: Db, tenantId: number, itemId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.order_id',
      'i.express_status',
      'i.version',
      'i.quantity',
      'o.status',
      'o.shop_id',
      'o.amazon_order_id',
      'o.distributed_at',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('o.tenant_id', '=', tenantId)
    .where('i.id', '=', itemId)
    .forUpdate('i')
    .executeTakeFirst();
}

/** Moves an item to an express status if it still has `version`; answers the new version. */
export async function setItemExpress(db: Db, tenantId: number, itemId: number, version: number, to: ExpressStatus) {
  const row = await db
    .updateTable('order_items')
    // Any step of the item puts away a kept 确认收货 failure (the item moved on).
    .set((eb) => ({
      express_status: to,
      version: eb('version', '+', 1),
      updated_at: new Date(),
      receive_error: null,
      receive_error_at: null,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', itemId)
    .where('version', '=', version)
    .returning(['id', 'express_status', 'version'])
    .executeTakeFirst();
  return row;
}

/** Sets an order's express status to its least advanced item's; answers it. */
export async function refreshOrderExpress(db: Db, tenantId: number, orderId: number): Promise<ExpressStatus> {
  const row = await db
    .updateTable('orders')
    .set({
      express_status: sql<ExpressStatus>`coalesce((select min(express_status) from order_items where order_id = ${orderId} and tenant_id = ${tenantId}), '0')`,
      updated_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .returning('express_status')
    .executeTakeFirstOrThrow();
  return row.express_status;
}

/** Records (or replaces) an item's purchase. */
export async function upsertPurchase(
  db: Db,
  row: {
    tenant_id: number;
    order_id: number;
    item_id: number;
    supplier: string;
    supplier_order_no: string;
    paid_minor: number;
    quantity: number;
    tracking_no: string;
    created_by: number;
  },
) {
  await db
    .insertInto('order_purchases')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['item_id', 'tenant_id']).doUpdateSet((eb) => ({
        supplier: eb.ref('excluded.supplier'),
        supplier_order_no: eb.ref('excluded.supplier_order_no'),
        paid_minor: eb.ref('excluded.paid_minor'),
        quantity: eb.ref('excluded.quantity'),
        tracking_no: eb.ref('excluded.tracking_no'),
        updated_at: new Date(),
      })),
    )
    .execute();
}

/** Sets the domestic tracking number of an item's purchase. */
export async function setPurchaseTracking(db: Db, tenantId: number, itemId: number, trackingNo: string) {
  await db
    .updateTable('order_purchases')
    .set({ tracking_no: trackingNo, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .execute();
}

/** Removes an item's purchase (the purchase was undone). */
export async function deletePurchase(db: Db, tenantId: number, itemId: number) {
  await db.deleteFrom('order_purchases').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
}

/**
 * The orders the reader sees per status and their items per express status, orders per day since
 * `since`, and the sync states of the shops the reader sees (a worker: his own orders only).
 */
export async function orderOverview(db: Db, tenantId: number, since: Date, timeZone: string, reader: OrderReader) {
  const mine = () => filtered(db, tenantId, {}, reader);
  let syncs = db
    .selectFrom('order_sync_states as st')
    .innerJoin('shops as s', 's.id', 'st.shop_id')
    .select(['st.shop_id', 's.name', 'st.marketplace', 'st.cursor', 'st.last_run_at', 'st.last_error'])
    .where('st.tenant_id', '=', tenantId)
    .where('s.tenant_id', '=', tenantId);
  if (reader.staffOf !== undefined) {
    const uid = reader.staffOf;
    syncs = syncs.where((w) =>
      w.or([w(sql`cardinality(s.staff_ids)`, '=', 0), w(sql`${uid}`, '=', w.fn.any('s.staff_ids'))]),
    );
  }
  const [statuses, express, days, syncRows, oversold] = await Promise.all([
    mine()
      .select((eb) => ['o.status', eb.fn.countAll<string>().as('n')])
      .groupBy('o.status')
      .execute(),
    // The purchasing work: items of open seller-fulfilled orders (not cancelled, refunded,
    // shipped or fulfilled by Amazon, whose items stay 未采购 for good).
    db
      .selectFrom('order_items as i')
      .select((eb) => ['i.express_status', eb.fn.countAll<string>().as('n')])
      .where('i.tenant_id', '=', tenantId)
      .where(
        'i.order_id',
        'in',
        mine()
          .select('o.id')
          .where('o.status', 'in', ['Pending', 'Unshipped'])
          .where('o.fulfillment_channel', '=', '1'),
      )
      .groupBy('i.express_status')
      .execute(),
    mine()
      .select((eb) => [
        sql<string>`to_char(o.purchase_date at time zone ${timeZone}, 'YYYY-MM-DD')`.as('day'),
        eb.fn.countAll<string>().as('n'),
      ])
      .where('o.purchase_date', '>=', since)
      .groupBy('day')
      .orderBy('day')
      .execute(),
    syncs.orderBy('st.shop_id').orderBy('st.marketplace').execute(),
    // 超卖: orders with an item beyond its listing's stock (the 超卖 filter of 订单处理).
    filtered(db, tenantId, { oversold: true }, reader)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { statuses, express, days, syncs: syncRows, oversold: Number(oversold?.n ?? 0) };
}
