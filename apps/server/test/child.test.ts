import { describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, randomName, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const P = '/PDD/amazon-user/';
const newChild = (auth = 2) => ({ account: randomName('c'), password: 'child-pass', auth, user_name: '员工' });

describe('child accounts', () => {
  it('an admin creates, lists, edits, resets and deletes a child; each step is logged', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const body = newChild(1);
    const created = await call(t.app, s, 'POST', `${P}createChildAccount`, { ...body, phone: '13700000000' });
    expect(created).toMatchObject({ status: 200, data: { account: body.account, auth: 1, auth_name: '组长' } });
    const uid = created.data.uid;

    const list = await call(t.app, s, 'POST', `${P}getMyChildAccount`, { page: 1, pageSize: 10 });
    expect(list.data).toMatchObject({ total: 1, used: 1, tenant_used: 1, max_child: 10 });
    expect(list.data.list[0].uid).toBe(uid);
    const search = await call(t.app, s, 'POST', `${P}getMyChildAccount`, { keyword: 'no-match-xyz' });
    expect(search.data.total).toBe(0);

    const child = await signIn(t.app, body.account, body.password);
    expect(
      (await call(t.app, s, 'POST', `${P}updateChildAccount`, { uid, user_name: '组长甲', auth: 2 })).data,
    ).toMatchObject({
      user_name: '组长甲',
      auth: 2,
    });
    expect((await call(t.app, s, 'POST', `${P}resetChildAccount`, { uid, password: 'another-pass' })).status).toBe(200);
    expect((await call(t.app, child, 'POST', `${P}getUserInfo`, {})).http).toBe(401);
    const again = await signIn(t.app, body.account, 'another-pass');
    expect((await call(t.app, s, 'POST', `${P}deleteChildAccount`, { uid })).status).toBe(200);
    expect((await call(t.app, again, 'POST', `${P}getUserInfo`, {})).http).toBe(401);
    await expect(signIn(t.app, body.account, 'another-pass')).rejects.toThrow();

    const actions = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', main.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'account.child.create',
        'account.child.update',
        'account.child.resetPassword',
        'account.child.delete',
      ]),
    );
    const reset = await t.db
      .selectFrom('opera_log')
      .select('summary')
      .where('action', '=', 'account.child.resetPassword')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(reset.summary)).not.toContain('another-pass');
  });

  it('refuses duplicates, bad input and roles the manager may not give', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const body = newChild();
    expect((await call(t.app, s, 'POST', `${P}createChildAccount`, body)).status).toBe(200);
    expect(
      (await call(t.app, s, 'POST', `${P}createChildAccount`, { ...body, account: body.account.toUpperCase() })).http,
    ).toBe(409);
    expect((await call(t.app, s, 'POST', `${P}createChildAccount`, { ...newChild(), phone: '12345' })).msg).toBe(
      '手机号必须为11位并且为数字',
    );
    expect((await call(t.app, s, 'POST', `${P}createChildAccount`, { ...newChild(), email: 'x' })).msg).toBe(
      '邮箱格式不正确',
    );
    expect((await call(t.app, s, 'POST', `${P}createChildAccount`, newChild(0))).http).toBe(403);
    expect((await call(t.app, s, 'POST', `${P}createChildAccount`, newChild(5))).http).toBe(403);
  });

  it('never touches another tenant: its ids look missing', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const bChild = await buildUser(t.db, b, { auth: 2 });
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    for (const [url, body] of [
      ['updateChildAccount', { uid: bChild.id, user_name: 'hacked' }],
      ['resetChildAccount', { uid: bChild.id, password: 'hacked-pass' }],
      ['deleteChildAccount', { uid: bChild.id }],
      ['updateChildAccount', { uid: b.id, user_name: 'hacked' }],
    ] as const) {
      expect((await call(t.app, s, 'POST', `${P}${url}`, body)).http, url).toBe(404);
    }
    const list = await call(t.app, s, 'POST', `${P}getMyChildAccount`, {});
    expect(list.data.total).toBe(0);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', bChild.id).executeTakeFirstOrThrow();
    expect(row.user_name).toBe('子账号');
    expect(row.deleted_at).toBeNull();
  });

  it('a buyer creates buyers only and manages only the ones it created; other children may not manage at all', async () => {
    const main = await buildTenant(t.db);
    const buyer = await buildUser(t.db, main, { auth: 3 });
    const otherBuyer = await buildUser(t.db, main, { auth: 3 });
    const worker = await buildUser(t.db, main, { auth: 2 });
    const sb = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await call(t.app, sb, 'POST', `${P}createChildAccount`, newChild(2))).http).toBe(403);
    const mine = await call(t.app, sb, 'POST', `${P}createChildAccount`, newChild(3));
    expect(mine.status).toBe(200);
    const list = await call(t.app, sb, 'POST', `${P}getMyChildAccount`, {});
    expect(list.data.list.map((c: { uid: number }) => c.uid)).toEqual([mine.data.uid]);
    // The count is of what the list shows; the tenant's quota apart (issue 29 §5: not 已用 4 over 1 row).
    expect(list.data).toMatchObject({ total: 1, used: 1, tenant_used: 4, max_child: 10 });
    expect(
      (await call(t.app, sb, 'POST', `${P}resetChildAccount`, { uid: mine.data.uid, password: 'reset-pass' })).status,
    ).toBe(200);
    expect(
      (await call(t.app, sb, 'POST', `${P}resetChildAccount`, { uid: otherBuyer.id, password: 'reset-pass' })).http,
    ).toBe(403);
    expect((await call(t.app, sb, 'POST', `${P}deleteChildAccount`, { uid: worker.id })).http).toBe(403);
    const sw = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect(
      (await call(t.app, sw, 'POST', `${P}resetChildAccount`, { uid: buyer.id, password: 'reset-pass' })).http,
    ).toBe(403);
    expect((await call(t.app, sw, 'POST', `${P}createChildAccount`, newChild(3))).http).toBe(403);
  });

  it('max_child holds under concurrent creation', async () => {
    const main = await buildTenant(t.db, { max_child: 3 });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call(t.app, s, 'POST', `${P}createChildAccount`, newChild())),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ http: 409, msg: '子账号数量已达上限(3)' });
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', main.id)
      .where('parent_id', '<>', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('disabling a child ends its sessions and blocks sign-in', async () => {
    const main = await buildTenant(t.db);
    const w = await buildUser(t.db, main, { auth: 2 });
    const sa = await signIn(t.app, main.account, TEST_PASSWORD);
    const sw = await signIn(t.app, w.account, TEST_PASSWORD);
    expect((await call(t.app, sa, 'POST', `${P}updateChildAccount`, { uid: w.id, status: 0 })).status).toBe(200);
    expect((await call(t.app, sw, 'POST', `${P}getUserInfo`, {})).http).toBe(401);
    await expect(signIn(t.app, w.account, TEST_PASSWORD)).rejects.toThrow(/账号已停用/);
  });
});
