import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/types.js';

/** Amazon's issue on a follow offer's submission. */
export interface FollowIssue {
  code: string;
  message: string;
  severity: string;
}

/** The candidate pool (migration 20261125_172957_follow). */
export interface FollowCandidatesTable {
  id: Generated<number>;
  tenant_id: number;
  marketplace: string;
  asin: string;
  status: Generated<'pending' | 'ready' | 'failed'>;
  title: Generated<string>;
  image: Generated<string>;
  brand: Generated<string>;
  product_type: Generated<string>;
  currency: string;
  offer_count: number | null;
  fba_offers: number | null;
  fbm_offers: number | null;
  buybox_price: number | null;
  buybox_seller: Generated<string>;
  amazon_sells: Generated<boolean>;
  restriction: Generated<string>;
  restriction_message: Generated<string>;
  risk_flags: Generated<string[]>;
  cost: number | null;
  error: Generated<string>;
  looked_up_at: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
}

/** The tenant's follow price rule. */
export interface FollowPriceRulesTable {
  tenant_id: number;
  mode: 'amount' | 'percent';
  value: number;
  min_margin_bp: number;
  updated_at: Generated<Date>;
}

/** Follow offers: queue items, then follow-sale products. */
export interface FollowOffersTable {
  id: Generated<number>;
  tenant_id: number;
  shop_id: number;
  candidate_id: number | null;
  marketplace: string;
  asin: string;
  sku: string;
  title: Generated<string>;
  image: Generated<string>;
  product_type: string;
  currency: string;
  price: number;
  quantity: number;
  fulfillment: 'FBM' | 'FBA';
  status: Generated<'queued' | 'submitting' | 'failed' | 'active' | 'paused' | 'deleted'>;
  /** JSON text on write (default `[]`), the parsed array on read. */
  issues: ColumnType<FollowIssue[], string | undefined, string>;
  error: Generated<string>;
  buybox_price: number | null;
  buybox_seller: Generated<string>;
  holds_buybox: Generated<boolean>;
  seller_count: number | null;
  reprice_enabled: Generated<boolean>;
  reprice_min: number | null;
  reprice_max: number | null;
  checked_at: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of the follow module. */
  interface DB {
    follow_candidates: FollowCandidatesTable;
    follow_price_rules: FollowPriceRulesTable;
    follow_offers: FollowOffersTable;
  }
}
