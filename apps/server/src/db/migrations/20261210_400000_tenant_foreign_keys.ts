import { type Kysely, sql } from 'kysely';

/**
 * Every foreign key between two tenant tables pairs `tenant_id` with `tenant_id` (issue 32 §6,
 * docs/scale.md "What must hold for distribution"): `child (tenant_id, x) references parent
 * (tenant_id, id)`, so a row can only point inside its own tenant and, distributed by tenant,
 * both rows live on one node. Each parent first gets a unique key on (tenant_id, id) (its
 * primary key stays on id: lookups by id alone keep their index). Each key keeps its name and
 * its ON DELETE action; `SET NULL` names the column (`on delete set null (x)`, PostgreSQL ≥ 15),
 * or it would null `tenant_id` too. The old keys already forced each child row onto an existing
 * parent; before replacing one, the migration counts child rows whose parent belongs to another
 * tenant and stops naming the key if there are any (none is expected: every writer is
 * tenant-scoped). One key crosses tenants by design and stays as it is: `goods_claims.source_id`
 * names the product another tenant published for claiming (认领), the claim is the claimer's.
 */

/** Parents referenced by a child's foreign key: they get `unique (tenant_id, id)`. */
const PARENTS = [
  'customs_hs_codes',
  'fba_shipments',
  'goods',
  'goods_categories',
  'gpsr_profiles',
  'ledger_entries',
  'logistics_parcels',
  'logistics_problems',
  'logistics_waybills',
  'manual_orders',
  'monitor_asins',
  'order_items',
  'orders',
  'overseas_inbound_boxes',
  'overseas_inbounds',
  'overseas_outbounds',
  'stock_counts',
  'stock_locations',
  'stock_products',
  'upload_feeds',
  'upload_queues',
  'users',
] as const;

type OnDelete = 'cascade' | 'set null' | 'no action';
/** [child table, column, parent table, ON DELETE] — the key is named `${child}_${column}_fkey`, as before. */
const KEYS: [string, string, (typeof PARENTS)[number], OnDelete][] = [
  ['customs_hs_links', 'category_id', 'goods_categories', 'cascade'],
  ['customs_hs_links', 'goods_id', 'goods', 'cascade'],
  ['customs_hs_links', 'hs_code_id', 'customs_hs_codes', 'cascade'],
  ['fba_shipment_items', 'shipment_id', 'fba_shipments', 'cascade'],
  ['fba_stock_credits', 'stock_id', 'stock_products', 'no action'],
  ['fba_stock_items', 'stock_id', 'stock_products', 'no action'],
  ['finance_topups', 'entry_id', 'ledger_entries', 'no action'],
  ['gather_sources', 'goods_id', 'goods', 'cascade'],
  ['gpsr_links', 'goods_id', 'goods', 'cascade'],
  ['gpsr_links', 'profile_id', 'gpsr_profiles', 'no action'],
  ['ledger_entries', 'reverses', 'ledger_entries', 'no action'],
  ['ledger_freezes', 'close_entry_id', 'ledger_entries', 'no action'],
  ['ledger_freezes', 'freeze_entry_id', 'ledger_entries', 'no action'],
  ['logistics_confirmations', 'order_id', 'orders', 'no action'],
  ['logistics_confirmations', 'outbound_id', 'overseas_outbounds', 'no action'],
  ['logistics_confirmations', 'waybill_id', 'logistics_waybills', 'no action'],
  ['logistics_parcels', 'order_id', 'orders', 'no action'],
  ['logistics_problem_events', 'problem_id', 'logistics_problems', 'no action'],
  ['logistics_problem_events', 'waybill_id', 'logistics_waybills', 'no action'],
  ['logistics_problems', 'new_waybill_id', 'logistics_waybills', 'no action'],
  ['logistics_problems', 'order_id', 'orders', 'no action'],
  ['logistics_problems', 'waybill_id', 'logistics_waybills', 'no action'],
  ['logistics_waybills', 'order_id', 'orders', 'no action'],
  ['logistics_waybills', 'parcel_id', 'logistics_parcels', 'no action'],
  ['logistics_waybills', 'problem_id', 'logistics_problems', 'no action'],
  ['manual_order_events', 'manual_order_id', 'manual_orders', 'cascade'],
  ['monitor_alerts', 'monitor_id', 'monitor_asins', 'cascade'],
  ['monitor_cases', 'monitor_id', 'monitor_asins', 'cascade'],
  ['monitor_snapshots', 'monitor_id', 'monitor_asins', 'cascade'],
  ['order_events', 'order_id', 'orders', 'cascade'],
  ['order_items', 'order_id', 'orders', 'cascade'],
  ['order_purchases_1688', 'item_id', 'order_items', 'cascade'],
  ['order_purchases', 'item_id', 'order_items', 'cascade'],
  ['order_purchases', 'order_id', 'orders', 'cascade'],
  ['overseas_inbound_boxes', 'inbound_id', 'overseas_inbounds', 'cascade'],
  ['overseas_inbound_lines', 'box_id', 'overseas_inbound_boxes', 'cascade'],
  ['overseas_inbound_lines', 'inbound_id', 'overseas_inbounds', 'cascade'],
  ['overseas_inbound_lines', 'stock_id', 'stock_products', 'no action'],
  ['overseas_outbound_lines', 'outbound_id', 'overseas_outbounds', 'cascade'],
  ['overseas_outbound_lines', 'stock_id', 'stock_products', 'no action'],
  ['overseas_outbounds', 'order_id', 'orders', 'no action'],
  ['price_settings', 'user_id', 'users', 'no action'],
  ['sessions', 'user_id', 'users', 'no action'],
  ['stock_adjustments', 'location_id', 'stock_locations', 'no action'],
  ['stock_adjustments', 'stock_id', 'stock_products', 'no action'],
  ['stock_balances', 'location_id', 'stock_locations', 'no action'],
  ['stock_balances', 'stock_id', 'stock_products', 'cascade'],
  ['stock_count_lines', 'count_id', 'stock_counts', 'cascade'],
  ['stock_count_lines', 'stock_id', 'stock_products', 'no action'],
  ['stock_counts', 'location_id', 'stock_locations', 'no action'],
  ['stock_movements', 'item_id', 'order_items', 'set null'],
  ['stock_movements', 'location_id', 'stock_locations', 'no action'],
  ['stock_movements', 'order_id', 'orders', 'set null'],
  ['stock_movements', 'stock_id', 'stock_products', 'cascade'],
  ['upload_feeds', 'queue_id', 'upload_queues', 'cascade'],
  ['upload_items', 'feed_id', 'upload_feeds', 'no action'],
  ['upload_items', 'queue_id', 'upload_queues', 'cascade'],
  ['user_settings', 'user_id', 'users', 'no action'],
  ['users', 'leader_id', 'users', 'no action'],
];

