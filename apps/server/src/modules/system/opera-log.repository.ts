import type { OperaLogEntry } from '@console/shared/schemas/system';
import { type Kysely, sql } from 'kysely';
import { pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** A new operation-log row: the shared row (schemas/system.ts) without what the database fills in. */
export type OperaLogInsert = Omit<OperaLogEntry, 'id' | 'created_at'>;

export async function insertOperaLog(db: Db, row: OperaLogInsert): Promise<void> {
  await db
    .insertInto('opera_log')
    .values({ ...row, summary: JSON.stringify(row.summary) })
    .execute();
}

export interface OperaLogFilter {
  page: number;
  pageSize: number;
  user_id?: number;
  action?: string;
  startTime?: number;
  endTime?: number;
}

/** A page of the log, newest first; `tenantId` null means every tenant (platform operator). */
export async function listOperaLog(db: Db, tenantId: number | null, f: OperaLogFilter) {
  let q = db.selectFrom('opera_log');
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
  if (f.user_id) q = q.where('user_id', '=', f.user_id);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.startTime) q = q.where('created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  return pageAndTotal(q, f, (q) =>
    q
      .select([
        'id',
        'tenant_id',
        'user_id',
        'account',
        'action',
        'target_type',
        'target_id',
        'summary',
        'ip',
        'request_id',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

/**
 * Display names (user_name, else the account) of accounts of the given tenants, keyed
 * `tenant:id`: the log names the people of each row's own tenant only.
 */
export async function accountNames(db: Db, tenantIds: number[], ids: number[]): Promise<Map<string, string>> {
  if (tenantIds.length === 0 || ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'user_name', 'account'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [`${r.tenant_id}:${r.id}`, r.user_name || r.account]));
}

/** Title and SKU of products of the given tenants (also in the recycle bin), keyed `tenant:id`. */
export async function goodsLabels(
  db: Db,
  tenantIds: number[],
  ids: number[],
): Promise<Map<string, { title: string; sku: string }>> {
  if (tenantIds.length === 0 || ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods')
    .select(['id', 'tenant_id', 'title', 'sku'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [`${r.tenant_id}:${r.id}`, { title: r.title, sku: r.sku }]));
}
