import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { filtered, type OrderReader } from './order.repository.js';

type Db = Kysely<DB>;

/**
 * The tenant's accounts orders can be given to: group leaders and workers not deleted; with
 * `leaderId`, only that group leader and the members of his group (`users.leader_id`).
 */
export function listAssignees(db: Db, tenantId: number, leaderId?: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'account', 'auth'])
    .where('tenant_id', '=', tenantId)
    .where('auth', 'in', [1, 2])
    .where('deleted_at', 'is', null)
    .$if(leaderId !== undefined, (q) => q.where((w) => w.or([w('id', '=', leaderId!), w('leader_id', '=', leaderId!)])))
    .orderBy('id')
    .execute();
}

/** One assignee of the tenant (another tenant's account finds nothing). */
export function findAssignee(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'account', 'auth', 'leader_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Gives the orders the caller may see to `userId` (null: nobody); answers the orders changed. */
export function assignOrders(
  db: Db,
  tenantId: number,
  ids: number[],
  userId: number | null,
  by: number,
  reader: OrderReader,
) {
  const visible = filtered(db, tenantId, {}, reader).select('o.id').where('o.id', 'in', ids);
  return db
    .updateTable('orders')
    .set((eb) => ({
      assigned_to: userId,
      assigned_at: userId === null ? null : new Date(),
      assigned_by: userId === null ? null : by,
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', visible)
    .returning(['id', 'amazon_order_id'])
    .execute();
}