/** The ON DELETE clause; SET NULL names the column so tenant_id keeps its value. */
function onDelete(action: OnDelete, column: string): string {
  if (action === 'set null') return `on delete set null (${column})`;
  return action === 'cascade' ? 'on delete cascade' : '';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const parent of PARENTS) {
    await sql`alter table ${sql.table(parent)} add constraint ${sql.id(`${parent}_tenant_id_id_key`)}
      unique (tenant_id, id)`.execute(db);
  }
  for (const [child, column, parent, action] of KEYS) {
    const name = `${child}_${column}_fkey`;
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(child)} c
      join ${sql.table(parent)} p on p.id = c.${sql.id(column)} where p.tenant_id <> c.tenant_id`.execute(db);
    if (Number(rows[0]!.n) > 0) {
      throw new Error(`${name}: ${rows[0]!.n} rows of ${child} point at a ${parent} row of another tenant`);
    }
    await sql`alter table ${sql.table(child)} drop constraint ${sql.id(name)},
      add constraint ${sql.id(name)} foreign key (tenant_id, ${sql.id(column)})
      references ${sql.table(parent)} (tenant_id, id) ${sql.raw(onDelete(action, column))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [child, column, parent, action] of KEYS) {
    const name = `${child}_${column}_fkey`;
    const clause = action === 'no action' ? '' : `on delete ${action}`;
    await sql`alter table ${sql.table(child)} drop constraint ${sql.id(name)},
      add constraint ${sql.id(name)} foreign key (${sql.id(column)})
      references ${sql.table(parent)} (id) ${sql.raw(clause)}`.execute(db);
  }
  for (const parent of PARENTS) {
    await sql`alter table ${sql.table(parent)} drop constraint ${sql.id(`${parent}_tenant_id_id_key`)}`.execute(db);
  }
}
