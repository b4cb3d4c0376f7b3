import crypto from 'node:crypto';
import type { Ali1688CompleteBody, Ali1688ConnectionView } from '@console/shared/schemas/ali1688';
import { ali1688App } from '../../ali1688/ali1688.factory.js';
import { Ali1688Error } from '../../ali1688/ali1688.js';
import { type Ali1688App, authorizeUrl, exchangeCode } from '../../ali1688/ali1688.oauth.js';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { secretBox } from '../../lib/secret-box.js';
import { audit } from '../system/audit.js';
import {
  deleteConnection,
  findConnection,
  insertAuthState,
  saveConnection,
  takeAuthState,
} from './ali1688.repository.js';

/** How long a started authorization may take. */
export const AUTH_STATE_TTL_MS = 15 * 60 * 1000;
const STATE_INVALID = '授权请求无效或已过期(每次授权只能使用一次),请重新点击「连接1688账号」';
const NO_CHANNEL =
  '服务器未配置1688接口:请运营方设置 ALI1688_BASE_URL、ALI1688_APP_KEY、ALI1688_APP_SECRET(或演示环境设置 ALI1688=demo)';

const hashState = (state: string) => crypto.createHash('sha256').update(state).digest('hex');
const seconds = (d: Date | null | undefined) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);

/** Which channel the server has (the real API, the simulator, none) and whether OAuth can work. */
export function channelKind(deps: AppDeps) {
  const s = deps.config.ali1688;
  const channel = s.baseUrl ? 'live' : s.demo ? 'demo' : 'none';
  const oauthReady = channel === 'demo' || (channel === 'live' && Boolean(s.appKey && s.appSecret));
  return { channel, oauthReady } as const;
}

/** The app for the OAuth calls, or a 400 saying what the operator must set. */
export async function oauthApp(deps: AppDeps): Promise<Ali1688App> {
  if (!channelKind(deps).oauthReady) throw badRequest(NO_CHANNEL);
  const app = await ali1688App(deps.config.ali1688);
  if (!app) throw badRequest(NO_CHANNEL);
  return app;
}

/** The tenant's connection as 1688采购 shows it. */
export async function connectionView(deps: AppDeps, tenantId: number): Promise<Ali1688ConnectionView> {
  const { channel, oauthReady } = channelKind(deps);
  const c = await findConnection(deps.db, tenantId);
  // A refresh token past its end is 已过期 even before the job has marked it.
  const ended = c?.refresh_expires_at && new Date(c.refresh_expires_at).getTime() <= Date.now();
  return {
    channel,
    oauth_ready: oauthReady,
    public_url_set: deps.config.publicUrl !== undefined,
    state: !c ? 'none' : c.state === 'connected' && ended ? 'expired' : c.state,
    member_id: c?.member_id ?? null,
    login_id: c?.login_id ?? null,
    connected_by: c ? (c.connected_by ?? '(已删除的账号)') : null,
    connected_at: seconds(c?.connected_at),
    access_expires_at: seconds(c?.access_expires_at),
    refresh_expires_at: seconds(c?.refresh_expires_at),
    last_refresh_at: seconds(c?.last_refresh_at),
    last_refresh_ok: c?.last_refresh_ok ?? null,
    last_refresh_error: c ? c.last_refresh_error || null : null,
  };
}

/**
 * 连接1688账号 / 重新授权: records a single-use `state` bound to the tenant and the caller (only
 * its hash is stored; 15 minutes) and answers 1688's authorize page URL (the design of shops'
 * consent state, docs/shops.md).
 */
export async function startConnect(deps: AppDeps, actor: Actor, redirectUri: string) {
  const app = await oauthApp(deps);
  const state = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + AUTH_STATE_TTL_MS);
  await insertAuthState(deps.db, {
    state_hash: hashState(state),
    tenant_id: actor.tenantId,
    user_id: actor.userId,
    expires_at: expires,
  });
  return { authorize_url: authorizeUrl(app, { state, redirectUri }), expires_at: seconds(expires)! };
}

/**
 * Finishes a connection: takes the state once (the caller's, unused, not expired), exchanges
 * 1688's code for tokens and stores them sealed, replacing any earlier connection of the tenant.
 */
export async function completeConnect(deps: AppDeps, actor: Actor, body: Ali1688CompleteBody, redirectUri: string) {
  if (!(await takeAuthState(deps.db, actor.tenantId, actor.userId, hashState(body.state))))
    throw badRequest(STATE_INVALID);
  const app = await oauthApp(deps);
  const t = await exchangeCode(app, { code: body.code, redirectUri }).catch((err: unknown) => {
    if (err instanceof Ali1688Error) throw new AppError(err.status === 502 ? 502 : 400, err.message);
    throw err;
  });
  if (!t.refreshToken || !t.memberId) throw new AppError(502, '1688 未返回完整的授权信息,请重新授权');
  const box = secretBox(deps.config);
  await deps.db.transaction().execute(async (trx) => {
    const before = await findConnection(trx, actor.tenantId);
    await saveConnection(trx, {
      tenant_id: actor.tenantId,
      member_id: t.memberId,
      login_id: t.loginId,
      access_token_enc: box.seal(t.accessToken),
      access_expires_at: t.accessExpiresAt,
      refresh_token_enc: box.seal(t.refreshToken!),
      refresh_expires_at: t.refreshExpiresAt ?? null,
      connected_by: actor.userId,
    });
    await audit(trx, actor, {
      action: before ? 'ali1688.reauthorize' : 'ali1688.connect',
      targetType: 'ali1688',
      targetId: t.memberId,
      before: before ? { member_id: before.member_id, login_id: before.login_id } : undefined,
      after: { member_id: t.memberId, login_id: t.loginId },
    });
  });
  return connectionView(deps, actor.tenantId);
}

/** 断开: forgets the tenant's connection and its tokens (purchases go back to the platform's account). */
export async function disconnect(deps: AppDeps, actor: Actor) {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findConnection(trx, actor.tenantId);
    if (!before || !(await deleteConnection(trx, actor.tenantId))) throw notFound('尚未连接1688账号');
    await audit(trx, actor, {
      action: 'ali1688.disconnect',
      targetType: 'ali1688',
      targetId: before.member_id,
      before: { member_id: before.member_id, login_id: before.login_id },
    });
  });
  return connectionView(deps, actor.tenantId);
}
