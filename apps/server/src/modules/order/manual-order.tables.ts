import type { ManualStatus } from '@console/shared/schemas/manual-order';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types.js';

type BigId = ColumnType<number, never, never>;

/** 手工单 (migration 20261127_134000). */
export interface ManualOrdersTable {
  id: BigId;
  tenant_id: number;
  status: ManualStatus;
  shop_id: number | null;
  marketplace: string | null;
  asin: Generated<string>;
  seller_sku: Generated<string>;
  title: Generated<string>;
  quantity: Generated<number>;
  amount_minor: number | null;
  buyer_name: Generated<string>;
  buyer_phone: Generated<string>;
  buyer_address: Generated<string>;
  note: Generated<string>;
  created_by: number;
  created_at: Generated<Date>;
  paid_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** A manual order's history: each status step with who and why. */
export interface ManualOrderEventsTable {
  id: BigId;
  tenant_id: number;
  manual_order_id: number;
  from_status: ManualStatus | null;
  to_status: ManualStatus;
  text: Generated<string>;
  user_id: number | null;
  created_at: Generated<Date>;
}

declare module './order.tables.js' {
  /** The purchase channel columns added to `order_purchases` (1688 adapter, migration 20261127_134000). */
  interface OrderPurchasesTable {
    channel: Generated<'manual' | '1688'>;
    external_order_id: string | null;
  }
}

declare module '../../db/types.js' {
  /** The manual-order tables of the order module. */
  interface DB {
    manual_orders: ManualOrdersTable;
    manual_order_events: ManualOrderEventsTable;
  }
}
