import { type Kysely, sql } from 'kysely';

/**
 * 头程发货: the seller chooses the placement option and the transportation options (issue 30 §3,
 * docs/fba.md "Choosing placement and carrier").
 * - two statuses where the workflow waits for the seller: `placement_choice` (待选择分仓) and
 *   `transport_choice` (待选择承运);
 * - `auto_choose`: the job confirms the recommended options itself (the former behaviour);
 * - `placement_options` / `transport_options`: Amazon's options as listed (fees, quotes, expiry),
 *   the chosen ones flagged;
 * - `transport_cost_minor`: the partnered carriers' quotes in CNY fen (charged at 发货 by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fba_shipments drop constraint if exists fba_shipments_status_check`.execute(db);
  await sql`
    alter table fba_shipments
      add constraint fba_shipments_status_check check (status in ('draft', 'planning', 'packing', 'placement',
        'placement_choice', 'transport', 'transport_choice', 'labels_ready', 'shipped', 'receiving', 'closed',
        'failed')),
      add column auto_choose boolean not null default true,
      add column placement_options jsonb not null default '[]',
      add column transport_options jsonb not null default '[]',
      add column transport_cost_minor bigint not null default 0 check (transport_cost_minor >= 0)`.execute(db);
}
