import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../../db/types.js';
import { SessionCache, type SessionWithUser } from './session-cache.js';

const NOW = 1_800_000_000_000;

function found(sid: string, uid: number, expiresInMs = 3_600_000): SessionWithUser {
  return {
    session: { id: sid, user_id: uid, expires_at: new Date(NOW + expiresInMs) } as SessionRow,
    user: { id: uid, status: 1 } as UserRow,
  };
}

function liveCache() {
  const c = new SessionCache();
  c.listenerUp();
  return c;
}

describe('SessionCache', () => {
  it('is bypassed while no LISTEN connection is up, and emptied when it drops', () => {
    const c = new SessionCache();
    c.set('a', found('a', 1), c.generation, NOW);
    expect(c.get('a', NOW)).toBeUndefined();
    c.listenerUp();
    c.set('a', found('a', 1), c.generation, NOW);
    expect(c.get('a', NOW)?.user.id).toBe(1);
    c.listenerDown();
    expect(c.get('a', NOW)).toBeUndefined();
    c.listenerUp();
    expect(c.get('a', NOW)).toBeUndefined();
  });

  it('does not store a read that overlapped an invalidation', () => {
    const c = liveCache();
    const readStarted = c.generation;
    c.invalidate('u:7'); // a change committed while the read was in flight
    c.set('a', found('a', 1), readStarted, NOW);
    expect(c.get('a', NOW)).toBeUndefined();
    c.set('a', found('a', 1), c.generation, NOW);
    expect(c.get('a', NOW)).toBeDefined();
  });

  it('drops by session, by account, or everything', () => {
    const c = liveCache();
    for (const [sid, uid] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ] as const) {
      c.set(sid, found(sid, uid), c.generation, NOW);
    }
    c.invalidate('s:c');
    expect(c.get('c', NOW)).toBeUndefined();
    expect(c.get('d', NOW)).toBeDefined();
    c.invalidate('u:1');
    expect(c.get('a', NOW)).toBeUndefined();
    expect(c.get('b', NOW)).toBeUndefined();
    expect(c.get('d', NOW)).toBeDefined();
    c.invalidate('*');
    expect(c.size).toBe(0);
  });

  it('keeps an entry no longer than the safety TTL or the session expiry', () => {
    const c = liveCache();
    c.set('long', found('long', 1), c.generation, NOW);
    c.set('short', found('short', 2, 5_000), c.generation, NOW);
    expect(c.get('short', NOW + 4_999)).toBeDefined();
    expect(c.get('short', NOW + 5_000)).toBeUndefined();
    expect(c.get('long', NOW + SessionCache.TTL_MS - 1)).toBeDefined();
    expect(c.get('long', NOW + SessionCache.TTL_MS)).toBeUndefined();
  });

  it('hands out frozen rows (requests share them) and stays within its size bound', () => {
    const c = liveCache();
    c.set('a', found('a', 1), c.generation, NOW);
    const hit = c.get('a', NOW)!;
    expect(() => {
      (hit.user as { status: number }).status = 0;
    }).toThrow(TypeError);
    for (let i = 0; i < SessionCache.MAX_ENTRIES + 5; i++) c.set(`s${i}`, found(`s${i}`, i), c.generation, NOW);
    expect(c.size).toBe(SessionCache.MAX_ENTRIES);
    expect(c.get('s0', NOW)).toBeUndefined();
    expect(c.get(`s${SessionCache.MAX_ENTRIES + 4}`, NOW)).toBeDefined();
  });
});
