import type { ColumnType, Generated } from 'kysely';

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
  /** Units on hand: the balance of the product's movements, never negative (a check). */
  quantity: Generated<number>;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** One movement of stock (入库 `in`, 出库 `out`), written once, with the balance after it. */
export interface StockMovementsTable {
  id: BigId;
  tenant_id: number;
  stock_id: number;
  kind: 'in' | 'out';
  quantity: number;
  balance_after: number;
  order_id: number | null;
  item_id: number | null;
  note: Generated<string>;
  created_by: number;
  created_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The stock-up tables of the order module. */
  interface DB {
    stock_products: StockProductsTable;
    stock_movements: StockMovementsTable;
  }
}
