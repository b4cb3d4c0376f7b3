import { Ali1688Error } from './ali1688.js';

/** Where the OAuth calls go: the open platform's gateway, the app, and 1688's authorize page. */
export interface Ali1688App {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  authorizeUrl: string;
}

/** What 1688 answers for a granted code or a refresh (`system.oauth2/getToken`). */
export interface Ali1688Token {
  accessToken: string;
  /** When the access token ends (1688: `expires_in` seconds, 10 hours). */
  accessExpiresAt: Date;
  /** Only on the code grant (a refresh keeps the refresh token it was given). */
  refreshToken?: string;
  refreshExpiresAt?: Date;
  memberId: string;
  /** The buyer's login name (`resource_owner`). */
  loginId: string;
  aliId: string;
}

/** 1688 refused the grant (a code used or expired, a refresh token revoked or expired). */
export class Ali1688GrantError extends Ali1688Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message, 400);
  }
}

/**
 * 1688's authorize page URL (open platform "授权流程", web apps): the buyer signs in on 1688,
 * approves, and 1688 redirects to `redirectUri` with `code` and the `state` given here.
 */
export function authorizeUrl(app: Ali1688App, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({ client_id: app.appKey, site: '1688', redirect_uri: p.redirectUri, state: p.state });
  return `${app.authorizeUrl}?${q.toString()}`;
}

/** Parses 1688's `refresh_token_timeout` (`yyyyMMddHHmmssSSS+0800`). */
export function parseTimeout(v: unknown): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})([+-]\d{4})$/.exec(String(v ?? ''));
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}${m[8]!.slice(0, 3)}:${m[8]!.slice(3)}`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

async function getToken(app: Ali1688App, params: Record<string, string>, timeoutMs = 15_000) {
  const q = new URLSearchParams({ ...params, client_id: app.appKey, client_secret: app.appSecret });
  const url = `${app.baseUrl.replace(/\/$/, '')}/openapi/http/1/system.oauth2/getToken/${app.appKey}?${q.toString()}`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new Ali1688Error('无法连接1688,请稍后重试', 502);
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !data || typeof data.access_token !== 'string') {
    const error = typeof data?.error === 'string' ? data.error : '';
    const said = typeof data?.error_description === 'string' ? data.error_description : `HTTP ${res.status}`;
    if (error === 'invalid_grant') throw new Ali1688GrantError(`1688拒绝了授权(${said})`, error);
    if (res.status >= 500) throw new Ali1688Error(`1688 返回错误 (${said})`, 502);
    throw new Ali1688Error(`1688 授权接口返回错误(${error || said})`, 400);
  }
  const seconds = Number(data.expires_in);
  return {
    accessToken: data.access_token,
    accessExpiresAt: new Date(Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 36_000) * 1000),
    ...(typeof data.refresh_token === 'string' ? { refreshToken: data.refresh_token } : {}),
    ...(parseTimeout(data.refresh_token_timeout) ? { refreshExpiresAt: parseTimeout(data.refresh_token_timeout) } : {}),
    memberId: String(data.memberId ?? ''),
    loginId: String(data.resource_owner ?? ''),
    aliId: String(data.aliId ?? ''),
  } satisfies Ali1688Token;
}

/** Exchanges the code 1688 sent back for tokens (grant_type=authorization_code, need_refresh_token=true). */
export function exchangeCode(app: Ali1688App, p: { code: string; redirectUri: string }): Promise<Ali1688Token> {
  return getToken(app, {
    grant_type: 'authorization_code',
    need_refresh_token: 'true',
    redirect_uri: p.redirectUri,
    code: p.code,
  });
}

/** A new access token from the refresh token (grant_type=refresh_token). */
export function refreshAccess(app: Ali1688App, refreshToken: string): Promise<Ali1688Token> {
  return getToken(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
