import { type Kysely, sql } from 'kysely';

/**
 * Every upload item reaches an end state (issue 28 §3, §5; docs/upload.md "Status words"):
 * - item status `unknown` (结果未知): sent, but Amazon never showed a verdict (the read-back
 *   gave up, a feed never answered, the queue stopped while it was on its way); the queue
 *   counts it in `c_unknown`;
 * - ledger statuses `invalid` (未通过检查: the console's check stopped it, nothing was sent),
 *   `failed` (发送失败) and `unknown` (结果未知), where `rejected` used to stand for all of
 *   them; existing ledger rows follow their latest item again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_items drop constraint upload_items_status_check`.execute(db);
  await sql`
    alter table upload_items add constraint upload_items_status_check check (status in
      ('waiting', 'sending', 'submitted', 'accepted', 'live', 'rejected', 'invalid', 'failed', 'unknown', 'cancelled'))`.execute(
    db,
  );
  await sql`alter table listings drop constraint listings_status_check`.execute(db);
  await sql`
    alter table listings add constraint listings_status_check check (status in
      ('draft', 'queued', 'submitted', 'accepted', 'rejected', 'invalid', 'failed', 'unknown', 'live', 'suppressed', 'deleted'))`.execute(
    db,
  );
  await sql`alter table upload_queues add column c_unknown integer not null default 0`.execute(db);
  await sql`
    create or replace function upload_items_count() returns trigger language plpgsql as $$
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
          sum(n) filter (where status = 'unknown') as unknown,
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
        c_unknown = q.c_unknown + coalesce(p.unknown, 0),
        c_cancelled = q.c_cancelled + coalesce(p.cancelled, 0)
      from per_queue p where q.id = p.queue_id;
      return null;
    end $$`.execute(db);
  // Ledger rows that stand for a check failure or an undelivered item take their own status.
  await sql`
    update listings l set status = i.status
    from upload_items i
    where l.status = 'rejected' and i.queue_id = l.last_queue_id and i.shop_id = l.shop_id
      and i.marketplace = l.marketplace and i.seller_sku = l.seller_sku and i.status in ('invalid', 'failed')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update listings set status = 'rejected' where status in ('invalid', 'failed', 'unknown')`.execute(db);
  await sql`update upload_items set status = 'failed' where status = 'unknown'`.execute(db);
  await sql`alter table listings drop constraint listings_status_check`.execute(db);
  await sql`
    alter table listings add constraint listings_status_check check (status in
      ('draft', 'queued', 'submitted', 'accepted', 'rejected', 'live', 'suppressed', 'deleted'))`.execute(db);
  await sql`alter table upload_items drop constraint upload_items_status_check`.execute(db);
  await sql`
    alter table upload_items add constraint upload_items_status_check check (status in
      ('waiting', 'sending', 'submitted', 'accepted', 'live', 'rejected', 'invalid', 'failed', 'cancelled'))`.execute(
    db,
  );
  await sql`
    create or replace function upload_items_count() returns trigger language plpgsql as $$
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
  await sql`alter table upload_queues drop column c_unknown`.execute(db);
}
