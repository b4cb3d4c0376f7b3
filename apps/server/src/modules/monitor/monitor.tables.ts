import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/types.js';

/** One offer as the monitor keeps it (minor units). */
export interface MonitorOffer {
  sellerId: string;
  price: number;
  shipping: number;
  fba: boolean;
  buybox: boolean;
  mine: boolean;
}

/** A piece of evidence of a removal case: the follower's offer seen at a time. */
export interface CaseEvidence {
  at: string;
  price: number;
  shipping: number;
  fba: boolean;
  buybox: boolean;
}

/** The tenant's monitor settings. */
export interface MonitorSettingsTable {
  tenant_id: number;
  removed_after_minutes: number;
  updated_at: Generated<Date>;
}

/** A watched ASIN: its current state and its place in the polling schedule. */
export interface MonitorAsinsTable {
  id: Generated<number>;
  tenant_id: number;
  owner_id: number;
  shop_id: number;
  marketplace: string;
  asin: string;
  currency: string;
  priority: Generated<number>;
  own_brand: Generated<boolean>;
  band_min: number | null;
  band_max: number | null;
  title: Generated<string>;
  image: Generated<string>;
  brand: Generated<string>;
  suppressed: Generated<boolean>;
  offer_count: number | null;
  buybox_price: number | null;
  buybox_seller: Generated<string>;
  holds_buybox: Generated<boolean>;
  our_offer: Generated<boolean>;
  offers_hash: Generated<string>;
  last_checked_at: NullableTimestamp;
  last_source: Generated<string>;
  next_check_at: Generated<Date>;
  content_checked_at: NullableTimestamp;
  check_error: Generated<string>;
  checks: Generated<number>;
  created_at: Generated<Date>;
  version: Generated<number>;
}

/** Offer history: a row when the offers changed. */
export interface MonitorSnapshotsTable {
  id: Generated<number>;
  tenant_id: number;
  monitor_id: number;
  taken_at: Generated<Date>;
  source: string;
  offer_count: number;
  buybox_price: number | null;
  buybox_seller: Generated<string>;
  offers: Json<MonitorOffer[]>;
}

/** Alert kinds (§3). */
export type AlertKind = 'new_seller' | 'lost_buybox' | 'price_band' | 'content' | 'suppressed';

/** Alerts of watched ASINs. */
export interface MonitorAlertsTable {
  id: Generated<number>;
  tenant_id: number;
  monitor_id: number;
  kind: AlertKind;
  detail: string;
  seller_id: Generated<string>;
  handled: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Removal case statuses (§4). */
export type CaseStatus = 'open' | 'warned' | 'reported' | 'removed' | 'unresolved';

/** Follow-sale removal cases: one per ASIN x follower while it is live. */
export interface MonitorCasesTable {
  id: Generated<number>;
  tenant_id: number;
  monitor_id: number;
  marketplace: string;
  asin: string;
  seller_id: string;
  seller_name: Generated<string>;
  status: Generated<CaseStatus>;
  evidence: Json<CaseEvidence[]>;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  gone_since: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** Checks per tenant and day. */
export interface MonitorCheckDaysTable {
  tenant_id: number;
  day: string;
  checks: number;
}

declare module '../../db/types.js' {
  /** The tables of the monitor module. */
  interface DB {
    monitor_settings: MonitorSettingsTable;
    monitor_asins: MonitorAsinsTable;
    monitor_snapshots: MonitorSnapshotsTable;
    monitor_alerts: MonitorAlertsTable;
    monitor_cases: MonitorCasesTable;
    monitor_check_days: MonitorCheckDaysTable;
  }
}
