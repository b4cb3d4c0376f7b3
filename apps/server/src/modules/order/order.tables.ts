import type { ExpressStatus, OrderStatus } from '@console/shared/schemas/order';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/types.js';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;
/** A bigint reference to another table's id. */
type BigRef = number;
/** A bigint money column (minor units). */
type BigMoney = number | null;

/** The restricted buyer data of an order (deleted 30 days after delivery). */
export interface StoredBuyer {
  name?: string;
  email?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  company?: string;
}

/** Orders synced from Amazon (migration 20261125_173129). */
export interface OrdersTable {
  id: BigId;
  tenant_id: number;
  shop_id: number;
  marketplace: string;
  amazon_order_id: string;
  amazon_status: string;
  status: OrderStatus;
  fulfillment_channel: '0' | '1';
  purchase_date: Timestamp;
  last_update_date: Timestamp;
  latest_ship_date: NullableTimestamp;
  latest_delivery_date: NullableTimestamp;
  currency: string | null;
  total_minor: BigMoney;
  item_count: Generated<number>;
  express_status: Generated<ExpressStatus>;
  ship_city: string | null;
  ship_state: string | null;
  ship_postal: string | null;
  ship_country: string | null;
  buyer: ColumnType<StoredBuyer | null, string | null, string | null>;
  buyer_purge_after: NullableTimestamp;
  buyer_purged_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
  items_pending: Generated<boolean>;
  assigned_to: number | null;
  /** Assignment and 配货 (migration 20261127_133000, `order-stock.tables.ts`). */
  assigned_at: NullableTimestamp;
  assigned_by: number | null;
  parcel_weight_g: number | null;
  parcel_length_cm: number | null;
  parcel_width_cm: number | null;
  parcel_height_cm: number | null;
  distributed_at: NullableTimestamp;
  distributed_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** An order's items. */
export interface OrderItemsTable {
  id: BigId;
  tenant_id: number;
  order_id: BigRef;
  amazon_item_id: string;
  asin: string;
  seller_sku: string | null;
  title: string | null;
  quantity: number;
  quantity_shipped: Generated<number>;
  currency: string | null;
  item_price_minor: BigMoney;
  shipping_price_minor: BigMoney;
  item_tax_minor: BigMoney;
  promotion_discount_minor: BigMoney;
  goods_id: number | null;
  variation_key: string | null;
  express_status: Generated<ExpressStatus>;
  /** 超卖: beyond its listing's stock known to the console (`order-oversold.repository.ts`). */
  oversold: Generated<boolean>;
  /** The last refused 确认收货 (配货), kept until a step of the item succeeds or it is dismissed (issue 29 §2). */
  receive_error: ColumnType<string | null, string | null | undefined, string | null>;
  receive_error_at: NullableTimestamp;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

/** The purchase of an item from its supplier (one per item). */
export interface OrderPurchasesTable {
  id: BigId;
  tenant_id: number;
  order_id: BigRef;
  item_id: BigRef;
  supplier: Generated<string>;
  supplier_order_no: Generated<string>;
  paid_minor: number;
  paid_currency: Generated<string>;
  quantity: number;
  tracking_no: Generated<string>;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The history of an order: status changes, purchase steps, notes. */
export interface OrderEventsTable {
  id: BigId;
  tenant_id: number;
  order_id: BigRef;
  item_id: number | null;
  kind: string;
  text: string;
  user_id: number | null;
  created_at: Generated<Date>;
}

/** The incremental sync's cursor per shop x marketplace (`*`: the shop's refunds). */
export interface OrderSyncStatesTable {
  shop_id: number;
  marketplace: string;
  tenant_id: number;
  cursor: Timestamp;
  lease_until: NullableTimestamp;
  last_run_at: NullableTimestamp;
  last_error: string | null;
  orders_seen: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of the order module. */
  interface DB {
    orders: OrdersTable;
    order_items: OrderItemsTable;
    order_purchases: OrderPurchasesTable;
    order_events: OrderEventsTable;
    order_sync_states: OrderSyncStatesTable;
  }
}
