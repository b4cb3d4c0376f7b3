import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types.js';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

export type OutboundStatus = 'created' | 'picking' | 'packed' | 'shipped' | 'cancelled';

/** Who receives an outbound's parcel. */
export interface OutboundRecipient {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/** An outbound order of an overseas warehouse (migration 20261205_160000). */
export interface OverseasOutboundsTable {
  id: Generated<number>;
  tenant_id: number;
  warehouse_id: number;
  /** `OB` + date + id, unique. */
  number: string;
  source: 'order' | 'manual';
  /** The console's Amazon order (source 'order'). */
  order_id: number | null;
  recipient: ColumnType<OutboundRecipient, string, string>;
  carrier_code: Generated<string>;
  carrier_name: Generated<string>;
  channel: Generated<string>;
  tracking_no: Generated<string>;
  status: Generated<OutboundStatus>;
  remark: Generated<string>;
  /** When its fees were posted to the ledger (once, at ship). */
  fees_posted_at: NullableTimestamp;
  fee_total_minor: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  picked_at: NullableTimestamp;
  packed_at: NullableTimestamp;
  shipped_at: NullableTimestamp;
  shipped_by: number | null;
  cancelled_at: NullableTimestamp;
  version: Generated<number>;
}

/** A SKU line of an outbound order. */
export interface OverseasOutboundLinesTable {
  id: BigId;
  outbound_id: number;
  tenant_id: number;
  stock_id: number;
  quantity: number;
  order_item_id: number | null;
}

declare module '../../db/types.js' {
  interface DB {
    overseas_outbounds: OverseasOutboundsTable;
    overseas_outbound_lines: OverseasOutboundLinesTable;
  }
}
