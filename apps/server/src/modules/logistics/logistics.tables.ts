import type { DeclarationData } from '@console/shared/schemas/logistics';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types.js';

/** A serial id, never written. */
type Id = ColumnType<number, never, never>;
/** A timestamp with a database default. */
type DefaultTime = ColumnType<Date, Date | string | undefined, Date | string>;

/** Logistics channels (migration 20261127_131000). `book_id` 0: the operator's; else a trader's uid. */
export interface LogisticsChannelsTable {
  id: Id;
  book_id: number;
  name: string;
  carrier_code: string;
  carrier_name: Generated<string>;
  service: Generated<string>;
  countries: string[];
  currency: Generated<string>;
  first_weight_g: number;
  first_price: number;
  step_weight_g: number;
  step_price: number;
  registration_fee: Generated<number>;
  volumetric_divisor: Generated<number>;
  battery_allowed: Generated<boolean>;
  battery_surcharge: Generated<number>;
  service_fee: Generated<number>;
  min_weight_g: Generated<number>;
  max_weight_g: Generated<number>;
  max_side_mm: Generated<number>;
  enabled: Generated<boolean>;
  /** A sample channel seeded on a new installation (issue 29 §2, migration 20261204_110000). */
  is_sample: Generated<boolean>;
  created_by: number;
  created_at: DefaultTime;
  updated_at: DefaultTime;
  version: Generated<number>;
}

/** One parcel per order: the measure, the quote and the freight review. */
export interface LogisticsParcelsTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  channel_id: number;
  weight_g: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  is_electric: boolean;
  country: string;
  chargeable_g: number;
  freight: number;
  service_fee: number;
  estimate: number | null;
  margin: number | null;
  review_status: 'passed' | 'held' | 'approved' | 'cancelled';
  hold_reasons: string[];
  review_note: ColumnType<string, string | undefined, string>;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  /** The last failure of an action on the parcel (创建运单), kept until it succeeds or is dismissed. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_at: NullableTimestamp;
  created_by: number;
  created_at: DefaultTime;
  updated_at: DefaultTime;
  version: Generated<number>;
}

/** What the carrier answered for the label (routing codes printed on it). */
export interface StoredLabel {
  sort_code?: string;
  service_name?: string;
  carrier_reference?: string;
  /** The customs declaration sent with the shipment (issue 18 §3). */
  declaration?: DeclarationData;
}

/** Waybills ('0' not shipped, '2' shipped); a cancelled one keeps its row with `cancelled_at`. */
export interface LogisticsWaybillsTable {
  id: Id;
  tenant_id: number;
  parcel_id: number;
  order_id: number;
  channel_id: number;
  waybill_no: string;
  tracking_no: string | null;
  carrier_code: string;
  carrier_name: Generated<string>;
  label: ColumnType<StoredLabel | null, string | null, string | null>;
  status: Generated<'0' | '2'>;
  freight: number;
  service_fee: number;
  currency: Generated<string>;
  weight_g: number;
  cancelled_at: NullableTimestamp;
  cancel_reason: Generated<string>;
  shipped_at: NullableTimestamp;
  shipped_by: number | null;
  created_by: number;
  created_at: DefaultTime;
  version: Generated<number>;
  /** The problem parcel this waybill re-dispatches or reships (issue 18 §4); null for the first waybill. */
  problem_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last refused 发货 or 取消运单, kept until one succeeds or it is dismissed (issue 29 §2). */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_at: NullableTimestamp;
}

/** The outbox of shipment confirmations to Amazon (one per waybill). */
export interface LogisticsConfirmationsTable {
  id: Id;
  tenant_id: number;
  /** The shipped waybill, or (migration 20261205_160000) the shipped overseas outbound: exactly one. */
  waybill_id: number | null;
  outbound_id: number | null;
  order_id: number;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: DefaultTime;
  lease_until: NullableTimestamp;
  last_error: Generated<string>;
  done_at: NullableTimestamp;
  created_at: DefaultTime;
}

/** A tenant's freight review rules. */
export interface LogisticsReviewRulesTable {
  tenant_id: number;
  over_estimate_pct: Generated<number>;
  check_margin: Generated<boolean>;
  check_balance: Generated<boolean>;
  updated_at: DefaultTime;
  version: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of the logistics module. */
  interface DB {
    logistics_channels: LogisticsChannelsTable;
    logistics_parcels: LogisticsParcelsTable;
    logistics_waybills: LogisticsWaybillsTable;
    logistics_confirmations: LogisticsConfirmationsTable;
    logistics_review_rules: LogisticsReviewRulesTable;
    logistics_seed_marks: { name: string; done_at: DefaultTime };
  }
}
