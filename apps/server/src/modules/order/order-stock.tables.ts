import type { ColumnType, Generated } from 'kysely';
import type { StockDocType } from '../../inventory/inventory.tables.js';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

/** A stock-up product (备货商品) with its on-hand balance (migration 20261127_133000). */
export interface StockProductsTable {
  id: BigId;
  tenant_id: number;
  sku: string;
  title: Generated<string>;
  goods_id: number | null;
  remark: Generated<string>;
  /**
   * Units on hand in China: the mirror of the China location's balance (stock_balances), which
   * only the inventory service writes (migration 20261205_120000).
   */
  quantity: Generated<number>;
  /** Null for a product the sync made for a cancelled order's received units (migration 20261128_110100). */
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
  /** The SKU's warehouse facts (migration 20261205_120000; issue 30 §2). */
  name_en: Generated<string>;
  /** The library variation's SKU this stock SKU is (with `goods_id`); '' when not linked. */
  goods_sku: Generated<string>;
  barcode: Generated<string>;
  weight_g: number | null;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  declared_value_minor: number | null;
  declared_currency: Generated<string>;
  hs_code: Generated<string>;
  battery: Generated<boolean>;
  pictures: ColumnType<string[], string[] | undefined, string[]>;
  reorder_point: Generated<number>;
}

/**
 * One movement of stock, written once by the inventory service (src/inventory): 入库 `in`,
 * 出库 `out` (on hand), `reserve` / `release` (reserved), with the balances after it at its location.
 */
export interface StockMovementsTable {
  id: BigId;
  tenant_id: number;
  stock_id: number;
  /** The place (migration 20261205_120000; the China location for the stock-up stock). */
  location_id: number;
  kind: 'in' | 'out' | 'reserve' | 'release';
  quantity: number;
  /** On hand at the location after the movement. */
  balance_after: number;
  /** Reserved at the location after the movement. */
  reserved_after: Generated<number>;
  doc_type: Generated<StockDocType>;
  doc_id: number | null;
  order_id: number | null;
  item_id: number | null;
  note: Generated<string>;
  /** Why a movement tied to an order item was written (migration 20261128_110100). */
  reason: Generated<StockMovementReason>;
  /** Null when the sync moved a cancelled order's received units into stock. */
  created_by: number | null;
  created_at: Generated<Date>;
}

/**
 * `fill` an item filled from stock, `unfill` that fill undone, `surplus` purchased units beyond
 * the order's need (or a cancelled order's) put into stock, `surplus_undo` that receipt undone;
 * '' a movement by hand. Issue 30: `receipt` (a document received), `pick` (shipped out),
 * `transfer` (sent to another location), `adjust`, `count` (a stock count's difference),
 * `damaged`, `fba_sync` (Amazon's figure), `cancel` (a reservation released by a cancellation).
 */
export type StockMovementReason =
  | ''
  | 'fill'
  | 'unfill'
  | 'surplus'
  | 'surplus_undo'
  | 'receipt'
  | 'pick'
  | 'transfer'
  | 'adjust'
  | 'count'
  | 'damaged'
  | 'fba_sync'
  | 'cancel';

/** A 1688 order the console placed (the outbox of `POST /order/purchase1688`). */
export interface OrderPurchases1688Table {
  id: BigId;
  tenant_id: number;
  item_id: number;
  /** The reference sent to 1688 (`item-<id>-v<version>`). */
  out_order_id: string;
  quantity: number;
  /** `placing` before 1688 answered, `placed` accepted by 1688, `recorded` the purchase recorded. */
  state: Generated<'placing' | 'placed' | 'recorded'>;
  external_order_id: string | null;
  supplier: Generated<string>;
  paid_minor: number | null;
  last_error: Generated<string>;
  /** Placed with the tenant's own connected 1688 account (docs/ali1688.md), else the app's. */
  tenant_account: Generated<boolean>;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The stock-up tables of the order module. */
  interface DB {
    stock_products: StockProductsTable;
    stock_movements: StockMovementsTable;
    order_purchases_1688: OrderPurchases1688Table;
  }
}
