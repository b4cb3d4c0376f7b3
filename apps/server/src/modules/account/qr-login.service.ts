import { MSG } from '@console/shared/validation/rules';
import QRCode from 'qrcode';
import type { Actor, AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { audit } from '../system/audit.js';
import { actorFor, assertUsable } from './login.service.js';
import { confirmQrLogin, consumeQrLogin, findQrLogin, insertQrLogin } from './qr-login.repository.js';
import { type IssuedTokens, openSession, sessionProvesAccount } from './session.service.js';
import { findUserByIdAnyTenant } from './user.repository.js';

export const QR_TTL_MS = 2 * 60_000;

/** Issues a single-use QR code bound to the asking browser (its secret `browserKey` goes in an HttpOnly cookie). */
export async function createQrCode(deps: AppDeps, origin: string) {
  const code = randomToken(18);
  const browserKey = randomToken();
  const expiresAt = new Date(Date.now() + QR_TTL_MS);
  await insertQrLogin(deps.db, code, sha256(browserKey), expiresAt);
  const url = `${origin}/#/qr-confirm?code=${code}`;
  const qr = await QRCode.toDataURL(url, { margin: 1, width: 220 });
  return { code, url, qr, expires_at: Math.floor(expiresAt.getTime() / 1000), browserKey };
}

/**
 * A signed-in user approves a code shown on another screen. Not from a session opened by
 * switching into a child without its password: the QR session would prove the child's
 * account and so reach its account links (docs/decisions.md "Account links").
 */
export async function confirmQrCode(deps: AppDeps, actor: Actor, auth: AuthContext, code: string): Promise<void> {
  if (!sessionProvesAccount(auth.session)) throw forbidden('请使用本账号的密码登录后再确认扫码登录');
  const { user } = auth;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await confirmQrLogin(trx, code, user.id))) throw badRequest(MSG.qrExpired);
    await audit(trx, actor, { action: 'account.qrConfirm', targetType: 'qr_login', targetId: code.slice(0, 8) });
  });
}

export type QrResult =
  | { state: 'pending'; expires_at: number }
  | { state: 'done'; user: UserRow; tokens: IssuedTokens };

/** The asking browser polls; once confirmed it gets a 1-day session, exactly once. */
export async function pollQrCode(
  deps: AppDeps,
  code: string,
  browserKey: string | undefined,
  meta: { ip: string; userAgent: string; requestId: string },
): Promise<QrResult> {
  const row = await findQrLogin(deps.db, code);
  const expired = !row || row.consumed_at || row.expires_at.getTime() < Date.now();
  if (expired || !browserKey || row.browser_key_hash !== sha256(browserKey)) throw badRequest(MSG.qrExpired);
  if (!row.confirmed_by) return { state: 'pending', expires_at: Math.floor(row.expires_at.getTime() / 1000) };
  const user = await findUserByIdAnyTenant(deps.db, row.confirmed_by);
  if (!user) throw badRequest(MSG.qrExpired);
  await assertUsable(deps, user);
  const tokens = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeQrLogin(trx, code))) throw badRequest(MSG.qrExpired);
    const t = await openSession(trx, deps, user, 'qr', meta);
    await audit(trx, actorFor(user, meta), { action: 'account.qrLogin', targetType: 'session', targetId: t.sessionId });
    return t;
  });
  return { state: 'done', user, tokens };
}
