import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ui } from '../app/ui-bridge';
import { useLogStore } from '../stores/log-store';
import { useSessionStore } from '../stores/session-store';
import { ApiError, get, post } from './http';

type Handler = (url: string, init: RequestInit) => { status: number; msg?: string; data?: unknown };

let calls: string[] = [];
function mockFetch(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      await new Promise((r) => setTimeout(r, 5));
      const body = handler(url, init);
      return new Response(JSON.stringify({ msg: 'ok', data: null, ...body }), { status: 200 });
    }),
  );
}

const now = () => Math.floor(Date.now() / 1000);
const confirm = vi.fn();
const error = vi.fn();

beforeEach(() => {
  ui.modal = { confirm } as never;
  ui.message = { error } as never;
  confirm.mockReset();
  error.mockReset();
  useLogStore.getState().clear();
  useSessionStore.setState({ token: null, user: null, uid: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('resolves data on status 200 and rejects with the message otherwise, toasting and logging it', async () => {
    mockFetch((url) => (url.includes('fail') ? { status: 409, msg: '账号已存在' } : { status: 200, data: { a: 1 } }));
    expect(await get('/ok')).toEqual({ a: 1 });
    await expect(post('/fail')).rejects.toMatchObject({ status: 409, message: '账号已存在' });
    expect(error).toHaveBeenCalledWith({ content: '账号已存在', duration: 5 });
    expect(useLogStore.getState().list[0]).toMatchObject({ type: 'danger', message: '数据请求异常: 账号已存在' });
  });

  it("never toasts '二维码已失效'", async () => {
    mockFetch(() => ({ status: 400, msg: '二维码已失效' }));
    await expect(get('/amazon-user/getScanQrRes')).rejects.toBeInstanceOf(ApiError);
    expect(error).not.toHaveBeenCalled();
  });

  it('refreshes once for concurrent calls when the token is about to expire', async () => {
    useSessionStore.setState({ token: { token_expires: now() + 50, refresh_expires: now() + 3600 } });
    mockFetch((url) =>
      url.includes('refresh.admin.token')
        ? { status: 200, data: { token: { token_expires: now() + 900, refresh_expires: now() + 7200 } } }
        : { status: 200, data: 'x' },
    );
    await Promise.all([get('/a'), get('/b'), post('/c')]);
    expect(calls.filter((c) => c.includes('refresh.admin.token'))).toHaveLength(1);
    expect(calls[0]).toContain('refresh.admin.token');
    expect(useSessionStore.getState().token?.token_expires).toBeGreaterThan(now() + 800);
  });

  it('on 401 refreshes and retries the call', async () => {
    let first = true;
    mockFetch((url) => {
      if (url.includes('refresh.admin.token')) return { status: 200, data: { token: null } };
      if (first) {
        first = false;
        return { status: 401, msg: '登录已过期' };
      }
      return { status: 200, data: 'again' };
    });
    expect(await get('/x')).toBe('again');
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks '授权过期' once when the refresh fails too", async () => {
    mockFetch(() => ({ status: 401, msg: '登录已过期' }));
    await Promise.allSettled([get('/x'), get('/y')]);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({ title: '授权过期' });
    expect(error).not.toHaveBeenCalled();
  });

  it('login, loginOut and refresh never trigger a refresh', async () => {
    useSessionStore.setState({ token: { token_expires: now() + 10, refresh_expires: now() + 3600 } });
    mockFetch(() => ({ status: 401, msg: 'no' }));
    await expect(post('/amazon-user/login', {})).rejects.toBeInstanceOf(ApiError);
    await expect(post('/amazon-user/loginOut')).rejects.toBeInstanceOf(ApiError);
    expect(calls.some((c) => c.includes('refresh.admin.token'))).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends JSON with the CSRF header on POST only', async () => {
    mockFetch(() => ({ status: 200 }));
    const f = vi.mocked(fetch);
    await post('/p', { a: 1 });
    await get('/g', { q: 'v', empty: '' });
    const [postUrl, postInit] = f.mock.calls[0] as [string, RequestInit];
    expect(postUrl).toBe('/PDD/p');
    expect((postInit.headers as Record<string, string>)['x-csrf-token']).toBeDefined();
    expect(postInit.credentials).toBe('include');
    const [getUrl, getInit] = f.mock.calls[1] as [string, RequestInit];
    expect(getUrl).toBe('/PDD/g?q=v');
    expect((getInit.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });
});
