import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/types.js';

/** Bound Amazon shops (migration 20261125_142816). */
export interface ShopsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  region: 'NA' | 'EU' | 'FE';
  sandbox: Generated<boolean>;
  seller_id: string | null;
  /** `lib/secret-box.ts` ciphertext of the LWA refresh token. */
  refresh_token_enc: string | null;
  auth_status: Generated<'authorized' | 'expired' | 'never'>;
  auth_error: string | null;
  marketplaces: Generated<string[]>;
  staff_ids: Generated<number[]>;
  authorized_at: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** Started authorizations: the single-use `state` (hashed) bound to its user. */
export interface ShopAuthStatesTable {
  state_hash: string;
  tenant_id: number;
  user_id: number;
  shop_id: number | null;
  name: string;
  region: 'NA' | 'EU' | 'FE';
  sandbox: boolean;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The tables of this module (shops and their authorizations). */
  interface DB {
    shops: ShopsTable;
    shop_auth_states: ShopAuthStatesTable;
  }
}
