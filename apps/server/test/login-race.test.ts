import { COOKIE } from '@console/shared/constants/app';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../src/lib/password.js';
import { CODE_AFTER_FAILURES } from '../src/modules/account/login.service.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { cookiesOf, useTestApp } from './harness.js';

// Every password the server verifies, whatever path it takes (issue 27 §2: count the checks).
// A spy on the module's export, not vi.mock: the files of a worker share loaded modules.
const checked: string[] = [];
// Tests of legitimate parallel sign-ins slow each verification down (as argon2 is on a busy
// server) so that the attempts really overlap.
let verifyDelayMs = 0;
const realVerify = password.verifyPassword;
const spy = vi.spyOn(password, 'verifyPassword').mockImplementation(async (stored, given) => {
  checked.push(given);
  if (verifyDelayMs) await new Promise((r) => setTimeout(r, verifyDelayMs));
  return realVerify(stored, given);
});
afterAll(() => spy.mockRestore());

const t = useTestApp();

beforeEach(() => {
  checked.length = 0;
  verifyDelayMs = 0;
});

async function attempt(
  account: string,
  password: string,
  ip: string,
  extra: Record<string, unknown> = {},
  cookies = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/amazon-user/login',
    payload: { account, password, ...extra },
    cookies,
    remoteAddress: ip,
  });
  return { http: res.statusCode, ...res.json(), session: cookiesOf(res)[COOKIE.token] };
}

type Answer = Awaited<ReturnType<typeof attempt>>;

/** The answers of a batch, by kind. */
function tally(answers: Answer[]) {
  return {
    wrong: answers.filter((a) => a.http === 400 && a.msg === '账号或密码错误').length,
    needCode: answers.filter((a) => a.status === 200 && a.data?.code === 'NEED_CODE' && !a.session).length,
    sessions: answers.filter((a) => a.session !== undefined || a.data?.uid !== undefined).length,
    other: answers.filter(
      (a) => !(a.http === 400 && a.msg === '账号或密码错误') && !(a.status === 200 && a.data?.code === 'NEED_CODE'),
    ),
  };
}

/** Attempts of an address not settled as a success (failures, and attempts still pending). */
async function unsettledOrFailed(ip: string) {
  const rows = await t.db
    .selectFrom('login_attempts')
    .select('success')
    .where('ip', '=', ip)
    .where((eb) => eb.or([eb('success', '=', false), eb('success', 'is', null)]))
    .execute();
  return rows.length;
}

async function solvedCaptcha() {
  const img = await t.app.inject({ method: 'GET', url: '/PDD/amazon-user/getLoginCode' });
  const id = cookiesOf(img)[COOKIE.captcha]!;
  const answer = (await t.app.inject({ method: 'GET', url: `/PDD/__test__/captcha?id=${id}` })).json().data.answer;
  return { id, answer: answer as string };
}

