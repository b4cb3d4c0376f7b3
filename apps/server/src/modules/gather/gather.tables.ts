import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/types.js';

/** One user's collection token, stored hashed (migration 20261207_130000). */
export interface GatherTokensTable {
  user_id: number;
  tenant_id: number;
  token_hash: string;
  hint: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** The product a collected page became, per tenant and normalised address. */
export interface GatherSourcesTable {
  tenant_id: number;
  url_key: string;
  goods_id: ColumnType<string, number, number>;
  created_at: Timestamp;
}

declare module '../../db/types.js' {
  /** The tables of the collection plugin. */
  interface DB {
    gather_tokens: GatherTokensTable;
    gather_sources: GatherSourcesTable;
  }
}
