import type { LinkAccountBody } from '@console/shared/schemas/account';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps, AuthContext } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { type AuditEntry, audit } from '../system/audit.js';
import {
  type AccountLink,
  deleteLink,
  deleteLinksOf,
  insertLink,
  type LinkSide,
  listLinkedAccounts,
  otherSide,
} from './account-link.repository.js';
import { assertUsable, checkCredentials, LOGIN_MSG, useCredentials } from './login.service.js';
import { sessionProvesAccount } from './session.service.js';

/**
 * Account links (issue 27 §1, docs/decisions.md "Account links"): one person who owns
 * several accounts (of one tenant or of several) links them by proving each one's password,
 * then switches between linked accounts without a password. A phone number proves nothing.
 */
export const LINK_MSG = {
  linked: '关联成功',
  already: '该账号已关联',
  unlinked: '已解除关联',
  self: '不能关联当前账号',
  notLinked: '关联不存在',
  needProvenSession: '请使用本账号的密码登录后再关联其他账号',
} as const;

/**
 * Writes an audit row in the tenant of each account of a link (one row when both are of one
 * tenant): each company sees who linked, unlinked or switched into its accounts.
 */
export async function auditLink(
  trx: Kysely<DB>,
  actor: Actor,
  link: Pick<AccountLink, 'tenant_a' | 'tenant_b'>,
  entry: AuditEntry,
): Promise<void> {
  const tenants = new Set([actor.tenantId, link.tenant_a, link.tenant_b]);
  for (const tenantId of tenants) await audit(trx, { ...actor, tenantId }, entry);
}

/** The caller's own account and its linked accounts (the switch list, `bindSomePhoneAccountList`). */
export async function switchList(deps: AppDeps, auth: AuthContext) {
  const me = auth.user;
  const own = { id: me.id, account: me.account, user_name: me.user_name };
  if (!sessionProvesAccount(auth.session)) return [own];
  const linked = await listLinkedAccounts(deps.db, me.tenant_id, me.id);
  return [own, ...linked].sort((a, b) => a.id - b.id);
}

/**
 * Links the caller's account with the account whose name and password the person gives.
 * The password goes through sign-in's throttled check (the same failure counts per account
 * name and address, the same verification code and lock), so this is no way around them.
 */
export async function linkAccount(
  deps: AppDeps,
  actor: Actor,
  auth: AuthContext,
  body: LinkAccountBody,
  meta: { ip: string; captchaId: string | undefined },
): Promise<{ other: UserRow; created: boolean }> {
  if (!sessionProvesAccount(auth.session)) throw forbidden(LINK_MSG.needProvenSession);
  const me = auth.user;
  const checked = await checkCredentials(deps, body, meta);
  if (checked.kind === 'needCode') throw badRequest(LOGIN_MSG.needCode, { code: 'NEED_CODE' });
  const other = checked.user;
  const link = await useCredentials(deps, checked.attemptId, async (trx) => {
    if (other.id === me.id) throw badRequest(LINK_MSG.self, { field: 'account' });
    await assertUsable(deps, other);
    const made = await insertLink(trx, me, other, me.id, 'password');
    if (made) {
      await auditLink(trx, actor, made, {
        action: 'account.link',
        targetType: 'user',
        targetId: other.id,
        after: {
          account: me.account,
          linked_account: other.account,
          linked_tenant: other.tenant_id,
          proof: 'password',
        },
      });
    }
    return made;
  });
  return { other, created: link !== undefined };
}

/** Either side removes a link; 404 when the caller's account has no link with `otherId`. */
export async function unlinkAccount(deps: AppDeps, actor: Actor, auth: AuthContext, otherId: number): Promise<void> {
  const me = auth.user;
  await deps.db.transaction().execute(async (trx) => {
    const removed = await deleteLink(trx, me.tenant_id, me.id, otherId);
    if (!removed) throw notFound(LINK_MSG.notLinked);
    await auditLink(trx, actor, removed, {
      action: 'account.unlink',
      targetType: 'user',
      targetId: otherId,
      before: { account: me.account, linked_account_id: otherId },
    });
  });
}

/**
 * Removes every link of an account whose standing access ends (password changed or reset,
 * disabled, deleted): whoever knew the old password keeps no way in. Called in the
 * transaction that ends the account's sessions, before it ends them: deleting a link waits
 * for a switch that holds it (`findLink` locks it), so that switch's new session is ended too.
 * Audited in the tenant of each other side.
 */
export async function dropLinksOf(trx: Kysely<DB>, actor: Actor, user: LinkSide, reason: string): Promise<number> {
  const removed = await deleteLinksOf(trx, user.tenant_id, user.id);
  for (const link of removed) {
    await auditLink(trx, actor, link, {
      action: 'account.unlink',
      targetType: 'user',
      targetId: otherSide(link, user.id).id,
      before: { account_id: user.id, linked_account_id: otherSide(link, user.id).id },
      after: { reason },
    });
  }
  return removed.length;
}
