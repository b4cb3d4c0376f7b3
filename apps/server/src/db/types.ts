import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
  remark: Generated<string>;
  status: Generated<number>;
  deleted_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
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
  success: boolean;
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

export interface ServerSecretsTable {
  name: string;
  value: string;
}

type Json<T = unknown> = ColumnType<T, string, string>;

/** A product of the library (the editor's sections are JSON; filter columns are plain). */
export interface GoodsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  type: Generated<number>;
  audit_status: Generated<string>;
  is_delete: Generated<number>;
  sku: Generated<string>;
  /** Computed by PostgreSQL from descs. */
  title: GeneratedAlways<string>;
  category_id: number | null;
  product_template_id: number | null;
  base_info: Json;
  descs: Json;
  prices: Json;
  parentage: Json;
  images: Json;
  extra_attrs: Json;
  tags: Generated<string[]>;
  link_url: Generated<string>;
  source: Generated<string>;
  /** Computed by PostgreSQL: titles, SKUs, ASIN, EANs in lower case. */
  search_text: GeneratedAlways<string>;
  /** Offered by the platform for claiming (migration 0004). */
  claimable: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A user's price settings (migration 0004). */
export interface PriceSettingsTable {
  user_id: number;
  tenant_id: number;
  countries: Json;
  quantity_lo: Generated<number>;
  quantity_hi: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** One tenant's claim of a published product (migration 0004). */
export interface GoodsClaimsTable {
  source_id: number;
  tenant_id: number;
  goods_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** Goods libraries (migration 20261122_0003): bullet-point sets per language. */
export interface GoodsPointsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  name: string;
  points: Json<Record<string, string[]>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Goods libraries: search-terms entries per country. */
export interface GoodsSearchTermsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  country: string;
  name: string;
  terms: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** Goods libraries: sensitive words per language (`all` = every language). */
export interface GoodsSensitiveWordsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  lang: string;
  word: string;
  created_at: Timestamp;
}

/** Goods libraries: the EAN/UPC pool; `gtin` is the code padded to 14 digits (duplicate check). */
export interface GoodsEansTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  code: string;
  gtin: string;
  kind: string;
  status: Generated<string>;
  goods_id: number | null;
  sku: string | null;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Goods libraries: the tenant's own category tree (parent_id 0 = top level). */
export interface GoodsCategoriesTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A background export (migration 0005). */
export interface ExportJobsTable {
  id: string;
  tenant_id: number;
  user_id: number;
  kind: string;
  status: Generated<string>;
  params: Json;
  progress: Generated<number>;
  total: Generated<number>;
  file_name: Generated<string>;
  error: Generated<string>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** Translation memory: a provider's answer for a protected source text. */
export interface TranslationMemoryTable {
  id: Generated<number>;
  tenant_id: number;
  provider: string;
  source_lang: string;
  target_lang: string;
  format: string;
  source_hash: string;
  source_text: string;
  translated_text: string;
  created_at: Timestamp;
}

/** A user's correction of a translation, reused for the same source text and language pair. */
export interface TranslationCorrectionsTable {
  id: Generated<number>;
  tenant_id: number;
  source_lang: string;
  target_lang: string;
  source_hash: string;
  source_text: string;
  text: string;
  user_id: number;
  updated_at: Timestamp;
}

/** Hashes of texts a machine delivered (a target field equal to one of them was not edited by hand). */
export interface TranslationOutputsTable {
  tenant_id: number;
  target_lang: string;
  output_hash: string;
}

/** Glossary: do-not-translate terms (no translation) and forced translations per language. */
export interface TranslationGlossaryTable {
  id: Generated<number>;
  tenant_id: number;
  term: string;
  lang: Generated<string>;
  translation: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Characters sent to a provider per tenant and day. */
export interface TranslationUsageTable {
  tenant_id: number;
  provider: string;
  day: ColumnType<Date, string, string>;
  chars: Generated<number>;
  texts: Generated<number>;
}

/** Product translation jobs with the progress the editor polls. */
export interface TranslateJobsTable {
  id: string;
  tenant_id: number;
  user_id: number;
  status: Generated<string>;
  params: Json;
  progress: Generated<number>;
  total: Generated<number>;
  result: ColumnType<unknown, string | undefined, string>;
  error: Generated<string>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** The whole database as Kysely sees it. */
export interface DB {
  goods: GoodsTable;
  price_settings: PriceSettingsTable;
  goods_claims: GoodsClaimsTable;
  export_jobs: ExportJobsTable;
  translation_memory: TranslationMemoryTable;
  translation_corrections: TranslationCorrectionsTable;
  translation_outputs: TranslationOutputsTable;
  translation_glossary: TranslationGlossaryTable;
  translation_usage: TranslationUsageTable;
  translate_jobs: TranslateJobsTable;
  goods_points: GoodsPointsTable;
  goods_search_terms: GoodsSearchTermsTable;
  goods_sensitive_words: GoodsSensitiveWordsTable;
  goods_eans: GoodsEansTable;
  goods_categories: GoodsCategoriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  captchas: CaptchasTable;
  qr_logins: QrLoginsTable;
  menus: MenusTable;
  trader_settings: TraderSettingsTable;
  opera_log: OperaLogTable;
  server_secrets: ServerSecretsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GoodsRow = Selectable<GoodsTable>;
