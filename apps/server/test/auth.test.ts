import { COOKIE } from '@console/shared/constants/app';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, cookiesOf, signIn, useTestApp } from './harness.js';

const t = useTestApp();

async function attempt(
  account: string,
  password: string,
  extra: Record<string, unknown> = {},
  cookies = {},
  ip = '10.0.0.1',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/amazon-user/login',
    payload: { account, password, ...extra },
    cookies,
    remoteAddress: ip,
  });
  return { http: res.statusCode, ...res.json(), cookies: cookiesOf(res) };
}

describe('menu list', () => {
  it('leaves out a section whose pages are all closed to the account (a worker sees no 财务)', async () => {
    const admin = await buildTenant(t.db);
    const worker = await buildUser(t.db, admin, { auth: 2 });
    const urls = async (account: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/PDD/amazon-user/login',
        payload: { account, password: TEST_PASSWORD },
      });
      return (res.json().data.menuList as { url: string }[]).map((m) => m.url);
    };
    expect(await urls(admin.account)).toEqual(expect.arrayContaining(['/member', '/member/index']));
    const seen = await urls(worker.account);
    expect(seen).toContain('/goods');
    expect(seen.filter((u) => u.startsWith('/member'))).toEqual([]);
  });
});

describe('password sign-in', () => {
  it('signs in with cookies: HttpOnly secrets, readable uuid, no secrets in the body', async () => {
    const user = await buildTenant(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/login',
      payload: { account: user.account, password: TEST_PASSWORD },
    });
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ uid: user.id, admin: 1, auth: 0 });
    expect(body.data.menuList.length).toBeGreaterThan(10);
    expect(body.data.token.token).toBeUndefined();
    expect(body.data.token.refresh).toBeUndefined();
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName[COOKIE.token]?.httpOnly).toBe(true);
    expect(byName[COOKIE.refresh]?.httpOnly).toBe(true);
    expect(byName[COOKIE.uuid]?.httpOnly).toBeFalsy();
    expect(byName[COOKIE.token]?.sameSite).toBe('Lax');
    const sessionMs = new Date(byName[COOKIE.token]!.expires!).getTime() - Date.now();
    expect(sessionMs).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(sessionMs).toBeLessThanOrEqual(2 * 86_400_000);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const user = await buildTenant(t.db);
    const wrong = await attempt(user.account, 'nope-nope', {}, {}, '10.1.0.1');
    const unknown = await attempt('no-such-account', 'nope-nope', {}, {}, '10.1.0.2');
    expect(wrong.http).toBe(400);
    expect(wrong.msg).toBe('账号或密码错误');
    expect(unknown.msg).toBe(wrong.msg);
    expect(unknown.http).toBe(wrong.http);
  });

  it('validates the body with Chinese messages', async () => {
    const res = await attempt('', '');
    expect(res.http).toBe(400);
    expect(res.msg).toBe('请填写该字段');
    const extra = await attempt('a', 'b', { admin: true });
    expect(extra.msg).toBe('不支持的字段: admin');
  });

  it('requires a code after 3 failures, then accepts the solved code', async () => {
    const user = await buildTenant(t.db);
    const ip = '10.2.0.1';
    for (let i = 0; i < 2; i++) expect((await attempt(user.account, 'bad-pass', {}, {}, ip)).data).toBeNull();
    const third = await attempt(user.account, 'bad-pass', {}, {}, ip);
    expect(third.data).toEqual({ code: 'NEED_CODE' });
    // Even the right password gets no session without the code.
    const needCode = await attempt(user.account, TEST_PASSWORD, {}, {}, ip);
    expect(needCode.status).toBe(200);
    expect(needCode.data).toEqual({ code: 'NEED_CODE' });
    expect(needCode.cookies[COOKIE.token]).toBeUndefined();

    const img = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getLoginCode' });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
    const captchaId = cookiesOf(img)[COOKIE.captcha]!;
    const wrongCode = await attempt(user.account, TEST_PASSWORD, { code: 'zzzz' }, { [COOKIE.captcha]: captchaId }, ip);
    expect(wrongCode.http).toBe(400);
    expect(wrongCode.data).toEqual({ code: 'NEED_CODE' });

    // A captcha is single use: the wrong try consumed it, so fetch another.
    const img2 = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getLoginCode' });
    const id2 = cookiesOf(img2)[COOKIE.captcha]!;
    const answer = (await t.app.inject({ method: 'GET', url: `/PDD/__test__/captcha?id=${id2}` })).json().data.answer;
    const ok = await attempt(
      user.account,
      TEST_PASSWORD,
      { code: answer.toUpperCase() },
      { [COOKIE.captcha]: id2 },
      ip,
    );
    expect(ok.status).toBe(200);
    expect(ok.data.uid).toBe(user.id);
    // Success resets the count: the next sign-in needs no code.
    expect((await attempt(user.account, TEST_PASSWORD, {}, {}, '10.2.0.9')).data.uid).toBe(user.id);
  });

  it('counts failures per address too', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 3; i++) await attempt(`ghost${i}`, 'bad-pass', {}, {}, ip);
    const user = await buildTenant(t.db);
    expect((await attempt(user.account, TEST_PASSWORD, {}, {}, ip)).data).toEqual({ code: 'NEED_CODE' });
    expect((await attempt(user.account, TEST_PASSWORD, {}, {}, '10.3.0.2')).data.uid).toBe(user.id);
  });

  it('locks the account for 15 minutes after 10 failures', async () => {
    const user = await buildTenant(t.db);
    const key = user.account.toLowerCase();
    // Nine earlier failures from other addresses (bypassing the code step by inserting them).
    await t.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 9 }, (_, i) => ({ account_key: key, ip: `10.4.0.${i}`, success: false })))
      .execute();
    const img = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getLoginCode' });
    const id = cookiesOf(img)[COOKIE.captcha]!;
    const answer = (await t.app.inject({ method: 'GET', url: `/PDD/__test__/captcha?id=${id}` })).json().data.answer;
    const tenth = await attempt(user.account, 'bad-pass', { code: answer }, { [COOKIE.captcha]: id }, '10.4.1.1');
    expect(tenth.http).toBe(423);
    expect(tenth.msg).toContain('锁定');
    const locked = await attempt(user.account, TEST_PASSWORD, {}, {}, '10.4.1.2');
    expect(locked.http).toBe(423);
    // 16 minutes later the lock is over (move the failures back in time).
    await t.db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('account_key', '=', key)
      .execute();
    expect((await attempt(user.account, TEST_PASSWORD, {}, {}, '10.4.1.3')).data.uid).toBe(user.id);
  });

  it('refuses disabled and expired accounts after the password is right', async () => {
    const off = await buildTenant(t.db, { status: 0 });
    expect((await attempt(off.account, TEST_PASSWORD, {}, {}, '10.5.0.1')).msg).toBe('账号已停用');
    const expired = await buildTenant(t.db);
    await t.db
      .updateTable('users')
      .set({ end_time: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    expect((await attempt(expired.account, TEST_PASSWORD, {}, {}, '10.5.0.2')).msg).toBe('账号已过期');
  });
});

