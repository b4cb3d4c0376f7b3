import { COOKIE } from '@console/shared/constants/app';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { findLink } from '../src/modules/account/account-link.repository.js';
import { openSession } from '../src/modules/account/session.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, cookiesOf, type Session, signIn, useTestApp } from './harness.js';

/**
 * Issue 27 §1: a phone number typed into a form let any account switch into every account
 * of every tenant with that number. Switching now needs an account link the person proved
 * (the other account's password), or a child the caller manages (docs/decisions.md).
 */
const t = useTestApp();
const P = '/PDD/amazon-user';
const INFO = `${P}/getUserInfo`;
const TOGGLE = `${P}/toggleAccount`;
const LINK = `${P}/linkAccount`;
const UNLINK = `${P}/unlinkAccount`;

async function opera(tenantId: number, action: string) {
  return t.db
    .selectFrom('opera_log')
    .select(['tenant_id', 'user_id', 'account', 'target_id', 'summary'])
    .where('tenant_id', '=', tenantId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

async function liveSessions(userId: number): Promise<number> {
  const r = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function linkRows(a: number, b: number): Promise<number> {
  const r = await t.db
    .selectFrom('account_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('user_a', '=', Math.min(a, b)), eb('user_b', '=', Math.max(a, b))]),
        eb.and([eb('user_a', '=', Math.max(a, b)), eb('user_b', '=', Math.min(a, b))]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const listed = async (s: Session) =>
  ((await call(t.app, s, 'POST', INFO, {})).data.bindSomePhoneAccountList as { uid: number }[])
    .map((a) => a.uid)
    .sort((x, y) => x - y);

/** Sends a link request from a distinct address (throttling counts per address too). */
function link(s: Session, body: Record<string, unknown>, ip = '10.27.0.1', cookies: Record<string, string> = {}) {
  return t.app
    .inject({
      method: 'POST',
      url: LINK,
      headers: s.headers,
      cookies: { ...s.cookies, ...cookies },
      payload: body,
      remoteAddress: ip,
    })
    .then((res) => ({ http: res.statusCode, ...res.json() }));
}

/** Switches accounts; on success also the new session (cookie mode) the answer set. */
async function toggle(s: Session, uid: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: TOGGLE,
    headers: s.headers,
    cookies: s.cookies,
    payload: { uid },
  });
  const body = { http: res.statusCode, ...res.json() };
  const cookies = cookiesOf(res);
  const session: Session = { uid, cookies, headers: { 'x-csrf-token': cookies[COOKIE.uuid] ?? '' }, login: body.data };
  return { ...body, session };
}

let phoneSeq = 0;
const freshPhone = () => `139${String(27_000_000 + ++phoneSeq).padStart(8, '0')}`;

describe('the reproduction of issue 27 §1', () => {
  it("a buyer given another tenant's admin phone cannot see or switch into that admin (404, B untouched)", async () => {
    const phone = freshPhone();
    const b = await buildTenant(t.db, { phone });
    const bBefore = await t.db.selectFrom('users').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    const a = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const created = await call(t.app, sa, 'POST', `${P}/createChildAccount`, {
      account: `buyer${phoneSeq}x${a.id}`,
      password: 'buyer-pass-1',
      auth: 3,
      user_name: '买手',
      phone,
    });
    expect(created.status).toBe(200);
    const buyer = await signIn(t.app, created.data.account, 'buyer-pass-1');

    const res = await call(t.app, buyer, 'POST', TOGGLE, { uid: b.id });
    expect(res).toMatchObject({ http: 404, msg: '账号不存在' });
    expect(await listed(buyer)).toEqual([buyer.uid]);

    // B is untouched: no session was opened for it, its row is the same, and nothing was logged.
    expect(await liveSessions(b.id)).toBe(0);
    const bAfter = await t.db.selectFrom('users').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(bAfter).toEqual(bBefore);
    expect(await opera(b.id, 'account.toggle')).toEqual([]);
    expect(await opera(a.id, 'account.toggle')).toEqual([]);
    // The buyer's own session goes on.
    expect((await call(t.app, buyer, 'POST', INFO, {})).data.uid).toBe(buyer.uid);
  });

  it('two main accounts with the same phone are not switchable to each other until linked', async () => {
    const phone = freshPhone();
    const a = await buildTenant(t.db, { phone });
    const b = await buildTenant(t.db, { phone });
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    expect(await listed(sa)).toEqual([a.id]);
    expect((await call(t.app, sa, 'POST', TOGGLE, { uid: b.id })).http).toBe(404);
    expect(await liveSessions(b.id)).toBe(0);
  });
});

/** A verification code and its answer (the captcha cookie goes with the next request). */
async function solvedCaptcha(): Promise<{ cookies: Record<string, string>; code: string }> {
  const img = await t.app.inject({ method: 'GET', url: `${P}/getLoginCode` });
  const id = cookiesOf(img)[COOKIE.captcha]!;
  const answer = (await t.app.inject({ method: 'GET', url: `/PDD/__test__/captcha?id=${id}` })).json().data.answer;
  return { cookies: { [COOKIE.captcha]: id }, code: answer };
}

function signInFrom(account: string, password: string, ip: string, extra: Record<string, unknown> = {}) {
  return t.app
    .inject({ method: 'POST', url: `${P}/login`, payload: { account, password, ...extra }, remoteAddress: ip })
    .then((res) => ({ http: res.statusCode, ...res.json() }));
}

describe('linking proves the other account with its password, throttled like sign-in', () => {
  it('a wrong password is refused, asks for a code after 3 failures and locks after 10; sign-in shares the count', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const ip = '10.27.1.1';
    expect(await link(sa, { account: b.account, password: 'wrong-pass' }, ip)).toMatchObject({
      http: 400,
      msg: '账号或密码错误',
    });
    await link(sa, { account: b.account, password: 'wrong-pass' }, ip);
    const third = await link(sa, { account: b.account, password: 'wrong-pass' }, ip);
    expect(third).toMatchObject({ http: 400, msg: '账号或密码错误', data: { code: 'NEED_CODE' } });
    // Even the right password needs the code now, from this address and from any other.
    expect(await link(sa, { account: b.account, password: TEST_PASSWORD }, ip)).toMatchObject({
      http: 400,
      msg: '请输入验证码',
      data: { code: 'NEED_CODE' },
    });
    expect((await signInFrom(b.account, TEST_PASSWORD, '10.27.1.2')).data).toEqual({ code: 'NEED_CODE' });
    expect(await linkRows(a.id, b.id)).toBe(0);

    // Failures 4..10 with solved codes: the tenth locks the name for sign-in too.
    let last = { http: 0 };
    for (let i = 4; i <= 10; i++) {
      const c = await solvedCaptcha();
      last = await link(sa, { account: b.account, password: 'wrong-pass', code: c.code }, ip, c.cookies);
    }
    expect(last.http).toBe(423);
    const c = await solvedCaptcha();
    expect((await link(sa, { account: b.account, password: TEST_PASSWORD, code: c.code }, ip, c.cookies)).http).toBe(
      423,
    );
    expect((await signInFrom(b.account, TEST_PASSWORD, '10.27.1.3')).http).toBe(423);
    expect(await linkRows(a.id, b.id)).toBe(0);
  });

  it('with a solved code the right password links', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const ip = '10.27.2.1';
    for (let i = 0; i < 3; i++) await link(sa, { account: b.account, password: 'wrong-pass' }, ip);
    const c = await solvedCaptcha();
    const ok = await link(sa, { account: b.account, password: TEST_PASSWORD, code: c.code }, ip, c.cookies);
    expect(ok).toMatchObject({ http: 200, msg: '关联成功', data: { uid: b.id, account: b.account } });
    expect(await linkRows(a.id, b.id)).toBe(1);
  });

  it('refuses the own account, a disabled account and an unknown name, and never says which names exist', async () => {
    const a = await buildTenant(t.db);
    const off = await buildTenant(t.db, { status: 0 });
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    expect(await link(sa, { account: a.account, password: TEST_PASSWORD }, '10.27.3.1')).toMatchObject({
      http: 400,
      msg: '不能关联当前账号',
    });
    expect(await link(sa, { account: off.account, password: TEST_PASSWORD }, '10.27.3.2')).toMatchObject({
      http: 403,
      msg: '账号已停用',
    });
    expect(await link(sa, { account: 'nobody-here', password: TEST_PASSWORD }, '10.27.3.3')).toMatchObject({
      http: 400,
      msg: '账号或密码错误',
    });
    expect(await linkRows(a.id, off.id)).toBe(0);
  });
});

describe('linked accounts switch both ways, audited in both tenants', () => {
  it("lists each other, switches there and back, and writes the link and each switch in both tenants' logs", async () => {
    const a = await buildTenant(t.db);
    const bMain = await buildTenant(t.db);
    const b = await buildUser(t.db, bMain, { auth: 2 });
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    expect(await link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.4.1')).toMatchObject({
      status: 200,
      msg: '关联成功',
    });
    expect(await link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.4.1')).toMatchObject({
      status: 200,
      msg: '该账号已关联',
    });
    expect(await listed(sa)).toEqual([a.id, b.id]);
    expect(await listed(await signIn(t.app, b.account, TEST_PASSWORD))).toEqual([a.id, b.id]);

    for (const tenant of [a.id, bMain.id]) {
      const rows = await opera(tenant, 'account.link');
      expect(rows, `tenant ${tenant}`).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: a.id, account: a.account, target_id: String(b.id) });
    }

    const toB = await toggle(sa, b.id);
    expect(toB).toMatchObject({ status: 200, msg: '切换成功', data: { uid: b.id } });
    expect((await call(t.app, sa, 'POST', INFO, {})).http).toBe(401);
    const sb = toB.session;
    expect((await call(t.app, sb, 'POST', INFO, {})).data).toMatchObject({ uid: b.id, account: b.account });
    expect(await listed(sb)).toEqual([a.id, b.id]);
    const back = await toggle(sb, a.id);
    expect(back).toMatchObject({ status: 200, data: { uid: a.id } });

    for (const tenant of [a.id, bMain.id]) {
      const rows = await opera(tenant, 'account.toggle');
      expect(
        rows.map((r) => [r.user_id, r.target_id]),
        `tenant ${tenant}`,
      ).toEqual([
        [a.id, String(b.id)],
        [b.id, String(a.id)],
      ]);
      expect(rows[0]!.summary).toMatchObject({ after: { via: 'link' } });
    }
  });

  it("another tenant's ids: only the linked account itself, never its siblings or its main account", async () => {
    const a = await buildTenant(t.db);
    const bMain = await buildTenant(t.db);
    const b = await buildUser(t.db, bMain, { auth: 3 });
    const bSibling = await buildUser(t.db, bMain, { auth: 2 });
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    await link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.5.1');
    for (const uid of [bMain.id, bSibling.id, 99_999_999]) {
      expect(await call(t.app, sa, 'POST', TOGGLE, { uid }), `uid ${uid}`).toMatchObject({
        http: 404,
        msg: '账号不存在',
      });
      expect((await call(t.app, sa, 'POST', UNLINK, { uid })).http, `uid ${uid}`).toBe(404);
    }
    // A third account can neither use nor remove someone else's link.
    const c = await buildTenant(t.db);
    const sc = await signIn(t.app, c.account, TEST_PASSWORD);
    expect((await call(t.app, sc, 'POST', TOGGLE, { uid: b.id })).http).toBe(404);
    expect(await call(t.app, sc, 'POST', UNLINK, { uid: b.id })).toMatchObject({ http: 404, msg: '关联不存在' });
    expect(await linkRows(a.id, b.id)).toBe(1);
    expect(await liveSessions(bMain.id)).toBe(0);
    expect(await liveSessions(bSibling.id)).toBe(0);
  });
});

