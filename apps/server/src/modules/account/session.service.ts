import type { Kysely } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import type { DB, SessionRow, UserRow } from '../../db/types.js';
import { unauthorized } from '../../lib/app-error.js';
import { newId, randomToken, sha256, signAccessToken, verifyAccessToken } from '../../lib/tokens.js';
import { sessionCacheOf } from './auth-listener.js';
import {
  findByPrevRefresh,
  findByRefresh,
  findLiveSessionWithUser,
  insertSession,
  revokeSession,
  rotateRefresh,
} from './session.repository.js';
import type { SessionWithUser } from './session-cache.js';

/**
 * Session kinds and lengths (spec section 9 and DECISIONS.md). `link`: opened by switching
 * through an account link, which the person proved with the password (docs/decisions.md).
 * `child`: opened by a manager switching into a child it manages without the child's
 * password; such a session neither follows nor makes account links (they are the person's
 * who owns the child account, not the manager's).
 */
export const SESSION_TTL_MS = {
  password: 2 * 86_400_000,
  qr: 86_400_000,
  link: 2 * 86_400_000,
  child: 2 * 86_400_000,
} as const;
/** Lifetime of one access token. */
export const ACCESS_TTL_MS = 15 * 60_000;
/** A replaced refresh token still yields an access token this long (parallel tabs). */
export const REFRESH_GRACE_MS = 10_000;

export type SessionKind = keyof typeof SESSION_TTL_MS;

/** Whether the session's person proved this account (its password, a QR sign-in or a proven link), so may use its links. */
export function sessionProvesAccount(session: Pick<SessionRow, 'kind'>): boolean {
  return session.kind !== 'child';
}

/** Secrets and expiry times handed to the client after sign-in or refresh. */
export interface IssuedTokens {
  sessionId: string;
  csrf: string;
  access: string;
  accessExpires: Date;
  /** Absent when a grace refresh left the refresh token unchanged. */
  refresh?: string;
  sessionExpires: Date;
}

async function accessFor(deps: AppDeps, s: SessionRow): Promise<{ access: string; accessExpires: Date }> {
  const accessExpires = new Date(Math.min(Date.now() + ACCESS_TTL_MS, s.expires_at.getTime()));
  const access = await signAccessToken(deps.jwtSecret, { sid: s.id, uid: s.user_id }, accessExpires);
  return { access, accessExpires };
}

/** Opens a session for a user (inside the caller's transaction). */
export async function openSession(
  trx: Kysely<DB>,
  deps: AppDeps,
  user: UserRow,
  kind: SessionKind,
  meta: { ip: string; userAgent: string },
): Promise<IssuedTokens> {
  const refresh = randomToken();
  const s = await insertSession(trx, {
    id: newId(),
    user_id: user.id,
    tenant_id: user.tenant_id,
    kind,
    csrf: newId(),
    refresh_hash: sha256(refresh),
    expires_at: new Date(Date.now() + SESSION_TTL_MS[kind]),
    ip: meta.ip,
    user_agent: meta.userAgent.slice(0, 300),
  });
  return { sessionId: s.id, csrf: s.csrf, refresh, sessionExpires: s.expires_at, ...(await accessFor(deps, s)) };
}

/** Resolves an access token to the caller; null when missing, tampered, expired or revoked. */
/** The live session and its account: from the session cache when it is live, else one query. */
async function liveSession(deps: AppDeps, sid: string): Promise<SessionWithUser | undefined> {
  if (!deps.config.sessionCache) return findLiveSessionWithUser(deps.db, sid);
  const cache = sessionCacheOf(deps.db);
  const hit = cache.get(sid);
  if (hit) return hit;
  const generation = cache.generation;
  const found = await findLiveSessionWithUser(deps.db, sid);
  if (found) cache.set(sid, found, generation);
  return found;
}

export async function authenticate(
  deps: AppDeps,
  token: string | undefined,
  via: AuthContext['via'],
): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(deps.jwtSecret, token);
  if (!claims) return null;
  const found = await liveSession(deps, claims.sid);
  if (!found || found.session.user_id !== claims.uid) return null;
  const { session, user } = found;
  if (user.status !== 1) return null;
  return { user, session, tenantId: user.tenant_id, via, accessExpires: claims.expiresAt };
}

/**
 * Trades a refresh token for a new access token and a new refresh token. A token that
 * was already replaced more than REFRESH_GRACE_MS ago is a stolen copy: the session ends.
 */
export async function refreshSession(deps: AppDeps, refresh: string, csrf: string | null): Promise<IssuedTokens> {
  const hash = sha256(refresh);
  const current = await findByRefresh(deps.db, hash);
  if (current && csrf !== null && current.csrf !== csrf) throw unauthorized();
  const next = randomToken();
  const rotated = await rotateRefresh(deps.db, hash, sha256(next));
  if (rotated) {
    return {
      sessionId: rotated.id,
      csrf: rotated.csrf,
      refresh: next,
      sessionExpires: rotated.expires_at,
      ...(await accessFor(deps, rotated)),
    };
  }
  const previous = await findByPrevRefresh(deps.db, hash);
  if (previous && !previous.revoked_at && previous.expires_at.getTime() > Date.now()) {
    if (csrf !== null && previous.csrf !== csrf) throw unauthorized();
    const since = Date.now() - (previous.refreshed_at?.getTime() ?? 0);
    if (since <= REFRESH_GRACE_MS) {
      return {
        sessionId: previous.id,
        csrf: previous.csrf,
        sessionExpires: previous.expires_at,
        ...(await accessFor(deps, previous)),
      };
    }
    await revokeSession(deps.db, previous.id, 'refresh_reuse');
  }
  throw unauthorized();
}

/** The session a refresh token belongs to, if still live (for sign-out with an expired access token). */
export async function sessionOfRefresh(deps: AppDeps, refresh: string): Promise<SessionRow | undefined> {
  const s = await findByRefresh(deps.db, sha256(refresh));
  return s && !s.revoked_at ? s : undefined;
}
