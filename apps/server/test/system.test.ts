import { describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp({ internalIds: [] });

describe('trader settings', () => {
  it('defaults to 店群助手 and serves the trader of the request host', async () => {
    const def = await t.app.inject({ method: 'GET', url: '/PDD/trader_setting/getTraderSetting' });
    expect(def.json()).toMatchObject({ status: 200, data: { title: '店群助手', fav_icon: '' } });
    const trader = await buildTenant(t.db, { auth: 5 });
    await t.db
      .insertInto('trader_settings')
      .values({
        trader_uid: trader.id,
        host: 'shop.example.com',
        title: '某某跨境',
        fav_icon: '/fav.ico',
        logo: '/l.png',
      })
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/PDD/trader_setting/getTraderSetting',
      headers: { host: 'shop.example.com:8080' },
    });
    expect(res.json().data).toEqual({ title: '某某跨境', logo: '/l.png', logo_small: '', fav_icon: '/fav.ico' });
  });
});

describe('operation log', () => {
  it('pages the tenant log with filters and never shows another tenant', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const sb = await signIn(t.app, b.account, TEST_PASSWORD);
    const child = { password: 'child-pass', auth: 2, user_name: 'w' };
    await call(t.app, sa, 'POST', '/PDD/amazon-user/createChildAccount', { ...child, account: `a${a.id}x1` });
    await call(t.app, sa, 'POST', '/PDD/amazon-user/createChildAccount', { ...child, account: `a${a.id}x2` });
    await call(t.app, sb, 'POST', '/PDD/amazon-user/createChildAccount', { ...child, account: `b${b.id}x1` });

    const all = await call(t.app, sa, 'GET', '/PDD/opera-log/list');
    expect(all.status).toBe(200);
    expect(all.data.list.every((r: { tenant_id: number }) => r.tenant_id === a.id)).toBe(true);
    expect(all.data.total).toBe(3); // login + 2 creations
    expect(all.data.list[0].action).toBe('account.child.create');
    expect(all.data.list[0].created_at).toBeGreaterThan(1_700_000_000);

    const paged = await call(t.app, sa, 'GET', '/PDD/opera-log/list?page=2&pageSize=2');
    expect(paged.data.list).toHaveLength(1);
    const byAction = await call(t.app, sa, 'GET', '/PDD/opera-log/list?action=account.login');
    expect(byAction.data.total).toBe(1);
    const byUser = await call(t.app, sa, 'GET', `/PDD/opera-log/list?user_id=${b.id}`);
    expect(byUser.data.total).toBe(0);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await call(t.app, sa, 'GET', `/PDD/opera-log/list?startTime=${future}`)).data.total).toBe(0);
    expect((await call(t.app, sa, 'GET', `/PDD/opera-log/list?endTime=${future}`)).data.total).toBe(3);
    expect((await call(t.app, sa, 'GET', '/PDD/opera-log/list?pageSize=500')).msg).toBe('每页条数不能大于200');
    expect((await call(t.app, sa, 'GET', '/PDD/opera-log/list?foo=1')).msg).toBe('不支持的字段: foo');
  });

  it('each entry reads as a sentence naming who and which product; the codes stay as detail (issue 13 §3)', async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const theirs = await buildGoods(t.db, b, { baseInfo: { sku: 'THEIRS-1' } });
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    const created = await call(t.app, sa, 'POST', '/PDD/amazon-user/insertGoods_v2', {
      goodsData: { baseInfo: { sku: 'LOG-1' }, commonData: { descs: [{ key: 'zh-CN', title: '收纳盒' }] } },
    });
    const id = created.data.id;
    const updated = await call(t.app, sa, 'POST', '/PDD/amazon-user/insertGoods_v2', {
      id,
      version: created.data.version,
      goodsData: {
        baseInfo: { sku: 'LOG-1' },
        commonData: { descs: [{ key: 'zh-CN', title: '收纳盒' }] },
        priceTable: [{ country_code: 'us', price: 999 }],
      },
    });
    expect(updated.status).toBe(200);
    await call(t.app, sa, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(id), is_delete: 1 });
    // A row of A naming B's product (written by hand: no route does) must not show B's title.
    await t.db
      .insertInto('opera_log')
      .values({
        tenant_id: a.id,
        user_id: a.id,
        account: a.account,
        action: 'goods.update',
        target_type: 'goods',
        target_id: String(theirs.id),
        summary: JSON.stringify({ before: null, after: null }),
        ip: '',
        request_id: 'x',
      })
      .execute();
    const log = await call(t.app, sa, 'GET', '/PDD/opera-log/list');
    const texts = log.data.list.map((r: { text: string }) => r.text);
    expect(texts).toEqual([
      `主账号 修改了商品(ID ${theirs.id},已不存在)`,
      '主账号 把商品「收纳盒」(SKU LOG-1)放入了回收站',
      '主账号 修改了商品「收纳盒」(SKU LOG-1)(价格)',
      '主账号 创建了商品「收纳盒」(SKU LOG-1)',
      '主账号 登录了系统',
    ]);
    const update = log.data.list[2];
    expect(update).toMatchObject({
      action: 'goods.update',
      action_label: '修改商品',
      actor_name: '主账号',
      target_type: 'goods',
      target_id: String(id),
      summary: { after: { sections: ['prices'] } },
    });
  });

  it('a worker may not read the log', async () => {
    const a = await buildTenant(t.db);
    const w = await buildUser(t.db, a, { auth: 2 });
    const s = await signIn(t.app, w.account, TEST_PASSWORD);
    expect((await call(t.app, s, 'GET', '/PDD/opera-log/list')).http).toBe(403);
  });
});

describe('internal platform admins', () => {
  const internal = useTestApp();
  it('see every tenant in the log', async () => {
    // In this app uid 1 is internal; the first tenant built gets uid 1.
    const op = await buildTenant(internal.db);
    expect(op.id).toBe(1);
    const other = await buildTenant(internal.db);
    await signIn(internal.app, other.account, TEST_PASSWORD);
    const s = await signIn(internal.app, op.account, TEST_PASSWORD);
    const res = await call(internal.app, s, 'GET', '/PDD/opera-log/list');
    const tenants = new Set(res.data.list.map((r: { tenant_id: number }) => r.tenant_id));
    expect(tenants).toEqual(new Set([op.id, other.id]));
  });
});

describe('envelope and errors', () => {
  it('every response carries a request id; unknown paths are 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/PDD/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, msg: '接口不存在', data: null });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('malformed JSON gets a Chinese message, no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.json()).toEqual({ status: 400, msg: '请求体不是有效的JSON', data: null });
  });

  it('an unexpected failure is a 500 with the request id and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/login',
      payload: { account: 'x'.repeat(64), password: 'p' },
    });
    expect(res.statusCode).toBe(400);
    // Break the database for one request: the client sees only the envelope.
    await t.db.schema.alterTable('login_attempts').renameTo('login_attempts_gone').execute();
    try {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/PDD/amazon-user/login',
        payload: { account: 'a', password: 'b' },
      });
      expect(broken.statusCode).toBe(500);
      const body = broken.json();
      expect(body.msg).toContain(broken.headers['x-request-id']);
      expect(JSON.stringify(body)).not.toMatch(/login_attempts|relation|at \w+ \(/);
    } finally {
      await t.db.schema.alterTable('login_attempts_gone').renameTo('login_attempts').execute();
    }
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/PDD/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/PDD/amazon-user/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['account', 'password', 'code', 'needCode']),
    );
    expect(doc.paths['/PDD/amazon-user/createChildAccount']).toBeTruthy();
  });
});
