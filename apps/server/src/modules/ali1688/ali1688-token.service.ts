import { ali1688Channel, ali1688ChannelAs } from '../../ali1688/ali1688.factory.js';
import { type Ali1688Channel, Ali1688Error } from '../../ali1688/ali1688.js';
import { Ali1688GrantError, refreshAccess } from '../../ali1688/ali1688.oauth.js';
import type { AppDeps } from '../../context.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { secretBox } from '../../lib/secret-box.js';
import { rolesWith } from '../system/message-sources.service.js';
import { postMessages } from '../system/messages.service.js';
import { connectionsDue, lockConnection, recordRefresh } from './ali1688.repository.js';
import { oauthApp } from './ali1688.service.js';

/** The job refreshes access tokens that end within this (1688's live 10 hours; the job runs every 30 minutes). */
export const REFRESH_AHEAD_MS = 2 * 3_600_000;
const LOST = '本账号连接的1688买家账号授权已失效,请在「平台 / 1688采购」重新授权(或断开后使用平台的1688账号)';

export type RefreshOutcome = 'ok' | 'failed' | 'expired' | 'unreachable' | 'none';

/**
 * Refreshes the tenant's access token with its refresh token. A refresh token past its end
 * makes the connection 已过期, 1688's refusal 授权失败; either tells the accounts that manage
 * the connection once (the transition from 已连接). 1688 unreachable leaves it 已连接 with the
 * error kept, for the next run.
 */
export async function refreshConnection(deps: AppDeps, tenantId: number): Promise<RefreshOutcome> {
  const row = await lockConnection(deps.db, tenantId);
  if (row?.state !== 'connected') return 'none';
  const box = secretBox(deps.config);
  let outcome: { ok: true; token: string; expires: Date } | { ok: false; state: 'failed' | 'expired'; error: string };
  if (row.refresh_expires_at && new Date(row.refresh_expires_at).getTime() <= Date.now())
    outcome = { ok: false, state: 'expired', error: '1688授权已到期(refresh_token 过期)' };
  else {
    try {
      const t = await refreshAccess(await oauthApp(deps), box.open(row.refresh_token_enc));
      outcome = { ok: true, token: t.accessToken, expires: t.accessExpiresAt };
    } catch (err) {
      if (err instanceof Ali1688GrantError) outcome = { ok: false, state: 'failed', error: err.message };
      else if (err instanceof Ali1688Error || err instanceof AppError) {
        await recordRefresh(deps.db, tenantId, { ok: false, state: 'connected', error: err.message });
        return 'unreachable';
      } else throw err;
    }
  }
  if (outcome.ok) {
    await recordRefresh(deps.db, tenantId, {
      ok: true,
      access_token_enc: box.seal(outcome.token),
      access_expires_at: outcome.expires,
    });
    return 'ok';
  }
  const lost = outcome;
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockConnection(trx, tenantId);
    await recordRefresh(trx, tenantId, { ok: false, state: lost.state, error: lost.error });
    if (before?.state !== 'connected') return;
    await postMessages(
      trx,
      tenantId,
      rolesWith('ali1688.manage').map((role) => ({
        role,
        source: 'order',
        title: lost.state === 'expired' ? '1688账号授权已过期,请重新授权' : '1688账号授权失败,请重新授权',
        body: `${lost.error}。重新授权前,1688下单会被拒绝。`,
        link: '/platform/ali1688',
      })),
    );
  });
  return lost.state;
}

/** What one run of the refresh job did. */
export interface RefreshRun {
  refreshed: number;
  lost: number;
  unreachable: number;
}

/** Every connection whose access token ends within REFRESH_AHEAD_MS (job `ali1688-refresh`). */
export async function refreshDue(deps: AppDeps, max = 500): Promise<RefreshRun> {
  const run: RefreshRun = { refreshed: 0, lost: 0, unreachable: 0 };
  const due = await connectionsDue(deps.db, new Date(Date.now() + REFRESH_AHEAD_MS), max);
  for (const tenantId of due) {
    const r = await refreshConnection(deps, tenantId);
    if (r === 'ok') run.refreshed++;
    else if (r === 'unreachable') run.unreachable++;
    else if (r !== 'none') run.lost++;
  }
  return run;
}

/** The tenant's access token, refreshed first when it ends within a minute; a refusal when the connection is lost. */
async function accessToken(deps: AppDeps, tenantId: number): Promise<string> {
  let row = await lockConnection(deps.db, tenantId);
  if (row?.state === 'connected' && new Date(row.access_expires_at).getTime() < Date.now() + 60_000) {
    await refreshConnection(deps, tenantId);
    row = await lockConnection(deps.db, tenantId);
  }
  if (row?.state !== 'connected' || new Date(row.access_expires_at).getTime() <= Date.now()) throw badRequest(LOST);
  return secretBox(deps.config).open(row.access_token_enc);
}

/**
 * The channel a purchase of the tenant goes through (docs/ali1688.md "Which account buys"): the
 * tenant's own connected 1688 account when it has a connection (a lost one refuses, never falls
 * back silently), else the platform's app account as before; null when the server has no channel.
 */
export async function purchaseChannel(
  deps: AppDeps,
  tenantId: number,
): Promise<{ channel: Ali1688Channel; tenantAccount: boolean } | null> {
  const row = await lockConnection(deps.db, tenantId);
  if (!row) {
    const channel = ali1688Channel(deps.config.ali1688);
    return channel ? { channel, tenantAccount: false } : null;
  }
  return { channel: await channelFor(deps, tenantId, true), tenantAccount: true };
}

/** The channel for a 1688 order placed before: the tenant's account (its token) or the platform's. */
export async function channelFor(deps: AppDeps, tenantId: number, tenantAccount: boolean): Promise<Ali1688Channel> {
  const channel = tenantAccount
    ? await ali1688ChannelAs(deps.config.ali1688, await accessToken(deps, tenantId))
    : ali1688Channel(deps.config.ali1688);
  if (!channel) throw badRequest('未配置1688采购接口(ALI1688_BASE_URL、ALI1688_APP_KEY),请手动填写采购信息');
  return channel;
}
