import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

export type InboundStatus = 'draft' | 'shipped' | 'arrived' | 'receiving' | 'received' | 'closed';
export type InboundDifference = '' | 'short' | 'over' | 'damaged';

/** 入库单 (migration 20261205_150000). */
export interface OverseasInboundsTable {
  id: BigId;
  tenant_id: number;
  warehouse_id: number;
  /** `IB20261205-0001`, unique per tenant. */
  number: string;
  shipping_method: string;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  /** A calendar date (`YYYY-MM-DD`, read as text by `db/database.ts`'s date parser when set). */
  expected_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  note: Generated<string>;
  status: Generated<InboundStatus>;
  has_difference: Generated<boolean>;
  shipped_at: Date | null;
  arrived_at: Date | null;
  received_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: number | null;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

export interface OverseasInboundBoxesTable {
  id: BigId;
  inbound_id: number;
  tenant_id: number;
  box_no: number;
  received_at: Date | null;
  received_by: number | null;
}

export interface OverseasInboundLinesTable {
  id: BigId;
  inbound_id: number;
  box_id: number;
  tenant_id: number;
  stock_id: number;
  quantity_sent: number;
  quantity_counted: number | null;
  quantity_damaged: Generated<number>;
  difference: Generated<InboundDifference>;
}

declare module '../../db/types.js' {
  interface DB {
    overseas_inbounds: OverseasInboundsTable;
    overseas_inbound_boxes: OverseasInboundBoxesTable;
    overseas_inbound_lines: OverseasInboundLinesTable;
  }
}
