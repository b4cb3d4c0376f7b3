import { can } from '@console/shared/permissions/can';
import {
  BRAND_FIELDS,
  READ_ONLY_ACCOUNT_FIELDS,
  type UpdateUserAccountBody,
  type updatePasswordBody,
  WORKER_SWITCH_FIELDS,
} from '@console/shared/schemas/account';
import { MSG } from '@console/shared/validation/rules';
import type { z } from 'zod';
import type { Actor, AppDeps, AuthContext } from '../../context.js';
import type { UserRow, UserUpdate } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { audit, diff } from '../system/audit.js';
import { subjectOf } from './account.presenter.js';
import { canManageChild } from './child.service.js';
import { assertUsable } from './login.service.js';
import { revokeSession, revokeUserSessions } from './session.repository.js';
import { type IssuedTokens, openSession } from './session.service.js';
import { findUserById, updateTenantUser } from './user.repository.js';

/** Brand/compliance fields are the account's own only when auth is neither 5 nor 0 (spec section 6). */
export function brandFieldsVisible(user: UserRow): boolean {
  return user.auth !== 0 && user.auth !== 5;
}

/** Worker-only switches: group leader, worker, personal admin. */
export function workerSwitchesVisible(user: UserRow): boolean {
  return can(subjectOf(user), 'role.worker');
}

/** Saves the account-info form with the role's visibility and read-only rules (spec sections 5, 6). */
export async function updateAccount(deps: AppDeps, actor: Actor, user: UserRow, body: UpdateUserAccountBody) {
  const sent = Object.keys(body).filter((k) => body[k as keyof UpdateUserAccountBody] !== undefined);
  const readOnly = sent.find((k) => (READ_ONLY_ACCOUNT_FIELDS as readonly string[]).includes(k));
  if (readOnly) throw badRequest(`字段 ${readOnly} 为只读,不可修改`, { field: readOnly });
  const brand = brandFieldsVisible(user);
  const hidden = sent.find(
    (k) =>
      (!brand && (BRAND_FIELDS as readonly string[]).includes(k)) ||
      (!workerSwitchesVisible(user) && (WORKER_SWITCH_FIELDS as readonly string[]).includes(k)),
  );
  if (hidden) throw forbidden(`无权修改字段: ${hidden}`);
  if (brand) {
    for (const field of ['manufactuer_id', 'brand_name', 'vendor'] as const) {
      if (!body[field]) throw badRequest(MSG.required, { field });
    }
  }
  const patch: UserUpdate = {};
  for (const key of sent) {
    if ((READ_ONLY_ACCOUNT_FIELDS as readonly string[]).includes(key)) continue;
    (patch as Record<string, unknown>)[key] = body[key as keyof UpdateUserAccountBody];
  }
  return deps.db.transaction().execute(async (trx) => {
    const updated = await updateTenantUser(trx, user.tenant_id, user.id, patch);
    if (!updated) throw notFound('账号不存在');
    const changes = diff(user as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    await audit(trx, actor, { action: 'account.updateInfo', targetType: 'user', targetId: user.id, ...changes });
    return updated;
  });
}

/** Changes the own password; every session of the account ends. */
export async function updatePassword(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: z.infer<typeof updatePasswordBody>,
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, body.passwordOld))) {
    throw badRequest('原密码错误', { field: 'passwordOld' });
  }
  const password_hash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (trx) => {
    await updateTenantUser(trx, user.tenant_id, user.id, { password_hash });
    const ended = await revokeUserSessions(trx, user.tenant_id, user.id, 'password_changed');
    await audit(trx, actor, {
      action: 'account.updatePassword',
      targetType: 'user',
      targetId: user.id,
      after: { sessions_ended: ended },
    });
  });
}

/**
 * Switches to another account without a password: one bound to the same phone, or a
 * child account the caller manages. The current session ends; a new one starts.
 */
export async function toggleAccount(
  deps: AppDeps,
  actor: Actor,
  auth: AuthContext,
  targetId: number,
  meta: { ip: string; userAgent: string },
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  const me = auth.user;
  const target = await findUserById(deps.db, targetId);
  const samePhone = !!target && me.phone !== '' && target.phone === me.phone && target.id !== me.id;
  const managedChild = !!target && canManageChild(me, target);
  if (!target || (!samePhone && !managedChild)) throw notFound('账号不存在');
  await assertUsable(deps, target);
  const tokens = await deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, auth.session.id, 'switched');
    const t = await openSession(trx, deps, target, 'password', meta);
    await audit(trx, actor, {
      action: 'account.toggle',
      targetType: 'user',
      targetId: target.id,
      after: { account: target.account, via: samePhone ? 'phone' : 'child' },
    });
    return t;
  });
  return { user: target, tokens };
}
