import { type Kysely, sql } from 'kysely';

/**
 * Orders, the gaps of issue 17 (docs/orders.md "Stock-up", "1688"):
 * - `stock_movements.reason`: why a movement tied to an order item was written (`fill` an item
 *   filled from stock, `unfill` that fill undone, `surplus` purchased units beyond the order's
 *   need (or of a cancelled order) put into stock at receipt, `surplus_undo` that receipt undone;
 *   '' a movement by hand), so an undo finds exactly what it reverses;
 * - `created_by` of stock rows may be null: a cancellation read by the sync moves received units
 *   into stock without a person;
 * - `order_purchases_1688`: the 1688 orders the console placed, written before 1688 is called and
 *   completed as soon as 1688 accepts, so a failure while recording the purchase keeps the placed
 *   order and the next try records it instead of losing (or doubling) it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_movements
      add column reason text not null default ''
        check (reason in ('', 'fill', 'unfill', 'surplus', 'surplus_undo')),
      alter column created_by drop not null`.execute(db);
  // The fills written before: every out row tied to an item was a fill.
  await sql`update stock_movements set reason = 'fill' where kind = 'out' and item_id is not null`.execute(db);
  await sql`alter table stock_products alter column created_by drop not null`.execute(db);
  await sql`create index stock_movements_item_idx on stock_movements (item_id, id) where item_id is not null`.execute(
    db,
  );

  await sql`
    create table order_purchases_1688 (
      id bigserial primary key,
      tenant_id integer not null,
      item_id bigint not null references order_items (id) on delete cascade,
      out_order_id text not null,
      quantity integer not null check (quantity > 0),
      state text not null default 'placing' check (state in ('placing', 'placed', 'recorded')),
      external_order_id text,
      supplier text not null default '',
      paid_minor bigint,
      last_error text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index order_purchases_1688_out_idx on order_purchases_1688 (tenant_id, out_order_id)`.execute(
    db,
  );
  await sql`create index order_purchases_1688_item_idx on order_purchases_1688 (item_id) where state <> 'recorded'`.execute(
    db,
  );
}
