import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

export type AdjustReason = 'gain' | 'loss' | 'damaged' | 'lost' | 'other';
export type CountStatus = 'open' | 'posted' | 'cancelled';

/** 库存调整: one operator adjustment of one SKU at one location (migration 20261206_100000). */
export interface StockAdjustmentsTable {
  id: BigId;
  tenant_id: number;
  location_id: number;
  stock_id: number;
  /** Signed units: + received, − written off. */
  quantity: number;
  reason: AdjustReason;
  note: Generated<string>;
  created_by: number;
  created_at: Generated<Date>;
}

/** 盘点单 (migration 20261206_100000). */
export interface StockCountsTable {
  id: BigId;
  tenant_id: number;
  location_id: number;
  warehouse_id: number | null;
  /** `PD` + yymmdd + id. */
  number: string;
  status: Generated<CountStatus>;
  note: Generated<string>;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  posted_by: number | null;
  posted_at: Date | null;
  version: Generated<number>;
}

/** A SKU of a count: the snapshot (`expected`), the counted units, and what posting found and wrote. */
export interface StockCountLinesTable {
  id: BigId;
  count_id: number;
  tenant_id: number;
  stock_id: number;
  expected: number;
  counted: number | null;
  on_hand_at_post: number | null;
  difference: number | null;
  movement_id: number | null;
}

declare module '../../db/types.js' {
  interface DB {
    stock_adjustments: StockAdjustmentsTable;
    stock_counts: StockCountsTable;
    stock_count_lines: StockCountLinesTable;
  }
}
