import type { PerformanceFigures } from '@console/shared/schemas/seller-reports';
import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

/** The fetch state of one shop x report type (migration 20261207_120000; docs/reports.md). */
export interface SellerReportSyncsTable {
  shop_id: number;
  report_type: string;
  tenant_id: number;
  /** Held by the run fetching it now (null: free). */
  lease_until: Date | null;
  last_fetched_at: Date | null;
  last_error: Generated<string>;
}

/** One fetched report (the history). */
export interface SellerReportRunsTable {
  id: BigId;
  tenant_id: number;
  shop_id: number;
  report_type: string;
  marketplace_id: string;
  amazon_report_id: Generated<string>;
  period_from: Date | null;
  period_to: Date | null;
  fetched_at: Generated<Date>;
  state: 'done' | 'fatal' | 'cancelled' | 'failed';
  error: Generated<string>;
  figures: ColumnType<PerformanceFigures | null, string | null, string | null>;
  rows: Generated<number>;
}

/** One feedback of a shop's buyers (unique per shop x order id x date). */
export interface SellerFeedbackTable {
  id: BigId;
  tenant_id: number;
  shop_id: number;
  marketplace_id: string;
  order_id: string;
  /** Read as a Date (UTC midnight of pg's date); written as YYYY-MM-DD. */
  feedback_date: ColumnType<Date, string, string>;
  rating: number;
  comments: Generated<string>;
  response: Generated<string>;
  rater_email: Generated<string>;
  run_id: number;
  created_at: Generated<Date>;
}

declare module '../../db/types.js' {
  interface DB {
    seller_report_syncs: SellerReportSyncsTable;
    seller_report_runs: SellerReportRunsTable;
    seller_feedback: SellerFeedbackTable;
  }
}