describe('removing a link', () => {
  it('either side unlinks; then neither lists nor switches to the other; both tenants log it', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    await link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.6.1');
    const sb = await signIn(t.app, b.account, TEST_PASSWORD);
    expect(await call(t.app, sb, 'POST', UNLINK, { uid: a.id })).toMatchObject({ status: 200, msg: '已解除关联' });
    expect(await listed(sa)).toEqual([a.id]);
    expect(await listed(sb)).toEqual([b.id]);
    expect((await toggle(sa, b.id)).http).toBe(404);
    expect((await toggle(sb, a.id)).http).toBe(404);
    expect((await call(t.app, sa, 'POST', UNLINK, { uid: b.id })).http).toBe(404);
    for (const tenant of [a.id, b.id]) {
      expect(await opera(tenant, 'account.unlink'), `tenant ${tenant}`).toMatchObject([
        { user_id: b.id, target_id: String(a.id) },
      ]);
    }
  });

  it.each([
    ['its own password change', 'password'],
    ['a password reset by its manager', 'reset'],
    ['being disabled', 'disable'],
    ['being deleted', 'delete'],
  ] as const)('a link ends with %s', async (_label, how) => {
    const other = await buildTenant(t.db);
    const main = await buildTenant(t.db);
    const child = await buildUser(t.db, main, { auth: 2 });
    const sc = await signIn(t.app, child.account, TEST_PASSWORD);
    await link(sc, { account: other.account, password: TEST_PASSWORD }, '10.27.7.1');
    expect(await linkRows(child.id, other.id)).toBe(1);
    const sm = await signIn(t.app, main.account, TEST_PASSWORD);
    const res =
      how === 'password'
        ? await call(t.app, sc, 'POST', `${P}/updateUserPassword`, {
            passwordOld: TEST_PASSWORD,
            password: 'new-pass-27',
            passwordAgain: 'new-pass-27',
          })
        : how === 'reset'
          ? await call(t.app, sm, 'POST', `${P}/resetChildAccount`, { uid: child.id, password: 'new-pass-27' })
          : how === 'disable'
            ? await call(t.app, sm, 'POST', `${P}/updateChildAccount`, { uid: child.id, status: 0 })
            : await call(t.app, sm, 'POST', `${P}/deleteChildAccount`, { uid: child.id });
    expect(res.status).toBe(200);
    expect(await linkRows(child.id, other.id)).toBe(0);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect(await listed(so)).toEqual([other.id]);
    expect((await toggle(so, child.id)).http).toBe(404);
    // The other side's tenant sees why its link went.
    expect(await opera(other.id, 'account.unlink')).toHaveLength(1);
  });
});

