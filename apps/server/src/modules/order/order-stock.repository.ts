import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { StockMovementReason } from './order-stock.tables.js';

type Db = Kysely<DB>;

const PRODUCT_COLUMNS = ['id', 'sku', 'title', 'goods_id', 'remark', 'quantity', 'updated_at', 'version'] as const;

/** A page of the tenant's stock-up products (SKU order), by SKU or title. */
export async function listStock(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined; in_stock?: boolean | undefined },
) {
  let q = db.selectFrom('stock_products').where('tenant_id', '=', tenantId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('sku', 'ilike', like), eb('title', 'ilike', like)]));
  }
  if (f.in_stock) q = q.where('quantity', '>', 0);
  const [rows, total] = await Promise.all([
    q
      .select(PRODUCT_COLUMNS)
      .orderBy('sku')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One stock-up product of the tenant (another tenant's id finds nothing). */
export function findStock(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('stock_products')
    .select(PRODUCT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a product of the tenant exists (for `goods_id`). */
export async function goodsExists(db: Db, tenantId: number, goodsId: number) {
  const row = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', goodsId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates a stock-up product with no stock. */
export function insertStock(
  db: Db,
  row: {
    tenant_id: number;
    sku: string;
    title: string;
    goods_id: number | null;
    remark: string;
    created_by: number | null;
  },
) {
  return db.insertInto('stock_products').values(row).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow();
}

/** Changes a product's SKU, title, product link and remark if it still has `version`. */
export function updateStock(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  set: { sku: string; title: string; goods_id: number | null; remark: string },
) {
  return db
    .updateTable('stock_products')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirst();
}

/** Whether a product has any movement (its ledger is kept: such a product is not deleted). */
export async function hasMovements(db: Db, tenantId: number, id: number) {
  const row = await db
    .selectFrom('stock_movements')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('stock_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a product. */
export async function deleteStock(db: Db, tenantId: number, id: number) {
  const r = await db.deleteFrom('stock_products').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return Number(r[0]?.numDeletedRows ?? 0);
}

/**
 * What an order item moved in stock, per reason (units, positive): fills and their undos, surplus
 * receipts and their undos; with the product of the item's last fill.
 */
export async function itemStockMoves(db: Db, tenantId: number, itemId: number) {
  const rows = await db
    .selectFrom('stock_movements')
    .select(['stock_id', 'reason', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .where('reason', '<>', '')
    .orderBy('id')
    .execute();
  const sum = { fill: 0, unfill: 0, surplus: 0, surplus_undo: 0 } as Record<Exclude<StockMovementReason, ''>, number>;
  let fillStock: number | null = null;
  let surplusStock: number | null = null;
  for (const r of rows) {
    if (r.reason === '') continue;
    sum[r.reason] += r.quantity;
    if (r.reason === 'fill') fillStock = Number(r.stock_id);
    if (r.reason === 'surplus') surplusStock = Number(r.stock_id);
  }
  return {
    filled: sum.fill - sum.unfill,
    fillStock,
    surplus: sum.surplus - sum.surplus_undo,
    surplusStock,
  };
}

/** The stock-up product of a SKU, made (without a person when `createdBy` is null) if the tenant has none. */
export async function stockOfSku(
  db: Db,
  row: { tenant_id: number; sku: string; title: string; goods_id: number | null; created_by: number | null },
) {
  await db
    .insertInto('stock_products')
    .values({ ...row, remark: '采购多余自动入库' })
    .onConflict((oc) => oc.columns(['tenant_id', 'sku']).doNothing())
    .execute();
  return db
    .selectFrom('stock_products')
    .select('id')
    .where('tenant_id', '=', row.tenant_id)
    .where('sku', '=', row.sku)
    .executeTakeFirstOrThrow();
}

/**
 * The purchased and received items of an order (or one item) with what their purchase brought:
 * the order's status, the item's need and SKU, the purchase's quantity.
 */
export function receivedPurchases(db: Db, tenantId: number, by: { orderId: number } | { itemId: number }) {
  let q = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('order_purchases as p', (j) => j.onRef('p.item_id', '=', 'i.id').on('p.tenant_id', '=', tenantId))
    .select([
      'i.id',
      'i.order_id',
      'i.quantity',
      'i.asin',
      'i.seller_sku',
      'i.title',
      'i.goods_id',
      'o.status',
      'o.amazon_order_id',
      'p.quantity as purchased',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('o.tenant_id', '=', tenantId)
    .where('i.express_status', '=', '3');
  q = 'orderId' in by ? q.where('i.order_id', '=', by.orderId) : q.where('i.id', '=', by.itemId);
  return q.orderBy('i.id').execute();
}

/** A page of movements of one kind (入库记录 / 出库记录), newest first, with product, order and who. */
export async function listMovements(
  db: Db,
  tenantId: number,
  f: {
    page: number;
    pageSize: number;
    kind: 'in' | 'out';
    stock_id?: number | undefined;
    keyword?: string | undefined;
  },
) {
  let q = db
    .selectFrom('stock_movements as m')
    .innerJoin('stock_products as s', 's.id', 'm.stock_id')
    // The stock-up screens show the China location; the other places have 库存流水 (docs/inventory.md).
    .innerJoin('stock_locations as l', (j) => j.onRef('l.id', '=', 'm.location_id').on('l.kind', '=', 'china'))
    .where('m.tenant_id', '=', tenantId)
    .where('m.kind', '=', f.kind);
  if (f.stock_id !== undefined) q = q.where('m.stock_id', '=', f.stock_id);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) =>
      eb.or([
        eb('s.sku', '=', kw),
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.id', '=', 'm.order_id')
            .where('o.tenant_id', '=', tenantId)
            .where('o.amazon_order_id', '=', kw),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    q
      .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'm.order_id').on('o.tenant_id', '=', tenantId))
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'm.created_by').on('u.tenant_id', '=', tenantId))
      .select([
        'm.id',
        'm.stock_id',
        's.sku',
        's.title',
        'm.kind',
        'm.quantity',
        'm.balance_after',
        'm.order_id',
        'o.amazon_order_id',
        'm.note',
        'u.user_name',
        'u.account',
        'm.created_at',
      ])
      .orderBy('m.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
