import pg from 'pg';
import { connectionConfigOf, type Database, writeWatchOf } from '../../db/database.js';
import { SessionCache } from './session-cache.js';

/** The channel the triggers of migration 0009 notify on (payload `s:<session id>`, `u:<user id>` or `*`). */
export const AUTH_CHANNEL = 'auth_changed';

const caches = new WeakMap<Database, SessionCache>();

/**
 * The session cache of a database. This process's own UPDATE/DELETE statements on `users`
 * and `sessions` empty it as they run; other processes' changes arrive by NOTIFY.
 */
export function sessionCacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    const c = new SessionCache();
    const watch = writeWatchOf(db);
    watch?.on('users', () => c.invalidate('*'));
    watch?.on('sessions', () => c.invalidate('*'));
    caches.set(db, c);
    cache = c;
  }
  return cache;
}

export interface AuthListener {
  /** Settles after the first attempt to listen (successful or not). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** How the connection shows in pg_stat_activity. */
export const LISTENER_APP_NAME = 'console-auth-listener';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * LISTENs on `auth_changed` on a connection of its own and feeds the session cache; the
 * cache is used only while this connection listens. A lost connection empties the cache and
 * is retried with backoff (1 s doubling to 30 s).
 */
export function startAuthListener(db: Database, log: Log): AuthListener {
  const cache = sessionCacheOf(db);
  const config = connectionConfigOf(db);
  let stopped = false;
  /** Ends the current connection (once); undefined while none is open. */
  let closeCurrent: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });

  const connect = async (retryMs: number) => {
    if (stopped || !config) return markReady();
    const client = new pg.Client({ ...config, application_name: LISTENER_APP_NAME });
    let listening = false;
    let ended = false;
    const down = (err?: unknown): Promise<void> => {
      if (ended) return Promise.resolve();
      ended = true;
      const wasListening = listening;
      if (listening) cache.listenerDown();
      listening = false;
      closeCurrent = undefined;
      const closed = client.end().catch(() => {});
      if (stopped) return closed;
      // After a working connection the next try starts over at 1 s.
      const delay = wasListening ? RETRY_FIRST_MS : retryMs;
      log.warn({ err }, `session cache off: LISTEN ${AUTH_CHANNEL} connection lost; retrying in ${delay} ms`);
      timer = setTimeout(() => void connect(Math.min(delay * 2, RETRY_MAX_MS)), delay);
      timer.unref();
      return closed;
    };
    closeCurrent = () => down();
    client.on('notification', (m) => {
      if (m.channel === AUTH_CHANNEL) cache.invalidate(m.payload ?? '*');
    });
    client.on('error', down);
    client.on('end', () => down());
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANNEL}`);
    } catch (err) {
      down(err);
      markReady();
      return;
    }
    if (stopped || ended) {
      await down();
      return markReady();
    }
    listening = true;
    cache.listenerUp();
    markReady();
  };

  void connect(RETRY_FIRST_MS);
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await closeCurrent?.();
    },
  };
}