describe('a link ending while a switch goes through it', () => {
  it('the password change waits for the switch and ends the session it opened', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    await link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.11.1');
    const sb = await signIn(t.app, b.account, TEST_PASSWORD);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // What toggleAccount does: find (and hold) the link, then open the other account's session.
    const switching = t.db.transaction().execute(async (trx) => {
      expect(await findLink(trx, a.id, a.id, b.id)).toBeDefined();
      await held;
      await openSession(trx, t.deps, b, 'link', { ip: '10.27.11.1', userAgent: 'test' });
    });
    const change = call(t.app, sb, 'POST', `${P}/updateUserPassword`, {
      passwordOld: TEST_PASSWORD,
      password: 'new-pass-27b',
      passwordAgain: 'new-pass-27b',
    });
    await vi.waitFor(
      async () => {
        const r = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
        expect(Number(r.rows[0]!.n)).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    release();
    await switching;
    expect((await change).status).toBe(200);
    expect(await liveSessions(b.id)).toBe(0);
    expect(await linkRows(a.id, b.id)).toBe(0);
  });
});

describe('who may link and switch', () => {
  it.each([0, 1, 2, 3, 4, 5, 6] as const)('auth %i links an account of its person and switches to it', async (auth) => {
    const main = await buildTenant(t.db, { auth: auth === 4 || auth === 5 ? auth : 0 });
    const me = auth === 0 || auth === 4 || auth === 5 ? main : await buildUser(t.db, main, { auth });
    const mine = await buildTenant(t.db);
    const s = await signIn(t.app, me.account, TEST_PASSWORD);
    expect((await link(s, { account: mine.account, password: TEST_PASSWORD }, `10.27.8.${auth}`)).status).toBe(200);
    expect(await listed(s)).toEqual([me.id, mine.id].sort((x, y) => x - y));
    expect(await toggle(s, mine.id)).toMatchObject({ status: 200, data: { uid: mine.id } });
  });

  it("a manager switched into a child (no child password) neither uses nor makes the child's links", async () => {
    const main = await buildTenant(t.db);
    const child = await buildUser(t.db, main, { auth: 3 });
    const privateAccount = await buildTenant(t.db);
    const sc = await signIn(t.app, child.account, TEST_PASSWORD);
    await link(sc, { account: privateAccount.account, password: TEST_PASSWORD }, '10.27.9.1');

    const sm = await signIn(t.app, main.account, TEST_PASSWORD);
    const asChild = await toggle(sm, child.id);
    expect(asChild).toMatchObject({ status: 200, data: { uid: child.id } });
    const delegated = asChild.session;
    expect(await listed(delegated)).toEqual([child.id]);
    expect(await toggle(delegated, privateAccount.id)).toMatchObject({ http: 404, msg: '账号不存在' });
    expect(await liveSessions(privateAccount.id)).toBe(0);
    const mainAgain = await buildTenant(t.db);
    expect(await link(delegated, { account: mainAgain.account, password: TEST_PASSWORD }, '10.27.9.2')).toMatchObject({
      http: 403,
      msg: '请使用本账号的密码登录后再关联其他账号',
    });
    // Nor can it mint a proving session of the child through a QR sign-in it confirms itself.
    const qr = await t.app.inject({ method: 'GET', url: `${P}/getQrLoginCode` });
    const confirm = await call(t.app, delegated, 'POST', `${P}/confirmQrLogin`, { code: qr.json().data.code });
    expect(confirm).toMatchObject({ http: 403, msg: '请使用本账号的密码登录后再确认扫码登录' });
    expect(await opera(main.id, 'account.toggle')).toMatchObject([{ summary: { after: { via: 'child' } } }]);
  });
});

describe('parallel link requests', () => {
  it('store one link and one audit row per tenant', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => link(sa, { account: b.account, password: TEST_PASSWORD }, '10.27.10.1')),
    );
    // Attempts in flight count against the name like sign-ins do (issue 27 §2): some may be
    // asked for a code; none fails otherwise, and exactly one made the link.
    const other = answers.filter((r) => r.status !== 200 && r.msg !== '请输入验证码');
    expect(other.map((r) => `${r.http} ${r.msg}`)).toEqual([]);
    expect(answers.filter((r) => r.msg === '关联成功')).toHaveLength(1);
    expect(await linkRows(a.id, b.id)).toBe(1);
    expect(await opera(a.id, 'account.link')).toHaveLength(1);
    expect(await opera(b.id, 'account.link')).toHaveLength(1);
  });
});

describe('the unscoped account lookup', () => {
  it('is imported only where the id is the server’s own (QR confirmation, operator command line)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.join(import.meta.dirname, '../src');
    const users = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /\bfindUserByIdAnyTenant\b/.test(readFileSync(path.join(root, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'))
      .sort();
    expect(users).toEqual([
      'cli/admin.ts',
      'modules/account/qr-login.service.ts',
      'modules/account/user.repository.ts',
    ]);
  });
});
