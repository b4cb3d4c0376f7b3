import { API_PREFIX, CSRF_HEADER } from '@console/shared/constants/app';
import type { TokenInfo } from '@console/shared/schemas/account';
import type { ApiEnvelope } from '@console/shared/schemas/common';
import { requestModal, ui } from '../app/ui-bridge';
import { addLog } from '../stores/log-store';
import { useSessionStore } from '../stores/session-store';
import { clearSessionCookies, csrfToken } from './cookies';

/** Request timeout (spec section 9). */
export const TIMEOUT_MS = 90_000;
/** How long an error toast stays (spec section 8). */
export const TOAST_SECONDS = 5;
/** Refresh when the access token expires within this window (spec section 9: now + 100 s). */
export const REFRESH_WINDOW_S = 100;
/** Messages never shown as a toast (spec section 8). */
const SILENT_MESSAGES = new Set(['二维码已失效', 'Network Error']);

const REFRESH_URL = '/v1/admin/?method=refresh.admin.token';
const NO_REFRESH = ['/amazon-user/login', '/amazon-user/loginOut', REFRESH_URL];

/** A failed call: the envelope's status and message, plus its data (e.g. `{code: 'NEED_CODE'}`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Options of one call. */
export interface RequestOptions {
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  /** Do not toast errors (the caller shows them). Errors are still logged. */
  silent?: boolean;
  /** On 401, fail quietly instead of asking the user to sign in again (startup check). */
  quiet401?: boolean;
}

let refreshing: Promise<boolean> | null = null;
let authDialog: Promise<void> | null = null;

function buildUrl(url: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_PREFIX}${url}${qs ? (url.includes('?') ? '&' : '?') + qs : ''}`;
}

async function send(method: string, url: string, opts: RequestOptions): Promise<ApiEnvelope<unknown>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    headers[CSRF_HEADER] = csrfToken();
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(buildUrl(url, opts.query), {
      method,
      headers,
      credentials: 'include',
      body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
      signal: controller.signal,
    });
    const text = await res.text();
    let env: ApiEnvelope<unknown>;
    try {
      env = JSON.parse(text) as ApiEnvelope<unknown>;
    } catch {
      env = { status: res.status, msg: res.statusText || `HTTP ${res.status}`, data: null };
    }
    if (typeof env?.status !== 'number') env = { status: res.status, msg: res.statusText, data: env };
    return env;
  } catch (err) {
    const timeout = (err as Error).name === 'AbortError';
    return { status: 0, msg: timeout ? `请求超时(${TIMEOUT_MS / 1000}秒)` : 'Network Error', data: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Renews the access token once; concurrent callers share the same attempt. */
export function refreshToken(): Promise<boolean> {
  refreshing ??= send('POST', REFRESH_URL, { body: {} })
    .then((env) => {
      if (env.status !== 200) return false;
      const token = (env.data as { token?: TokenInfo } | null)?.token;
      if (token) useSessionStore.getState().setToken(token);
      return true;
    })
    .finally(() => {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    });
  return refreshing;
}

function needsEarlyRefresh(): boolean {
  const token = useSessionStore.getState().token;
  if (!token?.token_expires) return false;
  const now = Date.now() / 1000;
  return token.token_expires - now < REFRESH_WINDOW_S && (!token.refresh_expires || token.refresh_expires > now);
}

function expireSession(): void {
  clearSessionCookies();
  useSessionStore.getState().clear();
  location.hash = '#/login';
  location.reload();
}

/**
 * The '授权过期' confirmation (spec section 8), one at a time; OK clears the session and reloads
 * into sign-in. Resolves when it is closed otherwise (取消). Where no screen hosts dialogs (the
 * startup check runs before the frame renders) the dialog host is loaded first.
 */
export function showAuthExpired(): Promise<void> {
  if (authDialog) return authDialog;
  authDialog = requestModal().then(
    (modal) =>
      new Promise<void>((resolve) => {
        modal.confirm({
          title: '授权过期',
          content: '您的授权已过期或已在其他地方登录,是否重新登录?',
          okText: '重新登录',
          cancelText: '取消',
          onOk: expireSession,
          afterClose: () => {
            authDialog = null;
            resolve();
          },
        });
      }),
  );
  return authDialog;
}

function fail(env: ApiEnvelope<unknown>, url: string, opts: RequestOptions): never {
  addLog(`数据请求异常: ${env.msg}`, 'danger', { url: buildUrl(url), detail: `status ${env.status}` });
  if (env.status !== 401 && !opts.silent && !SILENT_MESSAGES.has(env.msg)) {
    ui.message?.error({ content: env.msg || '请求失败', duration: TOAST_SECONDS });
  }
  throw new ApiError(env.msg, env.status, env.data);
}

/** Calls the API and resolves the envelope's data (status 200) or rejects with an ApiError. */
export async function request<T>(method: 'GET' | 'POST', url: string, opts: RequestOptions = {}): Promise<T> {
  const refreshable = !NO_REFRESH.some((p) => url.startsWith(p));
  if (refreshable && needsEarlyRefresh()) await refreshToken();
  let env = await send(method, url, opts);
  if (env.status === 401 && refreshable && (await refreshToken())) env = await send(method, url, opts);
  if (env.status === 200) return env.data as T;
  if (env.status === 401 && refreshable && !opts.quiet401) void showAuthExpired();
  return fail(env, url, opts);
}

/** GET helper. */
export const get = <T>(url: string, query?: RequestOptions['query'], opts: Omit<RequestOptions, 'query'> = {}) =>
  request<T>('GET', url, { ...opts, query });
/** POST helper. */
export const post = <T>(url: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
  request<T>('POST', url, { ...opts, body });
