import type { LoginBody } from '@console/shared/schemas/account';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { AppError, badRequest, forbidden } from '../../lib/app-error.js';
import { KeyQueue } from '../../lib/key-queue.js';
import { verifyPassword } from '../../lib/password.js';
import { newId } from '../../lib/tokens.js';
import { audit } from '../system/audit.js';
import { findCaptchaAnswer, insertCaptcha, takeCaptcha } from './captcha.repository.js';
import {
  dropAttempt,
  insertPendingAttempt,
  lockAttemptKeys,
  recentAttempts,
  settleAttempt,
} from './login-throttle.repository.js';
import { type IssuedTokens, openSession } from './session.service.js';
import { findTenantUser, findUserByAccount, touchLastLogin } from './user.repository.js';

/** Failures (per account name or per address) after which a verification code is required. */
export const CODE_AFTER_FAILURES = 3;
/** Failures within LOCK_WINDOW_MIN that lock the account name for LOCK_MINUTES. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_WINDOW_MIN = 15;
export const LOCK_MINUTES = 15;
const CAPTCHA_TTL_MS = 5 * 60_000;
/** How long an attempt held back only by attempts in flight waits for them before answering NEED_CODE. */
const IN_FLIGHT_WAIT_MS = 3_000;

export const LOGIN_MSG = {
  wrong: '账号或密码错误',
  needCode: '请输入验证码',
  badCode: '验证码错误或已过期',
  locked: `登录失败次数过多,账号已锁定,请${LOCK_MINUTES}分钟后再试`,
  disabled: '账号已停用',
  expired: '账号已过期',
} as const;

export type LoginOutcome = { kind: 'needCode' } | { kind: 'ok'; user: UserRow; tokens: IssuedTokens };

export interface LoginMeta {
  ip: string;
  userAgent: string;
  captchaId: string | undefined;
  requestId: string;
}

/** The account name is locked when its last LOCK_AFTER_FAILURES failures span at most the window and the newest is recent. */
function lockedUntil(failures: Date[]): number {
  if (failures.length < LOCK_AFTER_FAILURES) return 0;
  const newest = failures[0]!.getTime();
  const tenth = failures[LOCK_AFTER_FAILURES - 1]!.getTime();
  if (newest - tenth > LOCK_WINDOW_MIN * 60_000) return 0;
  const until = newest + LOCK_MINUTES * 60_000;
  return until > Date.now() ? until : 0;
}

/** Makes a verification-code image and remembers its answer for 5 minutes. */
export async function createCaptcha(deps: AppDeps): Promise<{ id: string; svg: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f5f7fa' });
  const id = newId();
  await insertCaptcha(deps.db, id, c.text.toLowerCase(), new Date(Date.now() + CAPTCHA_TTL_MS));
  return { id, svg: c.data };
}

/** Consumes a captcha: true when the answer matches, the code is live and unused. */
async function solveCaptcha(db: Kysely<DB>, id: string | undefined, answer: string): Promise<boolean> {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return false;
  const expected = await takeCaptcha(db, id);
  return expected !== undefined && expected === answer.trim().toLowerCase();
}

/** The answer of a captcha (test hook only). */
export async function captchaAnswer(deps: AppDeps, id: string): Promise<string | undefined> {
  return findCaptchaAnswer(deps.db, id);
}

/**
 * What a throttled password check answers: a verification code is needed first, or the
 * account with its attempt still pending (`useCredentials` settles it).
 */
export type CredentialsOutcome = { kind: 'needCode' } | { kind: 'ok'; user: UserRow; attemptId: string };

type Gate =
  | { kind: 'locked' | 'needCode' | 'badCode' | 'wait' }
  | { kind: 'check'; attemptId: string; failures: Date[]; recentAccount: number; recentIp: number };

/** The sign-in decisions of this process, one at a time per account name and per address. */
const gateQueue = new KeyQueue();

const newestFirst = (a: Date, b: Date) => b.getTime() - a.getTime();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one throttled password check, shared by sign-in and by linking an account
 * (docs/decisions.md, account links): a code after 3 failures (per account name or
 * address), a 15-minute lock after 10 failures in 15 minutes, every failure counted for the
 * account name and the address. Never tells whether an account exists.
 *
 * Parallel attempts (issue 27 §2): under a lock of the name and the address, the decision
 * is taken and the attempt recorded as pending before its password is verified, so at most
 * the allowed number of passwords is ever checked. An attempt still in flight is not a
 * failure: when only attempts in flight would reach the threshold, this one waits for them
 * (holding neither the lock nor a connection) and decides again, up to IN_FLIGHT_WAIT_MS.
 * A wrong password settles the attempt as a failure here; a right one is settled by the
 * caller through `useCredentials`.
 */
