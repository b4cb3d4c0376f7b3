import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** A random URL-safe secret. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export const newId = () => randomUUID();

export interface AccessClaims {
  sid: string;
  uid: number;
}

export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

/** Signs a short-lived access token (HS256). */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.uid))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/**
 * Verified tokens per secret, until they expire: verifying an HS256 token through WebCrypto
 * costs about 0.3 ms of the event loop, and a console page sends several requests with the
 * same token. A token is immutable, so a verified one stays valid until its `exp`; whether its
 * session still lives is checked on every request (sessions table), not here.
 */
const verified = new WeakMap<Uint8Array, Map<string, VerifiedAccess>>();
const VERIFIED_MAX = 10_000;

/** Verifies an access token; only HS256 is accepted (so `alg: none` and others fail). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<VerifiedAccess | null> {
  let cache = verified.get(secret);
  if (!cache) {
    cache = new Map();
    verified.set(secret, cache);
  }
  const hit = cache.get(token);
  if (hit) {
    if (hit.expiresAt.getTime() > Date.now()) return { ...hit };
    cache.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const uid = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(uid) || !payload.exp) return null;
    const access = { sid: payload.sid, uid, expiresAt: new Date(payload.exp * 1000) };
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(token, access);
    return { ...access };
  } catch {
    return null;
  }
}
