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

/** Verifies an access token; only HS256 is accepted (so `alg: none` and others fail). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const uid = Number(payload.sub);
    if (typeof payload.sid !== 'string' || !Number.isInteger(uid) || !payload.exp) return null;
    return { sid: payload.sid, uid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
