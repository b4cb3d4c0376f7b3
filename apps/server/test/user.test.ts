import { describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const INFO = '/PDD/amazon-user/getUserInfo';
const UPDATE = '/PDD/amazon-user/updateUserAccount';

describe('getUserInfo', () => {
  it('returns every field of spec section 3 with end_time in seconds and token expiry only', async () => {
    const main = await buildTenant(t.db, { phone: '13800000001' });
    const end = new Date('2027-06-01T00:00:00Z');
    await t.db.updateTable('users').set({ end_time: end }).where('id', '=', main.id).execute();
    const other = await buildTenant(t.db, { phone: '13800000001' });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const { status, data } = await call(t.app, s, 'POST', INFO, {});
    expect(status).toBe(200);
    for (const key of [
      'id',
      'account',
      'auth',
      'auth_name',
      'email',
      'phone',
      'user_name',
      'brand_name',
      'vendor',
      'manufactuer_id',
      'dsa_responsible_party_address',
      'gpsr_manufacturer_email_address',
      'follow_sale_remind',
      'is_not_use_ean',
      'gather_title_fill_keywords',
      'random_parentage_img',
      'random_bullet_points',
      'end_time',
      'max_child',
      'limit_monitor_len',
      'is_suit_express',
      'principal',
      'token',
      'bindSomePhoneAccountList',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.end_time).toBe(end.getTime() / 1000);
    expect(data.auth_name).toBe('公司管理员');
    expect(Object.keys(data.token).sort()).toEqual(['refresh_expires', 'token_expires']);
    expect(data.token.token_expires).toBeGreaterThan(Date.now() / 1000);
    // The switch list is the own account and its links: a shared phone links nothing (issue 27 §1).
    expect(data.bindSomePhoneAccountList).toEqual([{ uid: main.id, account: main.account, user_name: main.user_name }]);
    expect(other.phone).toBe(main.phone);
    expect(JSON.stringify(data)).not.toContain('password');
  });
});

describe('updateUserAccount', () => {
  const brand = { brand_name: 'ACME', vendor: 'ACME', manufactuer_id: '12345' };

  it('a worker saves brand fields, trimmed, with the specification message', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    const res = await call(t.app, s, 'POST', UPDATE, {
      user_name: ' 小王 ',
      email: 'w@example.com',
      ...brand,
      brand_name: '  ACME  ',
      gpsr_manufacturer_email_address: 'gpsr@example.com',
      random_bullet_points: 1,
    });
    expect(res).toMatchObject({ status: 200, msg: '修改成功,重新登陆账号即可生效' });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', worker.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_name: '小王', brand_name: 'ACME', random_bullet_points: 1, version: 2 });
    const log = await t.db
      .selectFrom('opera_log')
      .selectAll()
      .where('action', '=', 'account.updateInfo')
      .where('user_id', '=', worker.id)
      .executeTakeFirstOrThrow();
    expect(log.summary).toMatchObject({ after: { brand_name: 'ACME' } });
  });

  it('requires brand fields where the role sees them, and refuses them where it does not', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const sw = await signIn(t.app, worker.account, TEST_PASSWORD);
    const missing = await call(t.app, sw, 'POST', UPDATE, {
      user_name: 'a',
      email: 'a@b.c',
      brand_name: 'X',
      vendor: 'Y',
    });
    expect(missing).toMatchObject({ http: 400, msg: '请填写该字段', data: { field: 'manufactuer_id' } });
    const sa = await signIn(t.app, main.account, TEST_PASSWORD);
    const hidden = await call(t.app, sa, 'POST', UPDATE, { user_name: 'a', email: 'a@b.c', ...brand });
    expect(hidden.http).toBe(403);
    expect(hidden.msg).toContain('brand_name');
    expect((await call(t.app, sa, 'POST', UPDATE, { user_name: 'a', email: 'a@b.c' })).status).toBe(200);
  });

  it('refuses worker-only switches for other roles and read-only fields for everyone', async () => {
    const main = await buildTenant(t.db);
    const sa = await signIn(t.app, main.account, TEST_PASSWORD);
    const sw = await call(t.app, sa, 'POST', UPDATE, { user_name: 'a', email: 'a@b.c', is_not_use_ean: 1 });
    expect(sw.http).toBe(403);
    for (const field of ['phone', 'max_child', 'end_time', 'account', 'limit_monitor_len', 'is_suit_express', 'id']) {
      const r = await call(t.app, sa, 'POST', UPDATE, { user_name: 'a', email: 'a@b.c', [field]: 1 });
      expect(r.http, field).toBe(400);
      expect(r.msg, field).toContain('只读');
    }
  });

  it('validates email, numeric manufacturer id, 64-char compliance emails', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 1 });
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    const base = { user_name: 'a', email: 'a@b.c', ...brand };
    expect((await call(t.app, s, 'POST', UPDATE, { ...base, email: 'nope' })).msg).toBe('邮箱格式不正确');
    expect((await call(t.app, s, 'POST', UPDATE, { ...base, email: '' })).msg).toBe('该字段不能为空');
    expect((await call(t.app, s, 'POST', UPDATE, { ...base, manufactuer_id: '12a' })).msg).toBe('只能填写数字');
    const long = `${'a'.repeat(60)}@b.cd`;
    expect((await call(t.app, s, 'POST', UPDATE, { ...base, dsa_responsible_party_address: long })).msg).toBe(
      '长度不能大于 64 个字符',
    );
  });
});

