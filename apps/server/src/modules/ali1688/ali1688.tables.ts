import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/types.js';

/** A tenant's connected 1688 buyer account (migration 20261207_110000; tokens sealed by secret-box). */
export interface Ali1688ConnectionsTable {
  tenant_id: number;
  member_id: string;
  login_id: Generated<string>;
  access_token_enc: string;
  access_expires_at: Timestamp;
  refresh_token_enc: string;
  refresh_expires_at: NullableTimestamp;
  /** `connected`; `expired` the refresh token ended; `failed` 1688 refused a refresh. */
  state: Generated<'connected' | 'expired' | 'failed'>;
  connected_by: number;
  connected_at: Generated<Date>;
  last_refresh_at: NullableTimestamp;
  last_refresh_ok: boolean | null;
  last_refresh_error: Generated<string>;
  updated_at: Generated<Date>;
}

/** A started authorization: the hash of its single-use `state`, whose it is, until when. */
export interface Ali1688AuthStatesTable {
  state_hash: string;
  tenant_id: number;
  user_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The 1688 connection tables (docs/ali1688.md). */
  interface DB {
    ali1688_connections: Ali1688ConnectionsTable;
    ali1688_auth_states: Ali1688AuthStatesTable;
  }
}
