import { ALL_AUTHS, type Auth } from '@console/shared/constants/roles';
import { can } from '@console/shared/permissions/can';
import { isLibraryPermission, LIBRARY_PERMISSIONS, type Permission } from '@console/shared/permissions/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

/** Route url with its query for the admin method entries. */
function target(entry: { method: string; url: string }) {
  return { method: entry.method as 'GET' | 'POST', url: entry.url };
}

/**
 * Routes after which the caller's session may be gone: sign-out, and a password change (which
 * ends the account's sessions). Any other route that ended it would make the next route
 * answer 401 and fail the walk, so none can hide here.
 */
const ENDS_SESSION = new Set(['/PDD/amazon-user/loginOut', '/PDD/amazon-user/updateUserPassword']);

describe('route access', () => {
  it('every API route declares its access; the table matches the committed snapshot', async () => {
    const table = t.app.routeTable
      .map((r) => `${r.method.padEnd(5)} ${r.url.padEnd(48)} ${r.access}`)
      .sort()
      .join('\n');
    await expect(`${table}\n`).toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  describe('role matrix: every route x 7 roles (+ signed out)', () => {
    const users = new Map<Auth, UserRow>();
    let otherTenantChild: UserRow;

    beforeAll(async () => {
      const company = await buildTenant(t.db, { auth: 0, max_child: 100 });
      users.set(0, company);
      for (const auth of [1, 2, 3, 6] as const) users.set(auth, await buildUser(t.db, company, { auth }));
      users.set(4, await buildTenant(t.db, { auth: 4 }));
      users.set(5, await buildTenant(t.db, { auth: 5 }));
      otherTenantChild = await buildUser(t.db, await buildTenant(t.db), { auth: 2 });
    });

    it('signed out: only public routes answer without 401', async () => {
      for (const entry of t.app.routeTable) {
        const res = await call(
          t.app,
          null,
          target(entry).method,
          target(entry).url,
          entry.method === 'POST' ? {} : undefined,
        );
        if (entry.access === 'public') expect(res.http, entry.url).not.toBe(401);
        else if (entry.access === 'refreshToken') expect(res).toMatchObject({ http: 401, msg: '请先登录' });
        else expect(res.http, entry.url).toBe(401);
      }
    });

    for (const auth of ALL_AUTHS) {
      it(`auth ${auth}: allowed routes pass the guard, others answer 403`, async () => {
        const user = users.get(auth)!;
        const subject = { uid: user.id, auth, parent_id: user.parent_id };
        // One session for the walk, renewed after a route that may end it (a sign-in costs a
        // password hash: one per call made this test a minute long).
        let s = await signIn(t.app, user.account, TEST_PASSWORD);
        for (const entry of t.app.routeTable) {
          const res = await call(
            t.app,
            s,
            target(entry).method,
            target(entry).url,
            entry.method === 'POST' ? {} : undefined,
          );
          const allowed =
            ['public', 'authenticated', 'refreshToken'].includes(entry.access) ||
            can(subject, entry.access as Permission, { internalIds: t.deps.config.internalIds });
          if (allowed) expect([401, 403], `${entry.url} auth ${auth}`).not.toContain(res.http);
          else expect(res.http, `${entry.url} auth ${auth}`).toBe(403);
          if (ENDS_SESSION.has(entry.url)) s = await signIn(t.app, user.account, TEST_PASSWORD);
        }
      });

      // Every route that takes an id is tried with another tenant's ids in tenancy.test.ts; this one covers each role.
      it(`auth ${auth}: another tenant's account ids are never found`, async () => {
        const user = users.get(auth)!;
        const s = await signIn(t.app, user.account, TEST_PASSWORD);
        const uid = otherTenantChild.id;
        for (const [url, body] of [
          ['updateChildAccount', { uid, user_name: 'x' }],
          ['resetChildAccount', { uid, password: 'xxxxxxxx' }],
          ['deleteChildAccount', { uid }],
          ['toggleAccount', { uid }],
        ] as const) {
          const res = await call(t.app, s, 'POST', `/PDD/amazon-user/${url}`, body);
          expect([403, 404], `${url} auth ${auth}`).toContain(res.http);
        }
        const row = await t.db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirstOrThrow();
        expect(row.deleted_at).toBeNull();
        expect(row.user_name).toBe('子账号');
      });
    }
  });

  // Issue 13 §5: what a child account may do with products, per account (goods-scope.test.ts has the details).
  describe('role matrix: product data scope and library settings of child accounts', () => {
    let company: UserRow;
    const children = new Map<Auth, UserRow>();
    const mine = new Map<Auth, number>();

    beforeAll(async () => {
      company = await buildTenant(t.db, { auth: 0, max_child: 100 });
      await buildGoods(t.db, company);
      for (const auth of [1, 2, 6] as const) {
        const u = await buildUser(t.db, company, { auth });
        children.set(auth, u);
        mine.set(auth, Number((await buildGoods(t.db, company, { creatorId: u.id })).id));
      }
    });

    const setChild = async (uid: number, fields: Record<string, unknown>) => {
      const s = await signIn(t.app, company.account, TEST_PASSWORD);
      const r = await call(t.app, s, 'POST', '/PDD/amazon-user/updateChildAccount', { uid, ...fields });
      expect(r.status, r.msg).toBe(200);
    };

    for (const auth of [1, 2, 6] as const) {
      for (const scope of ['own', 'group', 'all'] as const) {
        it(`auth ${auth}, scope ${scope}: the list holds its reach, others' products by id answer 403`, async () => {
          const u = children.get(auth)!;
          await setChild(u.id, { goods_scope: scope });
          const s = await signIn(t.app, u.account, TEST_PASSWORD);
          // No group is set up here: a group leader's group is itself, a member-less account reaches its own.
          const reach = scope === 'all' ? 4 : 1;
          const list = await call(t.app, s, 'GET', '/PDD/amazon-user/productList');
          expect(list.data.total).toBe(reach);
          const adminGoods = await t.db
            .selectFrom('goods')
            .select('id')
            .where('creator_id', '=', company.id)
            .executeTakeFirstOrThrow();
          const other = await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${adminGoods.id}`);
          expect(other.http).toBe(scope === 'all' ? 200 : 403);
          const own = await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${mine.get(auth)}`);
          expect(own.status).toBe(200);
        });
      }

      it(`auth ${auth}: every library-settings route follows the account's own set`, async () => {
        const u = children.get(auth)!;
        const libraryRoutes = t.app.routeTable.filter((e) => isLibraryPermission(e.access));
        expect(libraryRoutes.length).toBeGreaterThan(10);
        for (const granted of [[], [...LIBRARY_PERMISSIONS]]) {
          await setChild(u.id, { library_perms: granted });
          const s = await signIn(t.app, u.account, TEST_PASSWORD);
          for (const entry of libraryRoutes) {
            const res = await call(t.app, s, 'POST', entry.url, {});
            if (granted.length) expect([401, 403], `${entry.url} auth ${auth}`).not.toContain(res.http);
            else expect(res.http, `${entry.url} auth ${auth}`).toBe(403);
          }
        }
      });
    }
  });
});