export async function checkCredentials(
  deps: AppDeps,
  body: Pick<LoginBody, 'account' | 'password' | 'code'>,
  meta: Pick<LoginMeta, 'ip' | 'captchaId'>,
): Promise<CredentialsOutcome> {
  const key = accountKey(body.account);
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  let gate: Gate;
  for (let waits = 0; ; ) {
    const mayWait = Date.now() < waitUntil;
    // In arrival order per name and per address within this process (the advisory lock
    // below is the rule across processes): a crowd waits here without holding connections.
    gate = await gateQueue.withKeys([`account:${key}`, `ip:${meta.ip}`], () =>
      deps.db.transaction().execute(async (trx): Promise<Gate> => {
        await lockAttemptKeys(trx, key, meta.ip);
        const seen = await recentAttempts(trx, key, meta.ip, 2 * LOCK_WINDOW_MIN);
        const since = Date.now() - LOCK_WINDOW_MIN * 60_000;
        const count = (dates: Date[]) => dates.filter((d) => d.getTime() > since).length;
        const failedAccount = count(seen.account.failures);
        const failedIp = count(seen.ip.failures);
        const failedEnough = failedAccount >= CODE_AFTER_FAILURES || failedIp >= CODE_AFTER_FAILURES;
        if (lockedUntil(seen.account.failures)) return { kind: 'locked' };
        if (failedEnough && !body.code) return { kind: 'needCode' };
        // The failures there would be if every attempt in flight failed.
        const ifAllFail = [...seen.account.failures, ...seen.account.inFlight].sort(newestFirst);
        if (lockedUntil(ifAllFail)) return { kind: mayWait ? 'wait' : 'locked' };
        const recentAccount = failedAccount + count(seen.account.inFlight);
        const recentIp = failedIp + count(seen.ip.inFlight);
        if (recentAccount >= CODE_AFTER_FAILURES || recentIp >= CODE_AFTER_FAILURES) {
          // Only attempts in flight make the count: wait for them rather than ask for a code.
          if (!body.code) return { kind: mayWait ? 'wait' : 'needCode' };
          // A wrong answer still uses the captcha up (committed with this transaction).
          if (!(await solveCaptcha(trx, meta.captchaId, body.code))) return { kind: 'badCode' };
        }
        const attemptId = await insertPendingAttempt(trx, key, meta.ip);
        return { kind: 'check', attemptId, failures: ifAllFail, recentAccount, recentIp };
      }),
    );
    if (gate.kind !== 'wait') break;
    // 10–25 ms, then longer (up to 50–80 ms) while the wait lasts, so that a crowd of
    // waiters does not keep the queue and the pool busy.
    const base = Math.min(10 * 2 ** waits++, 50);
    await sleep(base + Math.random() * Math.max(15, base * 0.6));
  }
  if (gate.kind === 'locked') throw new AppError(423, LOGIN_MSG.locked);
  if (gate.kind === 'needCode') return { kind: 'needCode' };
  if (gate.kind === 'badCode') throw badRequest(LOGIN_MSG.badCode, { code: 'NEED_CODE' });
  if (gate.kind !== 'check') throw new Error(`unexpected sign-in gate ${gate.kind}`);

  let user: UserRow | undefined;
  let passwordOk = false;
  try {
    user = await findUserByAccount(deps.db, key);
    passwordOk = await verifyPassword(user?.password_hash, body.password);
  } finally {
    if (!user || !passwordOk) await settleAttempt(deps.db, gate.attemptId, false);
  }
  if (!user || !passwordOk) {
    if (lockedUntil([new Date(), ...gate.failures])) throw new AppError(423, LOGIN_MSG.locked);
    const nextNeedsCode = gate.recentAccount + 1 >= CODE_AFTER_FAILURES || gate.recentIp + 1 >= CODE_AFTER_FAILURES;
    throw badRequest(LOGIN_MSG.wrong, nextNeedsCode ? { code: 'NEED_CODE' } : null);
  }
  return { kind: 'ok', user, attemptId: gate.attemptId };
}

/** The throttling key of an account name. */
export function accountKey(account: string): string {
  return account.trim().toLowerCase();
}

/**
 * Uses a right password checked by `checkCredentials`: runs `work` in a transaction that
 * also settles the attempt as a success (which resets the failure count of the name and the
 * address), so the success and what it opens commit together. When `work` refuses (a
 * disabled account, a refused link) the attempt is dropped: a right password is no failure.
 */
export async function useCredentials<T>(
  deps: AppDeps,
  attemptId: string,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      await settleAttempt(trx, attemptId, true);
      return done;
    });
  } catch (err) {
    await dropAttempt(deps.db, attemptId).catch(() => {});
    throw err;
  }
}

/** Password sign-in through the throttled check of `checkCredentials`, then a new session. */
export async function login(deps: AppDeps, body: LoginBody, meta: LoginMeta): Promise<LoginOutcome> {
  const checked = await checkCredentials(deps, body, meta);
  if (checked.kind === 'needCode') return checked;
  const { user } = checked;

  const tokens = await useCredentials(deps, checked.attemptId, async (trx) => {
    await assertUsable(deps, user);
    await touchLastLogin(trx, user.tenant_id, user.id);
    const t = await openSession(trx, deps, user, 'password', meta);
    await audit(trx, actorFor(user, meta), { action: 'account.login', targetType: 'session', targetId: t.sessionId });
    return t;
  });
  return { kind: 'ok', user, tokens };
}

/** Refuses accounts that are disabled, expired, or whose main account is disabled. */
export async function assertUsable(deps: AppDeps, user: UserRow): Promise<void> {
  if (user.status !== 1) throw forbidden(LOGIN_MSG.disabled);
  if (user.end_time && user.end_time.getTime() < Date.now()) throw forbidden(LOGIN_MSG.expired);
  if (user.parent_id !== 0) {
    const main = await findTenantUser(deps.db, user.tenant_id, user.tenant_id);
    if (main?.status !== 1) throw forbidden(LOGIN_MSG.disabled);
    if (main.end_time && main.end_time.getTime() < Date.now()) throw forbidden(LOGIN_MSG.expired);
  }
}

export function actorFor(user: UserRow, meta: { ip: string; requestId: string }) {
  return { userId: user.id, tenantId: user.tenant_id, account: user.account, ip: meta.ip, requestId: meta.requestId };
}
