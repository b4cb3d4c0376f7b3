import type { LoginBody } from '@console/shared/schemas/account';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { AppDeps } from '../../context.js';
import type { DB, UserRow } from '../../db/types.js';
import { AppError, badRequest, forbidden } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/password.js';
import { newId } from '../../lib/tokens.js';
import { audit } from '../system/audit.js';
import { findCaptchaAnswer, insertCaptcha, takeCaptcha } from './captcha.repository.js';
import { lockAttemptKeys, recentFailures, recordAttempt } from './login-throttle.repository.js';
import { type IssuedTokens, openSession } from './session.service.js';
import { findTenantUser, findUserByAccount, touchLastLogin } from './user.repository.js';

/** Failures (per account name or per address) after which a verification code is required. */
export const CODE_AFTER_FAILURES = 3;
/** Failures within LOCK_WINDOW_MIN that lock the account name for LOCK_MINUTES. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_WINDOW_MIN = 15;
export const LOCK_MINUTES = 15;
const CAPTCHA_TTL_MS = 5 * 60_000;

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

/** What a throttled password check answers: a verification code is needed first, or the account. */
export type CredentialsOutcome = { kind: 'needCode' } | { kind: 'ok'; user: UserRow };

/**
 * The one throttled password check, shared by sign-in and by linking an account
 * (docs/decisions.md, account links): a code after 3 failures (per account name or
 * address), a 15-minute lock after 10 failures in 15 minutes, every failure counted for the
 * account name and the address. Never tells whether an account exists. Each attempt is
 * counted as a failure before its password is verified, atomically with the decision, so
 * parallel attempts never check more passwords than allowed; a success is recorded only
 * through `recordSuccess` (sign-in does it in its own transaction), which resets the count.
 */
export async function checkCredentials(
  deps: AppDeps,
  body: Pick<LoginBody, 'account' | 'password' | 'code'>,
  meta: Pick<LoginMeta, 'ip' | 'captchaId'>,
): Promise<CredentialsOutcome> {
  const key = accountKey(body.account);
  // Decide and count in one step under a lock of the name and the address (issue 27 §2):
  // the attempt is recorded as a failure before its password is verified, so parallel
  // requests see each other and at most the allowed number of passwords is ever checked.
  // A right password is then followed by a success (`recordSuccess`), which resets the count.
  const gate = await deps.db.transaction().execute(async (trx) => {
    await lockAttemptKeys(trx, key, meta.ip);
    const failures = await recentFailures(trx, key, meta.ip, 2 * LOCK_WINDOW_MIN);
    if (lockedUntil(failures.account)) return { kind: 'locked' } as const;
    const since = Date.now() - LOCK_WINDOW_MIN * 60_000;
    const recentAccount = failures.account.filter((d) => d.getTime() > since).length;
    const recentIp = failures.ip.filter((d) => d.getTime() > since).length;
    if (recentAccount >= CODE_AFTER_FAILURES || recentIp >= CODE_AFTER_FAILURES) {
      if (!body.code) return { kind: 'needCode' } as const;
      // A wrong answer still uses the captcha up (committed with this transaction).
      if (!(await solveCaptcha(trx, meta.captchaId, body.code))) return { kind: 'badCode' } as const;
    }
    await recordAttempt(trx, key, meta.ip, false);
    return { kind: 'check', failures: failures.account, recentAccount, recentIp } as const;
  });
  if (gate.kind === 'locked') throw new AppError(423, LOGIN_MSG.locked);
  if (gate.kind === 'needCode') return { kind: 'needCode' };
  if (gate.kind === 'badCode') throw badRequest(LOGIN_MSG.badCode, { code: 'NEED_CODE' });

  const user = await findUserByAccount(deps.db, key);
  const passwordOk = await verifyPassword(user?.password_hash, body.password);
  if (!user || !passwordOk) {
    if (lockedUntil([new Date(), ...gate.failures])) throw new AppError(423, LOGIN_MSG.locked);
    const nextNeedsCode = gate.recentAccount + 1 >= CODE_AFTER_FAILURES || gate.recentIp + 1 >= CODE_AFTER_FAILURES;
    throw badRequest(LOGIN_MSG.wrong, nextNeedsCode ? { code: 'NEED_CODE' } : null);
  }
  return { kind: 'ok', user };
}

/** The throttling key of an account name. */
export function accountKey(account: string): string {
  return account.trim().toLowerCase();
}

/** Records a successful password check (it resets the failure count of the name and the address). */
export function recordSuccess(db: Kysely<DB>, account: string, ip: string): Promise<void> {
  return recordAttempt(db, accountKey(account), ip, true);
}

/** Password sign-in through the throttled check of `checkCredentials`, then a new session. */
export async function login(deps: AppDeps, body: LoginBody, meta: LoginMeta): Promise<LoginOutcome> {
  const checked = await checkCredentials(deps, body, meta);
  if (checked.kind === 'needCode') return checked;
  const { user } = checked;
  await assertUsable(deps, user);

  const tokens = await deps.db.transaction().execute(async (trx) => {
    await recordSuccess(trx, body.account, meta.ip);
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
