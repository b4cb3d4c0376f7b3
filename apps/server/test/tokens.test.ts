import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../src/lib/tokens.js';

describe('access token verification (with the verified-token cache)', () => {
  it('a token verified once stays valid only until it expires', async () => {
    const secret = randomBytes(32);
    const token = await signAccessToken(secret, { sid: 's1', uid: 7 }, new Date(Date.now() + 1500));
    expect(await verifyAccessToken(secret, token)).toMatchObject({ sid: 's1', uid: 7 });
    expect(await verifyAccessToken(secret, token)).toMatchObject({ sid: 's1', uid: 7 }); // cached
    await new Promise((r) => setTimeout(r, 1600));
    expect(await verifyAccessToken(secret, token)).toBeNull();
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });

  it('a cached token is not valid under another secret, and a changed token is verified anew', async () => {
    const secret = randomBytes(32);
    const token = await signAccessToken(secret, { sid: 's2', uid: 8 }, new Date(Date.now() + 60_000));
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    expect(await verifyAccessToken(randomBytes(32), token)).toBeNull();
    const [head, body, sig] = token.split('.');
    const tampered = `${head}.${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(secret, tampered)).toBeNull();
  });

  it('callers get their own copy', async () => {
    const secret = randomBytes(32);
    const token = await signAccessToken(secret, { sid: 's3', uid: 9 }, new Date(Date.now() + 60_000));
    const first = await verifyAccessToken(secret, token);
    first!.uid = 1;
    expect((await verifyAccessToken(secret, token))?.uid).toBe(9);
  });
});
