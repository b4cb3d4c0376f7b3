import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_CHANNEL, LISTENER_APP_NAME, sessionCacheOf } from '../src/modules/account/auth-listener.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const INFO = '/PDD/amazon-user/getUserInfo';

/** The session id inside a Bearer session's access token. */
const sidOf = (s: Session) => String(decodeJwt(s.headers.authorization!.slice(7)).sid);

/** Runs SQL on a connection of its own, as another process (the admin command, psql) would. */
async function outside(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the LISTEN connection has received every notification committed so far. A
 * sign-in updates `users.last_login_at`, and its NOTIFY arrives some time later; arriving
 * during the next read, it rightly keeps that read out of the cache (the read cannot tell
 * it is about an older change). Notifications reach a listener in commit order, so once a
 * marker sent now has arrived, the earlier ones have too.
 */
async function notificationsSettled() {
  const cache = sessionCacheOf(t.db);
  const marker = `s:settled-${randomUUID()}`;
  const spy = vi.spyOn(cache, 'invalidate');
  try {
    await outside('select pg_notify($1, $2)', [AUTH_CHANNEL, marker]);
    await waitFor('the marker notification', () => spy.mock.calls.some(([payload]) => payload === marker));
  } finally {
    spy.mockRestore();
  }
}

async function signedInAndCached() {
  const user = await buildTenant(t.db);
  const s = await signIn(t.app, user.account, TEST_PASSWORD, 'bearer');
  await notificationsSettled();
  expect((await call(t.app, s, 'POST', INFO, {})).status).toBe(200);
  expect(sessionCacheOf(t.db).get(sidOf(s))?.user.id).toBe(user.id);
  return { user, s };
}

describe('session cache', () => {
  it('serves a signed-in caller from memory once its session was read', async () => {
    const cache = sessionCacheOf(t.db);
    await waitFor('the LISTEN connection', () => cache.live);
    await signedInAndCached();
  });

  it("this process's own sign-out and account changes take effect on the very next request", async () => {
    const { s } = await signedInAndCached();
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/loginOut', {})).status).toBe(200);
    expect((await call(t.app, s, 'POST', INFO, {})).http).toBe(401);

    const admin = await buildTenant(t.db);
    const child = await buildUser(t.db, admin, { auth: 2 });
    const a = await signIn(t.app, admin.account, TEST_PASSWORD, 'bearer');
    const c = await signIn(t.app, child.account, TEST_PASSWORD, 'bearer');
    expect((await call(t.app, c, 'POST', INFO, {})).status).toBe(200);
    expect(sessionCacheOf(t.db).get(sidOf(c))).toBeDefined();
    const off = await call(t.app, a, 'POST', '/PDD/amazon-user/updateChildAccount', { uid: child.id, status: 0 });
    expect(off.status).toBe(200);
    expect((await call(t.app, c, 'POST', INFO, {})).http).toBe(401);
  });

  it('a write through the query builder drops cached sessions before the statement returns', async () => {
    const { user, s } = await signedInAndCached();
    await t.db.updateTable('users').set({ user_name: '改名' }).where('id', '=', user.id).execute();
    expect(sessionCacheOf(t.db).get(sidOf(s))).toBeUndefined();
    const info = await call(t.app, s, 'POST', INFO, {});
    expect(info.data.user_name ?? info.data.userName ?? info.data.name).toBe('改名');
  });

  it('a change made by another process reaches the server by NOTIFY: revoked session, disabled account', async () => {
    const { s } = await signedInAndCached();
    await outside('update sessions set revoked_at = now(), revoked_reason = $2 where id = $1', [sidOf(s), 'test']);
    await waitFor(
      'the revoked session to be refused',
      async () => (await call(t.app, s, 'POST', INFO, {})).http === 401,
    );

    const other = await signedInAndCached();
    await outside('update users set status = 0 where id = $1', [other.user.id]);
    await waitFor(
      'the disabled account to be refused',
      async () => (await call(t.app, other.s, 'POST', INFO, {})).http === 401,
    );
  });

  it('without its LISTEN connection the server reads every session again, and listens again within seconds', async () => {
    const cache = sessionCacheOf(t.db);
    const { user, s } = await signedInAndCached();
    await outside('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      LISTENER_APP_NAME,
    ]);
    await waitFor('the cache to go off', () => !cache.live);
    expect(cache.get(sidOf(s))).toBeUndefined();
    // While off, a change by another process counts at once, with no notification needed.
    expect((await call(t.app, s, 'POST', INFO, {})).status).toBe(200);
    await outside('update users set status = 0 where id = $1', [user.id]);
    expect((await call(t.app, s, 'POST', INFO, {})).http).toBe(401);
    await waitFor('the LISTEN connection to come back', () => cache.live, 8_000);
    await signedInAndCached();
  });
});
