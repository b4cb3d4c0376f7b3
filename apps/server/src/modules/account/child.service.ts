import { AUTH, AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import { assignableChildAuths, can } from '@console/shared/permissions/can';
import { LIBRARY_PERMISSIONS } from '@console/shared/permissions/permissions';
import type { CreateChildBody, UpdateChildBody } from '@console/shared/schemas/account';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB, UserRow, UserUpdate } from '../../db/types.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { audit, diff } from '../system/audit.js';
import { subjectOf } from './account.presenter.js';
import { dropLinksOf } from './account-link.service.js';
import { revokeUserSessions } from './session.repository.js';
import {
  clearGroupMembers,
  countChildren,
  findTenantUser,
  insertChildIfFree,
  listChildren,
  lockGroupLeader,
  lockMainAccount,
  updateTenantUser,
} from './user.repository.js';

/**
 * Whether `actor` may manage `target`: a child of the same tenant, and either the actor
 * manages all children (company/personal admin) or it is a buyer that created this buyer.
 */
export function canManageChild(actor: UserRow, target: UserRow): boolean {
  if (target.tenant_id !== actor.tenant_id || target.parent_id === 0 || target.id === actor.id) return false;
  const s = subjectOf(actor);
  if (can(s, 'account.child.manage')) return true;
  return can(s, 'account.child.addBuyer') && target.auth === 3 && target.created_by === actor.id;
}

function assertAssignable(actor: UserRow, auth: number): void {
  if (!assignableChildAuths(subjectOf(actor)).includes(auth as Auth)) {
    throw forbidden(`无权设置角色: ${AUTH_NAMES[auth as Auth] ?? auth}`);
  }
}

/** The product-access fields of a child account (issue 13 §5), as sent. */
type ProductAccess = Pick<UpdateChildBody, 'goods_scope' | 'leader_id' | 'library_perms'>;

/**
 * Only company and personal admins choose what a child may do with products (a buyer managing
 * its buyers may not); a chosen set of library settings is stored in a fixed order.
 */
function productAccessPatch(actor: UserRow, body: ProductAccess): UserUpdate {
  const given = [body.goods_scope, body.leader_id, body.library_perms].some((v) => v !== undefined);
  if (given && !can(subjectOf(actor), 'account.child.manage')) throw forbidden('无权设置商品数据范围和商品库权限');
  const patch: UserUpdate = {};
  if (body.goods_scope !== undefined) patch.goods_scope = body.goods_scope;
  if (body.leader_id !== undefined) patch.leader_id = body.leader_id;
  if (body.library_perms !== undefined) {
    patch.library_perms = body.library_perms && LIBRARY_PERMISSIONS.filter((p) => body.library_perms!.includes(p));
  }
  return patch;
}

/**
 * Group membership rules, inside the saving transaction: a leader (auth 1) belongs to no
 * group; a member points at a live group leader of the tenant, locked until commit so a
 * concurrent role change or deletion of that leader waits and then empties the group.
 */
async function checkLeader(
  trx: Kysely<DB>,
  tenantId: number,
  uid: number | null,
  auth: number,
  leaderId: number | null,
) {
  if (leaderId === null) return;
  if (auth === AUTH.groupLeader) throw badRequest('组长不能再属于其他小组', { field: 'leader_id' });
  if (leaderId === uid) throw badRequest('不能选择自己作为所属组长', { field: 'leader_id' });
  const leader = await lockGroupLeader(trx, tenantId, leaderId);
  if (!leader || leader.auth !== AUTH.groupLeader) {
    throw badRequest('所属组长不存在或不是组长', { field: 'leader_id' });
  }
}

/** The child account `uid` if the actor may manage it; another tenant's id is "not found". */
async function managedChild(deps: AppDeps, actor: UserRow, uid: number): Promise<UserRow> {
  const target = await findTenantUser(deps.db, actor.tenant_id, uid);
  if (!target || target.parent_id === 0) throw notFound('账号不存在');
  if (!canManageChild(actor, target)) throw forbidden('无权管理该账号');
  return target;
}

export async function listChildAccounts(
  deps: AppDeps,
  actor: UserRow,
  f: { page: number; pageSize: number; keyword?: string; auth?: number },
) {
  const all = can(subjectOf(actor), 'account.child.manage');
  // A manager lists every child; a buyer the buyers it created. `used` counts what the list
  // can show (without the filters), `tenant_used` the whole tenant's quota.
  const scope = all ? {} : { createdBy: actor.id, onlyAuth: 3 };
  const { rows, total } = await listChildren(deps.db, actor.tenant_id, { ...f, ...scope });
  const main = await findTenantUser(deps.db, actor.tenant_id, actor.tenant_id);
  const tenantUsed = await countChildren(deps.db, actor.tenant_id);
  const used = all ? tenantUsed : await countChildren(deps.db, actor.tenant_id, scope);
  return { rows, total, max_child: main?.max_child ?? 0, used, tenant_used: tenantUsed };
}

