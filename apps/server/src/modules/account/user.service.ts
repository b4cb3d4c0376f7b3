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
import { findLink, otherSide } from './account-link.repository.js';
import { auditLink, dropLinksOf } from './account-link.service.js';
import { canManageChild } from './child.service.js';
import { assertUsable } from './login.service.js';
import { revokeSession, revokeUserSessions } from './session.repository.js';
import { type IssuedTokens, openSession, sessionProvesAccount } from './session.service.js';
import { findTenantUser, updateTenantUser } from './user.repository.js';

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

/** Changes the own password; every session and every account link of the account ends. */
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
    // Links first: a switch through one that is under way finishes before, so its new session is ended too.
    const links = await dropLinksOf(trx, actor, user, 'password_changed');
    const ended = await revokeUserSessions(trx, user.tenant_id, user.id, 'password_changed');
    await audit(trx, actor, {
      action: 'account.updatePassword',
      targetType: 'user',
      targetId: user.id,
      after: { sessions_ended: ended, links_removed: links },
    });
  });
}

/**
 * Switches to another account without a password: one linked to the caller's account (the
 * person proved both, docs/decisions.md "Account links"), or a child account the caller
 * manages. Anything else, whatever its phone, is "not found". The current session ends; a
 * new one starts; the switch is audited in the tenant of each side.
 */
export async function toggleAccount(
  deps: AppDeps,
  actor: Actor,
  auth: AuthContext,
  targetId: number,
  meta: { ip: string; userAgent: string },
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  const me = auth.user;
  return deps.db.transaction().execute(async (trx) => {
    // A link is followed only from a session that proved the caller's account.
    const link = sessionProvesAccount(auth.session) ? await findLink(trx, me.tenant_id, me.id, targetId) : undefined;
    const other = link ? otherSide(link, me.id) : { id: targetId, tenant_id: me.tenant_id };
    const target = await findTenantUser(trx, other.tenant_id, other.id);
    const via = link ? 'link' : target && canManageChild(me, target) ? 'child' : null;
    if (!target || !via) throw notFound('账号不存在');
    await assertUsable(deps, target);
    await revokeSession(trx, auth.session.id, 'switched');
    const tokens = await openSession(trx, deps, target, via, meta);
    await auditLink(
      trx,
      actor,
      { tenant_a: me.tenant_id, tenant_b: target.tenant_id },
      {
        action: 'account.toggle',
        targetType: 'user',
        targetId: target.id,
        after: { from_account: me.account, account: target.account, via },
      },
    );
    return { user: target, tokens };
  });
}