describe('updateUserPassword', () => {
  const URL = '/PDD/amazon-user/updateUserPassword';

  it('checks all fields, the repeat and the old password; success ends every session', async () => {
    const main = await buildTenant(t.db);
    const s1 = await signIn(t.app, main.account, TEST_PASSWORD);
    const s2 = await signIn(t.app, main.account, TEST_PASSWORD, 'bearer');
    expect((await call(t.app, s1, 'POST', URL, { passwordOld: TEST_PASSWORD, password: 'new-pass-1' })).msg).toBe(
      '请填写该字段',
    );
    expect(
      (
        await call(t.app, s1, 'POST', URL, {
          passwordOld: TEST_PASSWORD,
          password: 'new-pass-1',
          passwordAgain: 'new-pass-2',
        })
      ).msg,
    ).toBe('两次密码输入不一致');
    expect(
      (
        await call(t.app, s1, 'POST', URL, {
          passwordOld: 'wrong-old',
          password: 'new-pass-1',
          passwordAgain: 'new-pass-1',
        })
      ).msg,
    ).toBe('原密码错误');
    const ok = await call(t.app, s1, 'POST', URL, {
      passwordOld: TEST_PASSWORD,
      password: 'new-pass-1',
      passwordAgain: 'new-pass-1',
    });
    expect(ok).toMatchObject({ status: 200, msg: '修改成功' });
    expect((await call(t.app, s1, 'POST', INFO, {})).http).toBe(401);
    expect((await call(t.app, s2, 'POST', INFO, {})).http).toBe(401);
    await expect(signIn(t.app, main.account, TEST_PASSWORD)).rejects.toThrow();
    expect((await signIn(t.app, main.account, 'new-pass-1')).uid).toBe(main.id);
  });
});

describe('toggleAccount', () => {
  const URL = '/PDD/amazon-user/toggleAccount';

  it('switches to a linked account without a password and ends the old session', async () => {
    const a = await buildTenant(t.db, { phone: '13900000001' });
    const b = await buildTenant(t.db, { phone: '13900000001' });
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    const linked = await call(t.app, s, 'POST', '/PDD/amazon-user/linkAccount', {
      account: b.account,
      password: TEST_PASSWORD,
    });
    expect(linked).toMatchObject({ status: 200, msg: '关联成功' });
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      cookies: s.cookies,
      headers: s.headers,
      payload: { uid: b.id },
    });
    expect(res.json().data.uid).toBe(b.id);
    expect((await call(t.app, s, 'POST', INFO, {})).http).toBe(401);
  });

  it('refuses an unlinked account of another tenant as not found', async () => {
    const a = await buildTenant(t.db, { phone: '13900000002' });
    const c = await buildTenant(t.db, { phone: '13900000003' });
    const cChild = await buildUser(t.db, c, { auth: 2 });
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    expect((await call(t.app, s, 'POST', URL, { uid: c.id })).http).toBe(404);
    expect((await call(t.app, s, 'POST', URL, { uid: cChild.id })).http).toBe(404);
    expect((await call(t.app, s, 'POST', URL, { uid: 99999 })).http).toBe(404);
  });

  it('an admin switches into its own child; a worker cannot switch into a sibling', async () => {
    const main = await buildTenant(t.db);
    const w1 = await buildUser(t.db, main, { auth: 2 });
    const w2 = await buildUser(t.db, main, { auth: 2 });
    const sa = await signIn(t.app, main.account, TEST_PASSWORD);
    expect((await call(t.app, sa, 'POST', URL, { uid: w1.id })).data.uid).toBe(w1.id);
    const sw = await signIn(t.app, w1.account, TEST_PASSWORD);
    expect((await call(t.app, sw, 'POST', URL, { uid: w2.id })).http).toBe(404);
  });
});
