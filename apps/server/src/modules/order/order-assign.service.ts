import type { PermissionSubject } from '@console/shared/permissions/can';
import type { OrderAssignBody } from '@console/shared/schemas/order-stock';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { readerOf } from './order.service.js';
import { assignOrders, findAssignee, listAssignees } from './order-assign.repository.js';
import { insertOrderEvents } from './order-sync.repository.js';

const nameOf = (u: { user_name: string; account: string }) => u.user_name || u.account;

/** A group leader assigns within his group only (himself and its members); admins to anyone. */
const groupOf = (subject: PermissionSubject) => (subject.auth === 1 ? subject.uid : undefined);

/** The accounts orders can be given to (group leaders and workers of the tenant; a group leader's group). */
export async function assignees(deps: AppDeps, tenantId: number, subject: PermissionSubject) {
  const rows = await listAssignees(deps.db, tenantId, groupOf(subject));
  return { list: rows.map((u) => ({ id: u.id, name: nameOf(u), auth: u.auth })) };
}

/**
 * Gives orders to a group leader or worker (or takes them back with `user_id` null): group
 * leaders (to themselves and the members of their group only) and admins, each over the orders
 * they see. A worker then sees only his own orders
 * in 订单处理 (`readerOf`). All or nothing: an id the caller cannot see fails the whole call.
 */
export async function assign(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: OrderAssignBody) {
  const ids = [...new Set(body.ids)];
  return deps.db.transaction().execute(async (trx) => {
    let name = '';
    if (body.user_id !== null) {
      const u = await findAssignee(trx, actor.tenantId, body.user_id);
      if (!u) throw notFound('员工不存在');
      if (u.auth !== 1 && u.auth !== 2) throw badRequest('只能分配给组长或业务员');
      const leader = groupOf(subject);
      if (leader !== undefined && u.id !== leader && u.leader_id !== leader)
        throw forbidden('组长只能把订单分配给本组成员');
      name = nameOf(u);
    }
    const rows = (await assignOrders(trx, actor.tenantId, ids, body.user_id, actor.userId, readerOf(subject))).sort(
      (x, y) => Number(x.id) - Number(y.id),
    );
    if (rows.length !== ids.length) throw notFound('订单不存在');
    await insertOrderEvents(
      trx,
      rows.map((r) => ({
        tenant_id: actor.tenantId,
        order_id: r.id,
        kind: 'assign',
        text: body.user_id === null ? '取消分配' : `分配给 ${name}`,
        user_id: actor.userId,
      })),
    );
    await audit(trx, actor, {
      action: 'order.assign',
      targetType: 'order',
      targetId: ids.length === 1 ? ids[0]! : `${ids.length} orders`,
      after: {
        user_id: body.user_id,
        name,
        count: rows.length,
        orders: rows.slice(0, 3).map((r) => r.amazon_order_id),
      },
    });
    return { assigned: rows.length };
  });
}
