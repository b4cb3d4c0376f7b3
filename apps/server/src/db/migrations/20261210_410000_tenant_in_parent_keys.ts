import { type Kysely, sql } from 'kysely';

/**
 * The unique keys of tenant tables keyed by a shop, a user or a parent row take `tenant_id` as
 * their last column (issue 32 §6, docs/scale.md), as 20261208_600000 did for four of them: a
 * database distributed by tenant can only check a unique key that includes it. The leading
 * column (a shop, a user, an order, a waybill…) belongs to one tenant, so the rows each key
 * allows are the same; `tenant_id` goes last so every lookup by the leading columns keeps its
 * index. Each key keeps its name. The `on conflict` targets naming these keys list `tenant_id`
 * too (PostgreSQL infers the key from the exact column set) — changed in the same commit.
 */

type Kind = 'primary key' | 'unique' | 'index';
/** [table, key name, kind, leading columns, partial-index predicate]. */
const KEYS: [string, string, Kind, string[], string?][] = [
  ['fba_shipment_items', 'fba_shipment_items_shipment_id_stock_id_key', 'unique', ['shipment_id', 'stock_id']],
  ['fba_stock_items', 'fba_stock_items_pkey', 'primary key', ['shop_id', 'marketplace_id', 'msku']],
  ['fba_stock_syncs', 'fba_stock_syncs_pkey', 'primary key', ['shop_id', 'marketplace_id']],
  ['gather_tokens', 'gather_tokens_pkey', 'primary key', ['user_id']],
  ['gpsr_links', 'gpsr_links_pkey', 'primary key', ['goods_id', 'marketplace']],
  ['listings', 'listings_shop_id_marketplace_seller_sku_key', 'unique', ['shop_id', 'marketplace', 'seller_sku']],
  ['logistics_confirmations', 'logistics_confirmations_outbound_id_key', 'unique', ['outbound_id']],
  ['logistics_confirmations', 'logistics_confirmations_waybill_id_key', 'unique', ['waybill_id']],
  ['logistics_problems', 'logistics_problems_open_idx', 'index', ['waybill_id'], `status = 'open'`],
  ['order_items', 'order_items_amazon_idx', 'index', ['order_id', 'amazon_item_id']],
  ['order_purchases', 'order_purchases_item_idx', 'index', ['item_id']],
  ['order_sync_states', 'order_sync_states_pkey', 'primary key', ['shop_id', 'marketplace']],
  ['orders', 'orders_shop_amazon_idx', 'index', ['shop_id', 'amazon_order_id']],
  ['overseas_inbound_boxes', 'overseas_inbound_boxes_inbound_id_box_no_key', 'unique', ['inbound_id', 'box_no']],
  ['overseas_inbound_lines', 'overseas_inbound_lines_box_id_stock_id_key', 'unique', ['box_id', 'stock_id']],
  [
    'overseas_outbound_lines',
    'overseas_outbound_lines_outbound_id_stock_id_key',
    'unique',
    ['outbound_id', 'stock_id'],
  ],
  [
    'overseas_outbounds',
    'overseas_outbounds_order_idx',
    'index',
    ['order_id'],
    `order_id is not null and status <> 'cancelled'`,
  ],
  ['price_settings', 'price_settings_pkey', 'primary key', ['user_id']],
  [
    'seller_feedback',
    'seller_feedback_shop_id_order_id_feedback_date_key',
    'unique',
    ['shop_id', 'order_id', 'feedback_date'],
  ],
  ['seller_report_syncs', 'seller_report_syncs_pkey', 'primary key', ['shop_id', 'report_type']],
  ['seller_skus', 'seller_skus_pkey', 'primary key', ['shop_id', 'goods_id', 'variation_key']],
  ['stock_balances', 'stock_balances_pkey', 'primary key', ['location_id', 'stock_id']],
  ['stock_count_lines', 'stock_count_lines_count_id_stock_id_key', 'unique', ['count_id', 'stock_id']],
  ['user_settings', 'user_settings_pkey', 'primary key', ['user_id', 'key']],
];

async function rebuild(db: Kysely<unknown>, withTenant: boolean): Promise<void> {
  for (const [table, name, kind, leading, where] of KEYS) {
    const columns = sql.join((withTenant ? [...leading, 'tenant_id'] : leading).map((c) => sql.id(c)));
    if (kind === 'index') {
      await sql`drop index ${sql.id(name)}`.execute(db);
      await sql`create unique index ${sql.id(name)} on ${sql.table(table)} (${columns})
        ${sql.raw(where ? `where ${where}` : '')}`.execute(db);
    } else {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)},
        add constraint ${sql.id(name)} ${sql.raw(kind)} (${columns})`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}
