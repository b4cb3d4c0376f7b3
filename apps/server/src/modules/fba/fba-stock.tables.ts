import type { ColumnType, Generated } from 'kysely';

/** A bigserial id (pg's int8 is read as a number, `db/database.ts`), never written. */
type BigId = ColumnType<number, never, never>;

/** The FBA stock sync of one shop x marketplace (migration 20261206_110000; docs/fba.md "FBA stock"). */
export interface FbaStockSyncsTable {
  shop_id: number;
  marketplace_id: string;
  tenant_id: number;
  /** Held by the run syncing it now (null: free). */
  lease_until: Date | null;
  last_run_id: number | null;
  last_synced_at: Date | null;
  last_error: Generated<string>;
}

/** One sync run: the document (`fba_sync`) of the movements it posted. */
export interface FbaStockRunsTable {
  id: BigId;
  tenant_id: number;
  shop_id: number;
  marketplace_id: string;
  job_id: string | null;
  status: Generated<'running' | 'done' | 'failed'>;
  skus: Generated<number>;
  movements: Generated<number>;
  units_in: Generated<number>;
  units_out: Generated<number>;
  created_skus: Generated<number>;
  error: Generated<string>;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

/** Amazon's last breakdown of one MSKU of a shop in a marketplace, and the SKU it is linked to. */
export interface FbaStockItemsTable {
  shop_id: number;
  marketplace_id: string;
  msku: string;
  tenant_id: number;
  stock_id: number;
  fnsku: string;
  asin: string;
  fulfillable: number;
  inbound_working: number;
  inbound_shipped: number;
  inbound_receiving: number;
  reserved: number;
  unfulfillable: number;
  researching: number;
  /** What the ledger's FBA on hand follows: fulfillable + reserved + unfulfillable. */
  on_hand: number;
  run_id: number;
  synced_at: Generated<Date>;
}

/** Units a sync raised the FBA balance by that a receipt of an own shipment may still explain; the row is the lock. */
export interface FbaStockCreditsTable {
  tenant_id: number;
  marketplace_id: string;
  stock_id: number;
  units: Generated<number>;
}

declare module '../../db/types.js' {
  interface DB {
    fba_stock_syncs: FbaStockSyncsTable;
    fba_stock_runs: FbaStockRunsTable;
    fba_stock_items: FbaStockItemsTable;
    fba_stock_credits: FbaStockCreditsTable;
  }
}