describe('session tokens', () => {
  it('401 without a token, with a tampered token, with alg none and with an expired token', async () => {
    const user = await buildTenant(t.db);
    const s = await signIn(t.app, user.account, TEST_PASSWORD, 'bearer');
    const info = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/PDD/amazon-user/getUserInfo', headers, payload: {} });
    expect((await info(s.headers)).statusCode).toBe(200);
    expect((await info({})).json()).toMatchObject({ status: 401 });

    const token = s.headers.authorization!.slice(7);
    const [h, p, sig] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '999' })).toString('base64url')}.${sig}`;
    expect((await info({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);

    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await info({ authorization: `Bearer ${none}` })).statusCode).toBe(401);

    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const expired = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(t.deps.jwtSecret);
    expect((await info({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    const otherKey = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-different-secret-of-32-bytes!!'));
    expect((await info({ authorization: `Bearer ${otherKey}` })).statusCode).toBe(401);
  });

  it('cookie sessions need the CSRF header on state changes', async () => {
    const user = await buildTenant(t.db);
    const s = await signIn(t.app, user.account, TEST_PASSWORD);
    const without = await call(t.app, { ...s, headers: {} }, 'POST', '/PDD/amazon-user/getUserInfo', {});
    expect(without.http).toBe(403);
    const wrong = await call(
      t.app,
      { ...s, headers: { 'x-csrf-token': 'x' } },
      'POST',
      '/PDD/amazon-user/getUserInfo',
      {},
    );
    expect(wrong.http).toBe(403);
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/getUserInfo', {})).status).toBe(200);
  });

  it('refresh rotates the refresh token; reusing an old one after the grace period revokes the session', async () => {
    const user = await buildTenant(t.db);
    const s = await signIn(t.app, user.account, TEST_PASSWORD, 'bearer');
    const first = (s.login.token as { refresh: string }).refresh;
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/PDD/v1/admin/?method=refresh.admin.token', payload: { refresh: token } });
    const r1 = (await refresh(first)).json();
    expect(r1.status).toBe(200);
    expect(r1.data.token.refresh).toBeTruthy();
    expect(r1.data.token.refresh).not.toBe(first);
    // Within the grace period (parallel tabs) the old token still yields an access token.
    const grace = (await refresh(first)).json();
    expect(grace.status).toBe(200);
    expect(grace.data.token.refresh).toBeUndefined();
    // Past the grace period, the old token is a stolen copy: the whole session ends.
    await t.db
      .updateTable('sessions')
      .set({ refreshed_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(r1.data.token.refresh)).statusCode).toBe(401);
    const newAccess = { authorization: `Bearer ${r1.data.token.token}` };
    const info = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/getUserInfo',
      headers: newAccess,
      payload: {},
    });
    expect(info.statusCode).toBe(401);
  });

  it('cookie refresh needs the CSRF token and sets new cookies', async () => {
    const user = await buildTenant(t.db);
    const s = await signIn(t.app, user.account, TEST_PASSWORD);
    const url = '/PDD/v1/admin/?method=refresh.admin.token';
    const noCsrf = await t.app.inject({ method: 'POST', url, cookies: s.cookies, payload: {} });
    expect(noCsrf.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url, cookies: s.cookies, headers: s.headers, payload: {} });
    expect(res.json().status).toBe(200);
    expect(res.json().data.token.token).toBeUndefined();
    const next = cookiesOf(res);
    expect(next[COOKIE.refresh]).toBeTruthy();
    expect(next[COOKIE.refresh]).not.toBe(s.cookies[COOKIE.refresh]);
    expect(next[COOKIE.token]).toBeTruthy();
  });

  it('an unknown admin method is 404 and a bad body is 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/PDD/v1/admin/?method=nope', payload: {} });
    expect(res.json()).toMatchObject({ status: 404 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/PDD/v1/admin/?method=refresh.admin.token',
      payload: { x: 1 },
    });
    expect(bad.json()).toMatchObject({ status: 400, msg: '不支持的字段: x' });
  });

  it('loginOut revokes the session on the server: the old cookies then get 401', async () => {
    const user = await buildTenant(t.db);
    const s = await signIn(t.app, user.account, TEST_PASSWORD);
    const out = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/loginOut',
      cookies: s.cookies,
      headers: s.headers,
    });
    expect(out.json().status).toBe(200);
    expect(out.cookies.find((c) => c.name === COOKIE.token)?.value).toBe('');
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/getUserInfo', {})).http).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/PDD/v1/admin/?method=refresh.admin.token',
      cookies: s.cookies,
      headers: s.headers,
      payload: {},
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('QR sign-in', () => {
  it('a code is confirmed by a signed-in user and yields a 1-day session to the asking browser only, once', async () => {
    const user = await buildTenant(t.db);
    const phone = await signIn(t.app, user.account, TEST_PASSWORD);
    const q = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getQrLoginCode' });
    const { code, qr, url } = q.json().data;
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(url).toContain(`#/qr-confirm?code=${code}`);
    const browser = cookiesOf(q);
    const poll = (cookies: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/PDD/amazon-user/getScanQrRes?code=${code}`, cookies });

    expect((await poll(browser)).json().data.state).toBe('pending');
    const confirm = await call(t.app, phone, 'POST', '/PDD/amazon-user/confirmQrLogin', { code });
    expect(confirm.status).toBe(200);
    // Another browser polling the same code gets nothing.
    expect((await poll({})).json()).toMatchObject({ status: 400, msg: '二维码已失效' });
    const done = await poll(browser);
    expect(done.json().data).toMatchObject({ state: 'done', uid: user.id });
    const tokenCookie = done.cookies.find((c) => c.name === COOKIE.token)!;
    const ms = new Date(tokenCookie.expires!).getTime() - Date.now();
    expect(ms).toBeLessThanOrEqual(86_400_000);
    expect(ms).toBeGreaterThan(86_400_000 - 60_000);
    // Single use.
    expect((await poll(browser)).json().msg).toBe('二维码已失效');
    // Confirming again fails too.
    expect((await call(t.app, phone, 'POST', '/PDD/amazon-user/confirmQrLogin', { code })).msg).toBe('二维码已失效');
  });

  it('an expired code answers 二维码已失效', async () => {
    const user = await buildTenant(t.db);
    const phone = await signIn(t.app, user.account, TEST_PASSWORD);
    const q = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getQrLoginCode' });
    const { code } = q.json().data;
    await t.db
      .updateTable('qr_logins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', code)
      .execute();
    expect((await call(t.app, phone, 'POST', '/PDD/amazon-user/confirmQrLogin', { code })).msg).toBe('二维码已失效');
    const res = await t.app.inject({
      method: 'GET',
      url: `/PDD/amazon-user/getScanQrRes?code=${code}`,
      cookies: cookiesOf(q),
    });
    expect(res.json()).toMatchObject({ status: 400, msg: '二维码已失效' });
  });

  it('confirming needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/PDD/amazon-user/confirmQrLogin', payload: { code: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
