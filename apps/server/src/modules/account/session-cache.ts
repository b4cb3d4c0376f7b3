import type { SessionRow, UserRow } from '../../db/types.js';

/** A live session and its account, as `findLiveSessionWithUser` returns them. */
export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

interface Entry {
  found: SessionWithUser;
  /** Epoch ms after which the entry is not used: the session's expiry or the safety TTL. */
  until: number;
}

/**
 * Live sessions with their accounts, so a signed-in request does not query `sessions` and
 * `users` every time (that query was a third of the database time of a product-list page).
 *
 * Correctness comes from invalidation, not from the timeout:
 * - every update, delete or truncate of `sessions` or `users`, by any process, makes
 *   PostgreSQL NOTIFY `auth_changed` at commit (triggers of migration 0009), and the server
 *   LISTENs on a connection of its own (`auth-listener.ts`);
 * - this process's own writes to those tables empty the cache at once (`AuthWritePlugin`),
 *   so a sign-out or a disabled account takes effect before its answer is sent;
 * - the cache is used only while the LISTEN connection is up: when it drops, the cache is
 *   emptied and every request queries again until the connection is back.
 * A read that overlapped an invalidation is not stored (`generation`), so a stale row read
 * just before a change cannot be cached after it. TTL_MS only bounds what a lost
 * notification could cost.
 */
export class SessionCache {
  static readonly MAX_ENTRIES = 10_000;
  static readonly TTL_MS = 60_000;

  private readonly entries = new Map<string, Entry>();
  private listeners = 0;
  /** Bumped by every invalidation; a read stores its result only if nothing changed meanwhile. */
  private gen = 0;

  /** Whether at least one LISTEN connection is up (else the cache is bypassed). */
  get live(): boolean {
    return this.listeners > 0;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached session, if the cache is live and the entry still current. */
  get(sessionId: string, now = Date.now()): SessionWithUser | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    if (e.until <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e.found;
  }

  /**
   * Stores what a read found, unless the cache is not live or an invalidation happened since
   * `readGeneration` (the generation when the read started). The rows are frozen: requests
   * share them.
   */
  set(sessionId: string, found: SessionWithUser, readGeneration: number, now = Date.now()): void {
    if (!this.live || readGeneration !== this.gen) return;
    if (this.entries.size >= SessionCache.MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    Object.freeze(found.session);
    Object.freeze(found.user);
    const until = Math.min(now + SessionCache.TTL_MS, new Date(found.session.expires_at).getTime());
    this.entries.set(sessionId, { found: Object.freeze(found), until });
  }

  /** Drops one session (payload `s:<id>`), one account's sessions (`u:<id>`), or everything. */
  invalidate(payload: string): void {
    this.gen++;
    if (payload.startsWith('s:')) {
      this.entries.delete(payload.slice(2));
    } else if (payload.startsWith('u:')) {
      const uid = Number(payload.slice(2));
      for (const [sid, e] of this.entries) if (e.found.user.id === uid) this.entries.delete(sid);
    } else {
      this.entries.clear();
    }
  }

  /** A LISTEN connection came up: start from empty (notifications before it were not seen). */
  listenerUp(): void {
    this.listeners++;
    this.invalidate('*');
  }

  /** A LISTEN connection went down: notifications may be lost from now on. */
  listenerDown(): void {
    this.listeners = Math.max(0, this.listeners - 1);
    this.invalidate('*');
  }
}
