import { type Kysely, sql } from 'kysely';

/**
 * Primary keys of tenant tables include `tenant_id` (issue 32 §6, docs/scale.md "What must hold
 * for distribution"): distributed by tenant, each node checks a key only among its own rows, so
 * a key must name the distribution column. The tables keyed by a global `id` get
 * `primary key (id, tenant_id)`: `id` stays first, so lookups by id alone (job workers, sign-in,
 * webhooks) keep their index, and every id is still unique on its own (one sequence per table).
 * The composite foreign keys of 20261210_400000 reference the separate `unique (tenant_id, id)`
 * keys and are not touched.
 *
 * Three keys that pointed at a bare id change first, since dropping the old key needs them gone:
 * - `ledger_lines` and `message_reads` had no `tenant_id`: each takes its parent's (lines their
 *   entry's, reads their message's), filled from the parent, and points at it by
 *   `(tenant_id, x)`. The ledger's rows are append-only; the fill runs with that trigger off, in
 *   this transaction, and changes no amount.
 * - `goods_claims.source_id` named another tenant's product (a claim crosses tenants by design)
 *   with `on delete cascade`: the key is dropped, and deleting products for good deletes the
 *   claims of them in the same transaction (goods-batch.repository.ts). A claim of a product
 *   that is gone is never shown either way: the claim list starts from the published products.
 *
 * Two tables keep their global id, with their reasons in schema-distributable.test.ts: `users`
 * (a reference table: read at sign-in by account name before the tenant is known, linked across
 * tenants by account_links and trader_settings) and `ledger_accounts` (a seller's entry posts to
 * the trader's book accounts, which are another tenant's; the line keeps a key to the account).
 */

/** Tables keyed by `id` alone that take `primary key (id, tenant_id)`. */
const TABLES = [
  'customs_hs_codes',
  'customs_hs_links',
  'customs_units',
  'fba_shipment_items',
  'fba_shipments',
  'fba_stock_runs',
  'finance_topups',
  'follow_candidates',
  'follow_offers',
  'goods',
  'goods_categories',
  'goods_eans',
  'goods_points',
  'goods_search_terms',
  'goods_sensitive_words',
  'gpsr_profiles',
  'jobs',
  'ledger_entries',
  'ledger_freezes',
  'ledger_lines',
  'listings',
  'logistics_confirmations',
  'logistics_parcels',
  'logistics_problem_events',
  'logistics_problems',
  'logistics_waybills',
  'manual_order_events',
  'manual_orders',
  'messages',
  'monitor_alerts',
  'monitor_asins',
  'monitor_cases',
  'monitor_snapshots',
  'opera_log',
  'order_events',
  'order_items',
  'order_purchases',
  'order_purchases_1688',
  'orders',
  'overseas_inbound_boxes',
  'overseas_inbound_lines',
  'overseas_inbounds',
  'overseas_outbound_lines',
  'overseas_outbounds',
  'seller_feedback',
  'seller_report_runs',
  'sessions',
  'shops',
  'stock_adjustments',
  'stock_count_lines',
  'stock_counts',
  'stock_locations',
  'stock_movements',
  'stock_products',
  'translation_corrections',
  'translation_glossary',
  'translation_memory',
  'upload_feeds',
  'upload_items',
  'upload_queues',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A claim's source: no key across tenants (see above).
  await sql`alter table goods_claims drop constraint goods_claims_source_id_fkey`.execute(db);

  // Ledger lines live with their entry.
  await sql`alter table ledger_lines add column tenant_id integer`.execute(db);
  await sql`alter table ledger_lines disable trigger ledger_lines_append_only`.execute(db);
  await sql`
    update ledger_lines l set tenant_id = e.tenant_id from ledger_entries e where e.id = l.entry_id`.execute(db);
  await sql`alter table ledger_lines enable trigger ledger_lines_append_only`.execute(db);
  await sql`alter table ledger_lines alter column tenant_id set not null`.execute(db);
  await sql`alter table ledger_lines drop constraint ledger_lines_entry_id_fkey`.execute(db);

  // Read marks live with their message.
  await sql`alter table message_reads add column tenant_id integer`.execute(db);
  await sql`
    update message_reads r set tenant_id = m.tenant_id from messages m where m.id = r.message_id`.execute(db);
  await sql`alter table message_reads alter column tenant_id set not null`.execute(db);
  await sql`alter table message_reads drop constraint message_reads_message_id_fkey`.execute(db);
  await sql`
    alter table message_reads drop constraint message_reads_pkey,
      add constraint message_reads_pkey primary key (message_id, user_id, tenant_id)`.execute(db);

  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_pkey`)},
        add constraint ${sql.raw(`${table}_pkey`)} primary key (id, tenant_id)`.execute(db);
  }

  await sql`
    alter table ledger_lines add constraint ledger_lines_entry_id_fkey
      foreign key (tenant_id, entry_id) references ledger_entries (tenant_id, id)`.execute(db);
  await sql`
    alter table message_reads add constraint message_reads_message_id_fkey
      foreign key (tenant_id, message_id) references messages (tenant_id, id) on delete cascade`.execute(db);
}