describe('parallel sign-ins (issue 27 §2)', () => {
  it('30 at once (29 wrong, the right one last): at most 3 passwords checked, then NEED_CODE, no session', async () => {
    const user = await buildTenant(t.db);
    const ip = '10.27.1.1';
    const passwords = [...Array.from({ length: 29 }, (_, i) => `wrong-${i}`), TEST_PASSWORD];
    const answers = await Promise.all(passwords.map((p) => attempt(user.account, p, ip)));
    const r = tally(answers);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(CODE_AFTER_FAILURES);
    const rightChecked = checked.filter((p) => p === TEST_PASSWORD).length;
    // The right password last in the batch gets a session only if it was among the few checked.
    expect(r.sessions).toBe(rightChecked);
    expect(r.wrong).toBe(checked.length - rightChecked);
    expect(r.needCode).toBe(30 - checked.length);
    expect(r.other.filter((a) => a.data?.uid === undefined)).toEqual([]);
    if (rightChecked === 0) {
      // After the batch the right password alone still needs the code.
      const after = await attempt(user.account, TEST_PASSWORD, ip);
      expect(after.data).toEqual({ code: 'NEED_CODE' });
      expect(after.session).toBeUndefined();
    }
  });

  it('200 at once for one account from 200 addresses: at most 3 passwords checked', async () => {
    const user = await buildTenant(t.db);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(user.account, `wrong-${i}`, `10.27.2.${i}`)),
    );
    const r = tally(answers);
    expect(checked.length).toBeLessThanOrEqual(CODE_AFTER_FAILURES);
    expect(r.wrong).toBe(checked.length);
    expect(r.needCode).toBe(200 - checked.length);
    expect(r.sessions).toBe(0);
    const after = await attempt(user.account, TEST_PASSWORD, '10.27.2.250');
    expect(after.data).toEqual({ code: 'NEED_CODE' });
    expect(after.session).toBeUndefined();
  });

  it('200 at once from one address for 200 account names: at most 3 passwords checked', async () => {
    const ip = '10.27.3.1';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(`race-ghost-${i}`, 'wrong', ip)));
    const r = tally(answers);
    expect(checked.length).toBeLessThanOrEqual(CODE_AFTER_FAILURES);
    expect(r.wrong).toBe(checked.length);
    expect(r.needCode).toBe(200 - checked.length);
    const user = await buildTenant(t.db);
    expect((await attempt(user.account, TEST_PASSWORD, ip)).data).toEqual({ code: 'NEED_CODE' });
  });

  it('the lock holds at once too: 9 failures, then 20 wrong passwords with solved codes at once: one checked, all locked', async () => {
    const user = await buildTenant(t.db);
    const key = user.account.toLowerCase();
    await t.db
      .insertInto('login_attempts')
      .values(Array.from({ length: 9 }, (_, i) => ({ account_key: key, ip: `10.27.4.${i}`, success: false })))
      .execute();
    const codes = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha()));
    checked.length = 0;
    const answers = await Promise.all(
      codes.map((c, i) =>
        attempt(user.account, `wrong-${i}`, `10.27.5.${i}`, { code: c.answer }, { [COOKIE.captcha]: c.id }),
      ),
    );
    expect(checked.length).toBe(1);
    expect(answers.map((a) => a.http)).toEqual(Array(20).fill(423));
    expect(answers[0]!.msg).toContain('锁定');
    expect((await attempt(user.account, TEST_PASSWORD, '10.27.5.99')).http).toBe(423);
  });

  it('a success still resets the count (sequential sign-in unchanged)', async () => {
    const user = await buildTenant(t.db);
    const ip = '10.27.6.1';
    expect((await attempt(user.account, 'wrong', ip)).data).toBeNull();
    expect((await attempt(user.account, TEST_PASSWORD, ip)).data.uid).toBe(user.id);
    for (let i = 0; i < 2; i++) expect((await attempt(user.account, 'wrong', ip)).data).toBeNull();
    expect((await attempt(user.account, TEST_PASSWORD, ip)).data.uid).toBe(user.id);
    expect(checked.length).toBe(5);
  });

  it('12 right passwords of 12 accounts at once from one address (an office behind one NAT): all signed in', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => buildTenant(t.db)));
    const ip = '10.27.7.1';
    verifyDelayMs = 40;
    const answers = await Promise.all(users.map((u) => attempt(u.account, TEST_PASSWORD, ip)));
    expect(answers.map((a) => a.data?.uid)).toEqual(users.map((u) => u.id));
    expect(answers.every((a) => a.session !== undefined)).toBe(true);
    expect(checked.length).toBe(12);
    // Nothing is left counted against the address: the next wrong password is an ordinary first failure.
    expect(await unsettledOrFailed(ip)).toBe(0);
    expect((await attempt(users[0]!.account, 'wrong', ip)).data).toBeNull();
  });

  it('6 right passwords of one account at once (an API client opening sessions): all signed in', async () => {
    const user = await buildTenant(t.db);
    const ip = '10.27.8.1';
    verifyDelayMs = 40;
    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt(user.account, TEST_PASSWORD, ip)));
    expect(answers.map((a) => a.data?.uid)).toEqual(Array(6).fill(user.id));
    expect(new Set(answers.map((a) => a.session)).size).toBe(6);
    expect(await unsettledOrFailed(ip)).toBe(0);
  });

  it('an attempt whose process died mid-check (pending for more than a few seconds) counts as a failure', async () => {
    const user = await buildTenant(t.db);
    const key = user.account.toLowerCase();
    await t.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 3 }, () => ({
          account_key: key,
          ip: '10.27.10.1',
          success: null,
          created_at: new Date(Date.now() - 60_000),
        })),
      )
      .execute();
    const answer = await attempt(user.account, TEST_PASSWORD, '10.27.10.2');
    expect(answer.data).toEqual({ code: 'NEED_CODE' });
    expect(checked.length).toBe(0);
  });

  it('a right password that opens nothing (a disabled account) is not left counted as a failure', async () => {
    const off = await buildTenant(t.db, { status: 0 });
    const ip = '10.27.11.1';
    for (let i = 0; i < CODE_AFTER_FAILURES; i++) {
      expect((await attempt(off.account, TEST_PASSWORD, ip)).msg).toBe('账号已停用');
    }
    expect(await unsettledOrFailed(ip)).toBe(0);
    const user = await buildTenant(t.db);
    expect((await attempt(user.account, TEST_PASSWORD, ip)).data.uid).toBe(user.id);
  });
});
