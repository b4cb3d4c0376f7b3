import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/types.js';

/** The state of a site order: 待付款, 已付款, 已取消. */
export type SiteOrderStatus = 'pending' | 'paid' | 'cancelled';

/** Chinese labels of the states (the console's words). */
export const SITE_ORDER_STATUS_LABELS: Readonly<Record<SiteOrderStatus, string>> = {
  pending: '待付款',
  paid: '已付款',
  cancelled: '已取消',
};

/** One line as priced at checkout (amounts in minor units of the order's currency). */
export interface SiteOrderLine {
  product_id: number;
  sku: string;
  title: string;
  qty: number;
  unit_minor: number;
  line_minor: number;
}

/** The buyer as typed on the checkout form. */
export interface SiteOrderBuyer {
  name: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  note: string;
}

/** An order of the own site's checkout (migration 20261209_150000). */
export interface SiteOrdersTable {
  tenant_id: number;
  id: ColumnType<number, never, never>;
  site_id: number;
  order_no: string;
  status: Generated<SiteOrderStatus>;
  lang: string;
  currency: string;
  total_minor: number;
  item_count: number;
  lines: Json<SiteOrderLine[]>;
  buyer: Json<SiteOrderBuyer>;
  submit_key: string;
  payment_provider: string | null;
  payment_id: string | null;
  /** The provider's page of the payment (a second submit of the same form goes there too). */
  payment_url: string | null;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

declare module '../../db/types.js' {
  /** The site orders table. */
  interface DB {
    site_orders: SiteOrdersTable;
  }
}
