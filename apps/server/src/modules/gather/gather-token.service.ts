import { can } from '@console/shared/permissions/can';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { AppError, unauthorized } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { subjectOf } from '../account/account.presenter.js';
import { audit } from '../system/audit.js';
import { deleteToken, findTokenHolder, findTokenOf, touchToken, upsertToken } from './gather.repository.js';

/** Collection tokens start so; a session token never does (they are JWTs), nor the reverse. */
export const GATHER_TOKEN_PREFIX = 'sgcg_';
const TOKEN_RE = /^sgcg_[A-Za-z0-9_-]{43}$/;

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The state the download page shows: whether a token exists, its last four characters, dates. */
export async function tokenState(deps: AppDeps, tenantId: number, userId: number) {
  const row = await findTokenOf(deps.db, tenantId, userId);
  return {
    active: !!row,
    hint: row?.hint ?? '',
    created_at: seconds(row?.created_at),
    last_used_at: seconds(row?.last_used_at),
  };
}

/** Creates (or replaces) the caller's token: the only time the whole token is answered. */
export async function createToken(deps: AppDeps, actor: Actor) {
  const token = `${GATHER_TOKEN_PREFIX}${randomToken(32)}`;
  const hint = token.slice(-4);
  return deps.db.transaction().execute(async (trx) => {
    const before = await findTokenOf(trx, actor.tenantId, actor.userId);
    const row = await upsertToken(trx, actor.tenantId, actor.userId, sha256(token), hint);
    await audit(trx, actor, {
      action: before ? 'gather.token.rotate' : 'gather.token.create',
      targetType: 'user',
      targetId: actor.userId,
      after: { hint },
    });
    return { token, active: true, hint, created_at: seconds(row.created_at), last_used_at: null };
  });
}

/** Revokes the caller's token (the extension's next collect is refused). */
export async function revokeToken(deps: AppDeps, actor: Actor) {
  return deps.db.transaction().execute(async (trx) => {
    const n = await deleteToken(trx, actor.tenantId, actor.userId);
    if (n) await audit(trx, actor, { action: 'gather.token.revoke', targetType: 'user', targetId: actor.userId });
    return { revoked: n > 0 };
  });
}

/**
 * The user a collect request's `Authorization: Bearer` token belongs to: a live account
 * (status 1) that may still create products. Anything else is 401 with what to do.
 */
export async function tokenHolder(deps: AppDeps, header: string | undefined): Promise<UserRow> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!TOKEN_RE.test(token)) throw unauthorized('采集令牌无效,请在采集插件下载页生成令牌并填入插件');
  const user = await findTokenHolder(deps.db, sha256(token));
  if (!user) throw unauthorized('采集令牌无效或已撤销,请在采集插件下载页重新生成');
  if (user.status !== 1) throw unauthorized('账号已停用,无法采集');
  if (!can(subjectOf(user), 'goods.operate', { internalIds: deps.config.internalIds }))
    throw new AppError(403, '当前账号没有创建商品的权限');
  await touchToken(deps.db, user.tenant_id, user.id);
  return user;
}

/** Collects per user allowed in RATE_WINDOW_MS. */
export const RATE_LIMIT = 30;
const RATE_WINDOW_MS = 60_000;
const recent = new Map<number, number[]>();

/** Counts one collect of the user; 429 past RATE_LIMIT a minute (per server process). */
export function takeRate(userId: number, now = Date.now()): void {
  const times = (recent.get(userId) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
  if (times.length >= RATE_LIMIT) throw new AppError(429, '采集过于频繁,请稍后再试');
  times.push(now);
  recent.set(userId, times);
  if (recent.size > 10_000)
    for (const [k, v] of recent) if (v.every((t) => now - t >= RATE_WINDOW_MS)) recent.delete(k);
}
