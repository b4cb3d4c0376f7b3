import type { OrderExportFilter } from '@console/shared/schemas/order-export';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { filtered, type OrderReader } from './order.repository.js';

type Db = Kysely<DB>;

/** The export's orders: the list's filters with the status tab. */
function selection(db: Db, tenantId: number, f: OrderExportFilter, reader: OrderReader) {
  const q = filtered(db, tenantId, f, reader);
  return f.status ? q.where('o.status', '=', f.status) : q;
}

/** How many orders an export holds. */
export async function countExportOrders(db: Db, tenantId: number, f: OrderExportFilter, reader: OrderReader) {
  const row = await selection(db, tenantId, f, reader)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One batch of the export's orders, newest id first, below `beforeId` (keyset). */
export function exportOrderBatch(
  db: Db,
  tenantId: number,
  f: OrderExportFilter,
  reader: OrderReader,
  size: number,
  beforeId?: number,
) {
  let q = selection(db, tenantId, f, reader)
    .innerJoin('shops as s', 's.id', 'o.shop_id')
    .select([
      'o.id',
      's.name as shop_name',
      'o.marketplace',
      'o.amazon_order_id',
      'o.status',
      'o.fulfillment_channel',
      'o.express_status',
      'o.purchase_date',
      'o.latest_ship_date',
      'o.currency',
      'o.total_minor',
      'o.ship_city',
      'o.ship_state',
      'o.ship_postal',
      'o.ship_country',
      'o.buyer',
    ]);
  if (beforeId !== undefined) q = q.where('o.id', '<', beforeId);
  return q.orderBy('o.id', 'desc').limit(size).execute();
}

/** The items of some orders of the tenant with their purchase. */
export function exportItemsOf(db: Db, tenantId: number, orderIds: number[]) {
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
      'i.currency',
      'i.item_price_minor',
      'p.supplier',
      'p.supplier_order_no',
      'p.paid_minor',
      'p.tracking_no',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', 'in', orderIds)
    .orderBy('i.order_id', 'desc')
    .orderBy('i.id')
    .execute();
}

export type ExportOrderRow = Awaited<ReturnType<typeof exportOrderBatch>>[number];
export type ExportItemRow = Awaited<ReturnType<typeof exportItemsOf>>[number];
