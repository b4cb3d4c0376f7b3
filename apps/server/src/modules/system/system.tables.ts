import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/types.js';

export interface TraderSettingsTable {
  id: Generated<number>;
  trader_uid: number;
  host: string;
  title: string;
  logo: Generated<string>;
  logo_small: Generated<string>;
  fav_icon: Generated<string>;
  updated_at: Timestamp;
}

export interface OperaLogTable {
  id: Generated<string>;
  tenant_id: number;
  user_id: number;
  account: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: ColumnType<unknown, string, string>;
  ip: string;
  request_id: string;
  created_at: Timestamp;
}

declare module '../../db/types.js' {
  /** The tables of this module (trader branding and the operation log). */
  interface DB {
    trader_settings: TraderSettingsTable;
    opera_log: OperaLogTable;
  }
}
