import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Database;

/** Accounts of one tenant, or of every tenant (`tenantId` null: the platform operator). */
const tenantWhere = (tenantId: number | null) => (tenantId === null ? sql`true` : sql`u.tenant_id = ${tenantId}`);

/** 账号统计: accounts (not deleted) per role: total, enabled, disabled, past their end date, created in the range. */
export async function accountsByRole(db: Db, tenantId: number | null, now: Date, range: { from: Date; to: Date }) {
  const r = await sql<{
    auth: number;
    total: string;
    enabled: string;
    expired: string;
    created: string;
  }>`
    select u.auth, count(*) as total, count(*) filter (where u.status = 1) as enabled,
      count(*) filter (where u.end_time < ${now}) as expired,
      count(*) filter (where u.created_at >= ${range.from} and u.created_at < ${range.to}) as created
    from users u
    where u.deleted_at is null and ${tenantWhere(tenantId)}
    group by u.auth order by u.auth
  `.execute(db);
  return r.rows.map((x) => ({
    auth: x.auth,
    total: Number(x.total),
    enabled: Number(x.enabled),
    expired: Number(x.expired),
    created: Number(x.created),
  }));
}

/**
 * Main accounts with their child accounts in use against `max_child`: the caller's own, or for
 * the platform the `limit` with the most children; `count` is how many main accounts there are.
 */
export async function tenantQuotas(db: Db, tenantId: number | null, limit: number) {
  const where = tenantId === null ? sql`true` : sql`m.id = ${tenantId}`;
  const r = await sql<{
    tenant_id: number;
    account: string;
    user_name: string;
    auth: number;
    status: number;
    max_child: number;
    used_child: string;
    end_time: Date | null;
    n: string;
  }>`
    select m.id as tenant_id, m.account, m.user_name, m.auth, m.status, m.max_child, m.end_time,
      (select count(*) from users c where c.tenant_id = m.id and c.parent_id <> 0 and c.deleted_at is null) as used_child,
      count(*) over () as n
    from users m
    where m.parent_id = 0 and m.deleted_at is null and ${where}
    order by used_child desc, m.id
    limit ${limit}
  `.execute(db);
  return { rows: r.rows, count: Number(r.rows[0]?.n ?? 0) };
}

/** Accounts whose end date lies between `from` and `to` (expiring soon, or just expired), soonest first. */
export function expiringAccounts(db: Db, tenantId: number | null, from: Date, to: Date, limit: number) {
  let q = db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'account', 'user_name', 'auth', 'end_time'])
    .where('deleted_at', 'is', null)
    .where('end_time', 'is not', null)
    .where('end_time', '>=', from)
    .where('end_time', '<=', to);
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
  return q.orderBy('end_time').orderBy('id').limit(limit).execute();
}

/** The accounts of a tenant (not deleted): the rows of 员工绩效. */
export function tenantStaff(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'user_name', 'auth', 'parent_id'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('parent_id')
    .orderBy('id')
    .execute();
}

/**
 * 员工绩效 counts per person in a range, one statement: products created (`goods.creator_id`,
 * also those later put in the recycle bin), products uploaded and products live (distinct products
 * of the upload queues the person started; live: an item of theirs reached `live`), orders
 * purchased (distinct orders with an item purchase recorded by the person) and orders shipped
 * (distinct orders of waybills the person shipped, not cancelled).
 */
export async function performanceCounts(db: Db, tenantId: number, range: { from: Date; to: Date }) {
  const { from, to } = range;
  const r = await sql<{ user_id: number; kind: string; n: string }>`
    select creator_id as user_id, 'created' as kind, count(*) as n from goods
      where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to} group by creator_id
    union all
    select q.created_by, 'uploaded', count(distinct i.goods_id) from upload_queues q
      join upload_items i on i.queue_id = q.id
      where q.tenant_id = ${tenantId} and q.created_at >= ${from} and q.created_at < ${to} group by q.created_by
    union all
    select q.created_by, 'live', count(distinct i.goods_id) from upload_queues q
      join upload_items i on i.queue_id = q.id and i.status = 'live'
      where q.tenant_id = ${tenantId} and q.created_at >= ${from} and q.created_at < ${to} group by q.created_by
    union all
    select created_by, 'purchased', count(distinct order_id) from order_purchases
      where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to} group by created_by
    union all
    select shipped_by, 'shipped', count(distinct order_id) from logistics_waybills
      where tenant_id = ${tenantId} and cancelled_at is null and shipped_at is not null
        and shipped_at >= ${from} and shipped_at < ${to} group by shipped_by
  `.execute(db);
  return r.rows.map((x) => ({ user_id: Number(x.user_id), kind: x.kind, n: Number(x.n) }));
}
