import type { Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../../db/types.js';

/** Accounts: main accounts own a tenant (tenant_id = id); child accounts point at it. */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  auth: number;
  parent_id: Generated<number>;
  tenant_id: number;
  trader_id: Generated<number>;
  created_by: Generated<number>;
  user_name: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  brand_name: Generated<string>;
  vendor: Generated<string>;
  manufactuer_id: Generated<string>;
  dsa_responsible_party_address: Generated<string>;
  gpsr_manufacturer_email_address: Generated<string>;
  follow_sale_remind: Generated<number>;
  is_not_use_ean: Generated<number>;
  gather_title_fill_keywords: Generated<number>;
  random_parentage_img: Generated<number>;
  random_bullet_points: Generated<number>;
  is_suit_express: Generated<number>;
  is_use_trader_express: Generated<number>;
  is_use_trader_finance: Generated<number>;
  end_time: NullableTimestamp;
  max_child: Generated<number>;
  limit_monitor_len: Generated<number>;
  principal: Generated<string>;
  allow_upload_sites: Generated<string[]>;
  /** IANA time zone of the tenant (meaningful on the main account row), default Asia/Shanghai. */
  time_zone: Generated<string>;
  remark: Generated<string>;
  status: Generated<number>;
  deleted_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** Data scope of the product library: 'own' | 'group' | 'all' (issue 13 §5). */
  goods_scope: Generated<string>;
  /** The group leader (auth 1, same tenant) this account belongs to. */
  leader_id: number | null;
  /** Library settings this account may change; null: its role's defaults. */
  library_perms: string[] | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  tenant_id: number;
  kind: string;
  csrf: string;
  refresh_hash: string;
  prev_refresh_hash: string | null;
  refreshed_at: NullableTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  account_key: string;
  ip: string;
  /** null while the attempt's password is being verified (pending), then true or false. */
  success: boolean | null;
  created_at: Timestamp;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface QrLoginsTable {
  code: string;
  browser_key_hash: string;
  expires_at: Timestamp;
  confirmed_by: number | null;
  confirmed_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MenusTable {
  menu_id: number;
  parent_id: number;
  name: string;
  url: string;
  icon: string;
  is_navi: number;
  remark: string;
  sort: number;
  permission: string | null;
}

/** A setting a user keeps on the server: one JSON value per key (the key's schema is in shared). */
export interface UserSettingsTable {
  user_id: number;
  tenant_id: number;
  key: string;
  value: Json<unknown>;
  updated_at: Generated<Date>;
}

/**
 * A link between two accounts one person proved to own (issue 27 §1, docs/decisions.md):
 * symmetric, one row per pair with `user_a < user_b`.
 */
export interface AccountLinksTable {
  id: Generated<string>;
  user_a: number;
  user_b: number;
  tenant_a: number;
  tenant_b: number;
  /** The account that made the link (signed in to it, then proved the other's password). */
  created_by: number;
  /** How the person proved owning both accounts: 'password'. */
  proof: string;
  created_at: Timestamp;
}

declare module '../../db/types.js' {
  /** The tables of this module (accounts, sessions, sign-in throttling, captchas, QR sign-in, the menu, user settings and account links). */
  interface DB {
    users: UsersTable;
    sessions: SessionsTable;
    login_attempts: LoginAttemptsTable;
    captchas: CaptchasTable;
    qr_logins: QrLoginsTable;
    menus: MenusTable;
    user_settings: UserSettingsTable;
    account_links: AccountLinksTable;
  }
}