/** Creates a child account; the tenant's `max_child` holds even under concurrent requests. */
export async function createChildAccount(deps: AppDeps, actor: Actor, me: UserRow, body: CreateChildBody) {
  assertAssignable(me, body.auth);
  const access = productAccessPatch(me, body);
  const password_hash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const main = await lockMainAccount(trx, me.tenant_id);
      if (!main) throw notFound('主账号不存在');
      const used = await countChildren(trx, me.tenant_id);
      if (used >= main.max_child) throw conflict(`子账号数量已达上限(${main.max_child})`);
      await checkLeader(trx, me.tenant_id, null, body.auth, access.leader_id ?? null);
      const child = await insertChildIfFree(trx, {
        ...access,
        account: body.account,
        password_hash,
        auth: body.auth,
        parent_id: main.id,
        tenant_id: main.id,
        trader_id: main.trader_id,
        created_by: me.id,
        user_name: body.user_name,
        phone: body.phone ?? '',
        email: body.email ?? '',
        remark: body.remark ?? '',
        end_time: main.end_time,
      });
      // A taken name is an expected answer, not a database error (issue 13 §3).
      if (!child) throw conflict('账号已存在');
      await audit(trx, actor, {
        action: 'account.child.create',
        targetType: 'user',
        targetId: child.id,
        after: {
          account: child.account,
          auth: child.auth,
          user_name: child.user_name,
          goods_scope: child.goods_scope,
          leader_id: child.leader_id,
          library_perms: child.library_perms,
        },
      });
      return child;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('账号已存在');
    throw err;
  }
}

export async function updateChildAccount(deps: AppDeps, actor: Actor, me: UserRow, body: UpdateChildBody) {
  const target = await managedChild(deps, me, body.uid);
  const { uid, goods_scope, leader_id, library_perms, ...fields } = body;
  if (fields.auth !== undefined && fields.auth !== target.auth) assertAssignable(me, fields.auth);
  const patch: UserUpdate = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...productAccessPatch(me, { goods_scope, leader_id, library_perms }),
  };
  const auth = fields.auth ?? target.auth;
  // A new group leader leaves the group it was in.
  if (auth === AUTH.groupLeader && patch.leader_id === undefined) patch.leader_id = null;
  return deps.db.transaction().execute(async (trx) => {
    await checkLeader(trx, me.tenant_id, uid, auth, patch.leader_id === undefined ? target.leader_id : patch.leader_id);
    const updated = await updateTenantUser(trx, me.tenant_id, uid, patch);
    if (!updated) throw notFound('账号不存在');
    if (patch.status === 0 && target.status !== 0) {
      // Links first: a switch through one that is under way finishes before, so its new session is ended too.
      await dropLinksOf(trx, actor, target, 'disabled');
      await revokeUserSessions(trx, me.tenant_id, uid, 'disabled');
    }
    // A leader that is no longer one leaves its members without a group.
    const released = target.auth === AUTH.groupLeader && auth !== AUTH.groupLeader;
    const freed = released ? await clearGroupMembers(trx, me.tenant_id, uid) : 0;
    const changes = diff(target as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    if (freed) changes.after = { ...changes.after, group_members_released: freed };
    await audit(trx, actor, { action: 'account.child.update', targetType: 'user', targetId: uid, ...changes });
    return updated;
  });
}

/** Sets a new password for a child; its sessions and account links end. */
export async function resetChildAccount(deps: AppDeps, actor: Actor, me: UserRow, uid: number, password: string) {
  await managedChild(deps, me, uid);
  const password_hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await updateTenantUser(trx, me.tenant_id, uid, { password_hash });
    const links = await dropLinksOf(trx, actor, { id: uid, tenant_id: me.tenant_id }, 'password_reset');
    const ended = await revokeUserSessions(trx, me.tenant_id, uid, 'password_reset');
    await audit(trx, actor, {
      action: 'account.child.resetPassword',
      targetType: 'user',
      targetId: uid,
      after: { sessions_ended: ended, links_removed: links },
    });
  });
}

/** Soft-deletes a child (its name becomes free again); its sessions and account links end. */
export async function deleteChildAccount(deps: AppDeps, actor: Actor, me: UserRow, uid: number) {
  const target = await managedChild(deps, me, uid);
  await deps.db.transaction().execute(async (trx) => {
    await updateTenantUser(trx, me.tenant_id, uid, { deleted_at: new Date() });
    await dropLinksOf(trx, actor, target, 'deleted');
    await revokeUserSessions(trx, me.tenant_id, uid, 'deleted');
    // A deleted leader's group is dissolved (its members keep their own products).
    if (target.auth === AUTH.groupLeader) await clearGroupMembers(trx, me.tenant_id, uid);
    await audit(trx, actor, {
      action: 'account.child.delete',
      targetType: 'user',
      targetId: uid,
      before: { account: target.account, auth: target.auth },
    });
  });
}
