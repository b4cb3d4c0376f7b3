import { type Kysely, sql } from 'kysely';

/**
 * The upload pipeline (issue 14 §4, docs/upload.md):
 * - `seller_skus`: the seller SKU of a product (or one variation) in a shop, generated once
 *   and kept, unique per shop;
 * - `upload_queues`: one 上传到亚马逊 request (shop, marketplaces, upload type) with per-status
 *   counts kept by a statement trigger on its items, and the lease of the runner working it;
 * - `upload_items`: one SKU x marketplace of a queue, with what is (or was) sent and Amazon's
 *   answer;
 * - `upload_feeds`: a `JSON_LISTINGS_FEED` of a queue and each step of its submission, so a
 *   restarted server knows what was already done;
 * - `listings`: the status ledger per shop x marketplace x seller SKU.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seller_skus (
      shop_id integer not null,
      tenant_id integer not null,
      goods_id integer not null,
      variation_key text not null default '',
      seller_sku text not null,
      created_at timestamptz not null default now(),
      primary key (shop_id, goods_id, variation_key)
    )`.execute(db);
  await sql`create unique index seller_skus_sku_idx on seller_skus (shop_id, seller_sku)`.execute(db);

  await sql`
    create table upload_queues (
      id serial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplaces text[] not null,
      upload_type text not null check (upload_type in ('good', 'relation', 'image', 'quantity', 'price')),
      mode text not null check (mode in ('listings', 'feed')),
      status text not null default 'pending' check (status in ('pending', 'running', 'done', 'cancelled', 'failed')),
      goods_count integer not null default 0,
      goods_ids integer[] not null default '{}',
      expand_cursor integer not null default 0,
      c_waiting integer not null default 0,
      c_sending integer not null default 0,
      c_submitted integer not null default 0,
      c_accepted integer not null default 0,
      c_live integer not null default 0,
      c_rejected integer not null default 0,
      c_invalid integer not null default 0,
      c_failed integer not null default 0,
      c_cancelled integer not null default 0,
      error text,
      next_run_at timestamptz not null default now(),
      lease_owner text,
      lease_until timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      version integer not null default 1
    )`.execute(db);
  await sql`create index upload_queues_tenant_idx on upload_queues (tenant_id, id desc)`.execute(db);
  await sql`create index upload_queues_open_idx on upload_queues (next_run_at) where status in ('pending', 'running')`.execute(
    db,
  );

  await sql`
    create table upload_feeds (
      id serial primary key,
      tenant_id integer not null,
      queue_id integer not null references upload_queues (id) on delete cascade,
      shop_id integer not null,
      marketplace text not null,
      status text not null default 'building'
        check (status in ('building', 'creating', 'submitted', 'done', 'fatal', 'cancelled')),
      item_count integer not null default 0,
      amazon_feed_id text,
      processing_status text,
      result_document_id text,
      creating_at timestamptz,
      error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index upload_feeds_queue_idx on upload_feeds (queue_id)`.execute(db);

  await sql`
    create table upload_items (
      id bigserial primary key,
      tenant_id integer not null,
      queue_id integer not null references upload_queues (id) on delete cascade,
      shop_id integer not null,
      goods_id integer not null,
      marketplace text not null,
      seller_sku text not null,
      variation_key text not null default '',
      role text not null check (role in ('single', 'parent', 'child')),
      parent_sku text,
      product_type text,
      operation text not null check (operation in ('UPDATE', 'PATCH')),
      payload jsonb not null default '{}',
      status text not null default 'waiting'
        check (status in ('waiting', 'sending', 'submitted', 'accepted', 'live', 'rejected', 'invalid', 'failed', 'cancelled')),
      issues jsonb not null default '[]',
      error text,
      feed_id integer references upload_feeds (id),
      message_id integer,
      asin text,
      attempts integer not null default 0,
      readbacks integer not null default 0,
      sent_at timestamptz,
      updated_at timestamptz not null default now(),
      unique (queue_id, marketplace, seller_sku)
    )`.execute(db);
  await sql`create index upload_items_queue_status_idx on upload_items (queue_id, status, id)`.execute(db);
  await sql`create index upload_items_goods_idx on upload_items (tenant_id, goods_id, queue_id)`.execute(db);
  await sql`create index upload_items_feed_idx on upload_items (feed_id, message_id) where feed_id is not null`.execute(
    db,
  );

  // The queue's per-status counts follow its items: one statement-level trigger per change
  // folds the transition tables into one update per queue (no per-row lock traffic).
  await sql`
    create function upload_items_count() returns trigger language plpgsql as $$
    begin
      with delta as (
        select queue_id, status, count(*)::int as n from new_rows group by queue_id, status
        union all
        select queue_id, status, -count(*)::int from old_rows group by queue_id, status
      ), per_queue as (
        select queue_id,
          sum(n) filter (where status = 'waiting') as waiting,
          sum(n) filter (where status = 'sending') as sending,
          sum(n) filter (where status = 'submitted') as submitted,
          sum(n) filter (where status = 'accepted') as accepted,
          sum(n) filter (where status = 'live') as live,
          sum(n) filter (where status = 'rejected') as rejected,
          sum(n) filter (where status = 'invalid') as invalid,
          sum(n) filter (where status = 'failed') as failed,
          sum(n) filter (where status = 'cancelled') as cancelled
        from delta group by queue_id
      )
      update upload_queues q set
        c_waiting = q.c_waiting + coalesce(p.waiting, 0),
        c_sending = q.c_sending + coalesce(p.sending, 0),
        c_submitted = q.c_submitted + coalesce(p.submitted, 0),
        c_accepted = q.c_accepted + coalesce(p.accepted, 0),
        c_live = q.c_live + coalesce(p.live, 0),
        c_rejected = q.c_rejected + coalesce(p.rejected, 0),
        c_invalid = q.c_invalid + coalesce(p.invalid, 0),
        c_failed = q.c_failed + coalesce(p.failed, 0),
        c_cancelled = q.c_cancelled + coalesce(p.cancelled, 0)
      from per_queue p where q.id = p.queue_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function upload_items_count_insert() returns trigger language plpgsql as $$
    begin
      update upload_queues q set c_waiting = q.c_waiting + p.waiting, c_invalid = q.c_invalid + p.invalid
      from (
        select queue_id,
          count(*) filter (where status = 'waiting')::int as waiting,
          count(*) filter (where status = 'invalid')::int as invalid
        from new_rows group by queue_id
      ) p where q.id = p.queue_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger upload_items_count_upd after update on upload_items
    referencing old table as old_rows new table as new_rows
    for each statement execute function upload_items_count()`.execute(db);
  await sql`
    create trigger upload_items_count_ins after insert on upload_items
    referencing new table as new_rows
    for each statement execute function upload_items_count_insert()`.execute(db);

  await sql`
    create table listings (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplace text not null,
      seller_sku text not null,
      goods_id integer not null,
      variation_key text not null default '',
      role text not null,
      product_type text,
      status text not null default 'draft'
        check (status in ('draft', 'queued', 'submitted', 'accepted', 'rejected', 'live', 'suppressed', 'deleted')),
      asin text,
      issues jsonb not null default '[]',
      last_queue_id integer,
      checked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (shop_id, marketplace, seller_sku)
    )`.execute(db);
  await sql`create index listings_goods_idx on listings (tenant_id, goods_id)`.execute(db);
  await sql`create index listings_shop_idx on listings (shop_id, status)`.execute(db);
}
