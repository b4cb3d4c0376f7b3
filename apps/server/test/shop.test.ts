import { describe, expect, it } from 'vitest';
import { secretBox } from '../src/lib/secret-box.js';
import { closeSandbox, sandbox } from '../src/marketplace/sandbox.js';
import { shopCredentials } from '../src/modules/shop/shop.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const P = '/PDD/amazon-user/';

/** Starts a binding and confirms it on the sandbox consent page: what Amazon's redirect carries. */
async function consent(s: Session, body: Record<string, unknown>, sellerId?: string) {
  const started = await call(t.app, s, 'POST', `${P}bindShop`, body);
  expect(started.status, started.msg).toBe(200);
  const url = new URL(started.data.consent_url, 'http://console');
  expect(url.pathname).toBe('/PDD/amazon-sandbox/consent');
  // The owner's browser opens the page (with the session's cookies) and posts its form.
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: s.cookies });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('action="/PDD/amazon-sandbox/confirm"');
  const form = new URLSearchParams({
    csrf_token: /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '',
    application_id: url.searchParams.get('application_id') ?? '',
    state: url.searchParams.get('state') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    selling_partner_id: sellerId ?? '',
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/PDD/amazon-sandbox/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: s.cookies,
    payload: form.toString(),
  });
  expect(confirmed.statusCode).toBe(302);
  const back = new URL(String(confirmed.headers.location));
  expect(back.pathname).toBe('/PDD/amazon-user/shopAuthCallback');
  // The callback forwards Amazon's parameters to the web app, which finishes the binding.
  const cb = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(cb.statusCode).toBe(302);
  expect(cb.headers.location).toBe('/#/order/shop');
  const left = cb.cookies.find((c) => c.name === 'shop_auth');
  expect(left).toMatchObject({ path: '/', maxAge: 600, sameSite: 'Lax' });
  expect(left?.httpOnly).toBeFalsy();
  const forwarded = { searchParams: new URLSearchParams(left?.value ?? '') };
  return {
    state: forwarded.searchParams.get('state') ?? '',
    selling_partner_id: forwarded.searchParams.get('selling_partner_id') ?? '',
    spapi_oauth_code: forwarded.searchParams.get('spapi_oauth_code') ?? '',
  };
}

async function admin() {
  const tenant = await buildTenant(t.db);
  return { tenant, s: await signIn(t.app, tenant.account, TEST_PASSWORD) };
}

describe('shops: binding through the authorization workflow', () => {
  it('binds a sandbox shop: consent, callback, code exchange, marketplaces; the token is stored sealed and never answered', async () => {
    const { tenant, s } = await admin();
    const back = await consent(s, { name: '欧洲沙箱店', region: 'EU', sandbox: true });
    const done = await call(t.app, s, 'POST', `${P}shopAuthComplete`, back);
    expect(done).toMatchObject({
      status: 200,
      msg: '授权成功',
      data: {
        name: '欧洲沙箱店',
        region: 'EU',
        sandbox: true,
        auth_status: 'authorized',
        seller_id: back.selling_partner_id,
      },
    });
    expect(done.data.marketplaces).toEqual(expect.arrayContaining(['de', 'fr', 'en', 'it', 'es']));
    expect(done.data.marketplaces).not.toContain('us');

    const list = await call(t.app, s, 'POST', `${P}authShopList`, {});
    expect(list.data).toMatchObject({ total: 1, app_configured: false });
    expect(JSON.stringify(list)).not.toMatch(/Atzr|refresh_token/);

    const row = await t.db
      .selectFrom('shops')
      .select('refresh_token_enc')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_enc).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.refresh_token_enc).not.toContain('Atzr');
    const creds = await shopCredentials(t.deps, tenant.id, done.data.id);
    expect(creds.refreshToken).toMatch(/^Atzr\|/);
    expect(secretBox(t.deps.config).open(row.refresh_token_enc ?? '')).toBe(creds.refreshToken);

    const log = await t.db
      .selectFrom('opera_log')
      .select(['action', 'summary'])
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'shop.bind')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(log.summary)).not.toContain('Atzr');
  });

  it('refuses a reused, expired, forged or another user’s state, and a declined code', async () => {
    const { s } = await admin();
    const back = await consent(s, { name: '店A', region: 'NA', sandbox: true });
    const other = await admin();
    const stolen = await call(t.app, other.s, 'POST', `${P}shopAuthComplete`, back);
    expect(stolen).toMatchObject({ http: 400, msg: '授权请求无效或已过期(每次授权只能使用一次),请重新发起授权' });
    // The wrong user's attempt did not use the state up: the owner still completes, once.
    const again = await call(t.app, s, 'POST', `${P}shopAuthComplete`, back);
    expect(again.status, again.msg).toBe(200);
    expect((await call(t.app, s, 'POST', `${P}shopAuthComplete`, back)).http).toBe(400);

    const fresh = await consent(s, { name: '店B', region: 'NA', sandbox: true });
    expect((await call(t.app, s, 'POST', `${P}shopAuthComplete`, fresh)).status).toBe(200);
    expect((await call(t.app, s, 'POST', `${P}shopAuthComplete`, fresh)).http).toBe(400);

    const late = await consent(s, { name: '店C', region: 'NA', sandbox: true });
    await t.db
      .updateTable('shop_auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await call(t.app, s, 'POST', `${P}shopAuthComplete`, late)).http).toBe(400);

    const forged = await call(t.app, s, 'POST', `${P}shopAuthComplete`, { ...fresh, state: 'x'.repeat(43) });
    expect(forged.http).toBe(400);

    const wrongCode = await consent(s, { name: '店D', region: 'NA', sandbox: true });
    const refused = await call(t.app, s, 'POST', `${P}shopAuthComplete`, { ...wrongCode, spapi_oauth_code: 'nope' });
    expect(refused).toMatchObject({ http: 400, msg: '亚马逊授权码无效或已过期(有效期5分钟),请重新发起授权' });
  });

  it('rejects bad input with Chinese messages, and real shops without an SP-API application', async () => {
    const { s } = await admin();
    expect(await call(t.app, s, 'POST', `${P}bindShop`, { name: '', region: 'EU' })).toMatchObject({ http: 400 });
    expect((await call(t.app, s, 'POST', `${P}bindShop`, { name: 'x', region: 'XX' })).msg).toBe('请选择站点区域');
    const real = await call(t.app, s, 'POST', `${P}bindShop`, { name: '真实店铺', region: 'EU' });
    expect(real.http).toBe(400);
    expect(real.msg).toContain('SPAPI_CLIENT_ID');
    const badSeller = await call(t.app, s, 'POST', `${P}shopAuthComplete`, {
      state: 'x'.repeat(43),
      selling_partner_id: 'a b',
      spapi_oauth_code: 'c',
    });
    expect(badSeller).toMatchObject({ http: 400, msg: '卖家编号(selling_partner_id)不合法' });
    const cb = await t.app.inject({ method: 'GET', url: `${P}shopAuthCallback?error=access_denied` });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/#/order/shop');
    expect(cb.cookies.find((c) => c.name === 'shop_auth')?.value).toBe('error=access_denied');
  });

  it('re-authorizes the same shop (same seller), refuses another seller, and a revoked authorization shows as expired', async () => {
    const { tenant, s } = await admin();
    const first = await call(
      t.app,
      s,
      'POST',
      `${P}shopAuthComplete`,
      await consent(s, { name: '日本店', region: 'FE', sandbox: true }),
    );
    const shop = first.data;
    // Binding the same seller again updates that shop instead of adding one.
    const same = await consent(s, { name: '重复绑定', region: 'FE', sandbox: true }, shop.seller_id);
    const rebound = await call(t.app, s, 'POST', `${P}shopAuthComplete`, same);
    expect(rebound.data).toMatchObject({ id: shop.id, name: '日本店', version: shop.version + 1 });

    // 检测授权 with a working authorization re-reads the marketplaces.
    const synced = await call(t.app, s, 'POST', `${P}syncShop`, { id: shop.id });
    expect(synced).toMatchObject({ status: 200, msg: '授权正常,站点已同步', data: { auth_status: 'authorized' } });
    expect(synced.data.marketplaces).toEqual(expect.arrayContaining(['ja', 'au']));

    // A restarted server (a new simulator) still accepts the sandbox shop's stored token.
    await closeSandbox(t.deps.config);
    expect((await call(t.app, s, 'POST', `${P}syncShop`, { id: shop.id })).status).toBe(200);
    // A token that was not issued by it is refused.
    const forged = (await shopCredentials(t.deps, tenant.id, shop.id)).refreshToken.replace(/.$/, (c) =>
      c === 'A' ? 'B' : 'A',
    );
    const sim = (await sandbox(t.deps.config, t.deps.db)).sim;
    const forgedAnswer = await fetch(sim.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: forged,
        client_id: sim.apps[0]!.clientId,
        client_secret: sim.apps[0]!.clientSecret,
      }).toString(),
    });
    expect(forgedAnswer.status).toBe(400);
    expect(await forgedAnswer.json()).toMatchObject({ error: 'invalid_grant' });

    // The seller removes the app in Seller Central: the next use of the token fails and says so.
    const box = await sandbox(t.deps.config, t.deps.db);
    box.sim.revoke(shop.seller_id);
    // The process still holds a valid access token; Amazon refuses it too once revoked.
    const lost = await call(t.app, s, 'POST', `${P}syncShop`, { id: shop.id });
    expect(lost).toMatchObject({ http: 409, msg: expect.stringContaining('授权') });
    const listed = await call(t.app, s, 'POST', `${P}authShopList`, {});
    expect(listed.data.list[0]).toMatchObject({
      auth_status: 'expired',
      auth_error: expect.stringContaining('授权已失效'),
    });
    await expect(shopCredentials(t.deps, tenant.id, shop.id)).rejects.toThrow('授权已失效');

    const wrong = await consent(s, { name: '日本店', region: 'FE', sandbox: true, id: shop.id });
    const refused = await call(t.app, s, 'POST', `${P}shopAuthComplete`, wrong);
    expect(refused).toMatchObject({ http: 400, msg: expect.stringContaining('卖家账号与该店铺原来的卖家账号不一致') });

    const right = await consent(s, { name: '日本店', region: 'FE', sandbox: true, id: shop.id }, shop.seller_id);
    const restored = await call(t.app, s, 'POST', `${P}shopAuthComplete`, right);
    expect(restored.data).toMatchObject({ id: shop.id, auth_status: 'authorized', auth_error: null });
    expect((await shopCredentials(t.deps, tenant.id, shop.id)).sellerId).toBe(shop.seller_id);
  });
});

describe('shops: two bindings of one seller at once', () => {
  it('ends with one shop, and no 500 for the one that lost', async () => {
    const { tenant, s } = await admin();
    const sellerId = `ARACE${Date.now().toString(36).toUpperCase()}`;
    const [a, b] = [
      await consent(s, { name: '并发甲', region: 'EU', sandbox: true }, sellerId),
      await consent(s, { name: '并发乙', region: 'EU', sandbox: true }, sellerId),
    ];
    const results = await Promise.all([a, b].map((x) => call(t.app, s, 'POST', `${P}shopAuthComplete`, x)));
    for (const r of results) expect([200, 409]).toContain(r.http);
    expect(results.some((r) => r.http === 200)).toBe(true);
    const loser = results.find((r) => r.http === 409);
    if (loser) expect(loser.msg).toBe('该卖家账号正在另一处完成绑定,请刷新店铺列表查看');
    const rows = await t.db.selectFrom('shops').select('id').where('tenant_id', '=', tenant.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('shops: who may see and change them', () => {
  it('workers see the shops given to them, cannot bind or change; buyers see none; other tenants get 404', async () => {
    const { tenant, s } = await admin();
    const worker = await buildUser(t.db, tenant, { auth: 2 });
    const other = await buildUser(t.db, tenant, { auth: 2 });
    const buyer = await buildUser(t.db, tenant, { auth: 3 });
    const a = (
      await call(
        t.app,
        s,
        'POST',
        `${P}shopAuthComplete`,
        await consent(s, { name: '给员工', region: 'EU', sandbox: true }),
      )
    ).data;
    const b = (
      await call(
        t.app,
        s,
        'POST',
        `${P}shopAuthComplete`,
        await consent(s, { name: '全员', region: 'NA', sandbox: true }),
      )
    ).data;
    const given = await call(t.app, s, 'POST', `${P}updateShop`, {
      id: a.id,
      version: a.version,
      staff_ids: [worker.id],
    });
    expect(given.data.staff_ids).toEqual([worker.id]);

    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    const names = async (x: Session) =>
      (await call(t.app, x, 'POST', `${P}authShopList`, {})).data.list.map((r: { name: string }) => r.name).sort();
    expect(await names(ws)).toEqual(['全员', '给员工']);
    expect(await names(os)).toEqual(['全员']);
    expect(await names(s)).toEqual(['全员', '给员工']);
    const bs = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await call(t.app, bs, 'POST', `${P}authShopList`, {})).http).toBe(403);
    // The order pages' shop filters (issue 29 §5): names of the shops whose orders one reads. A
    // buyer reads every order of the tenant; a worker those of its shops; nothing beyond a name.
    const options = async (x: Session) => {
      const r = await call(t.app, x, 'POST', `${P}shopOptions`, {});
      expect(r.http, r.msg).toBe(200);
      for (const o of r.data.list) expect(Object.keys(o).sort()).toEqual(['id', 'marketplaces', 'name', 'sandbox']);
      return r.data.list.map((o: { name: string }) => o.name).sort();
    };
    expect(await options(bs)).toEqual(['全员', '给员工']);
    expect(await options(ws)).toEqual(['全员', '给员工']);
    expect(await options(os)).toEqual(['全员']);
    expect(await options(s)).toEqual(['全员', '给员工']);
    for (const auth of [5, 6] as const) {
      const u = auth === 5 ? await buildTenant(t.db, { auth: 5 }) : await buildUser(t.db, tenant, { auth: 6 });
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      expect((await call(t.app, us, 'POST', `${P}shopOptions`, {})).http, `auth ${auth}`).toBe(403);
    }

    for (const [url, body] of [
      ['bindShop', { name: 'x', region: 'EU', sandbox: true }],
      ['updateShop', { id: b.id, version: b.version, name: '改名' }],
      ['delShop', { id: b.id }],
      ['shopAuthComplete', { state: 'x'.repeat(43), selling_partner_id: 'A1B2C3D4E5', spapi_oauth_code: 'c' }],
    ] as const) {
      expect((await call(t.app, ws, 'POST', `${P}${url}`, body)).http, url).toBe(403);
    }

    const stranger = await admin();
    expect(
      (await call(t.app, stranger.s, 'POST', `${P}updateShop`, { id: b.id, version: b.version, name: 'x' })).http,
    ).toBe(404);
    expect((await call(t.app, stranger.s, 'POST', `${P}delShop`, { id: b.id })).http).toBe(404);
    expect(
      (await call(t.app, stranger.s, 'POST', `${P}bindShop`, { name: 'x', region: 'NA', sandbox: true, id: b.id }))
        .http,
    ).toBe(404);
    const foreignStaff = await call(t.app, stranger.s, 'POST', `${P}authShopList`, {});
    expect(foreignStaff.data.total).toBe(0);
    expect((await call(t.app, stranger.s, 'POST', `${P}shopOptions`, {})).data.list).toEqual([]);
    // Staff must be accounts of the shop's tenant.
    const strangerShop = (
      await call(
        t.app,
        stranger.s,
        'POST',
        `${P}shopAuthComplete`,
        await consent(stranger.s, { name: 'S', region: 'EU', sandbox: true }),
      )
    ).data;
    const foreign = await call(t.app, stranger.s, 'POST', `${P}updateShop`, {
      id: strangerShop.id,
      version: strangerShop.version,
      staff_ids: [worker.id],
    });
    expect(foreign).toMatchObject({ http: 400, msg: '可使用店铺的账号不存在' });
  });

  it('two admins editing one shop: the stale save is refused; unbinding removes it', async () => {
    const { s } = await admin();
    const shop = (
      await call(
        t.app,
        s,
        'POST',
        `${P}shopAuthComplete`,
        await consent(s, { name: '并发', region: 'EU', sandbox: true }),
      )
    ).data;
    const [x, y] = await Promise.all([
      call(t.app, s, 'POST', `${P}updateShop`, { id: shop.id, version: shop.version, name: '甲改' }),
      call(t.app, s, 'POST', `${P}updateShop`, { id: shop.id, version: shop.version, name: '乙改' }),
    ]);
    expect([x.http, y.http].sort()).toEqual([200, 409]);
    expect((await call(t.app, s, 'POST', `${P}delShop`, { id: shop.id })).data).toEqual({ deleted: 1 });
    expect((await call(t.app, s, 'POST', `${P}delShop`, { id: shop.id })).http).toBe(404);
  });
});

describe('upload marketplaces per child account', () => {
  it('an admin sets a child’s marketplaces; the child reads them; bad codes, other tenants and workers are refused', async () => {
    const { tenant, s } = await admin();
    const worker = await buildUser(t.db, tenant, { auth: 2 });
    const set = await call(t.app, s, 'POST', `${P}updateAllowSites`, { uid: worker.id, sites: ['DE', 'fr', 'de'] });
    expect(set).toMatchObject({ status: 200, msg: '修改成功' });
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect((await call(t.app, ws, 'POST', `${P}getUserInfo`, {})).data.allowUploadSiteArr).toEqual(['de', 'fr']);
    const children = await call(t.app, s, 'POST', `${P}getMyChildAccount`, {});
    expect(children.data.list[0].allowUploadSiteArr).toEqual(['de', 'fr']);

    expect((await call(t.app, s, 'POST', `${P}updateAllowSites`, { uid: worker.id, sites: ['xx'] })).msg).toBe(
      '站点不存在',
    );
    expect((await call(t.app, ws, 'POST', `${P}updateAllowSites`, { uid: worker.id, sites: [] })).http).toBe(403);
    const stranger = await admin();
    expect((await call(t.app, stranger.s, 'POST', `${P}updateAllowSites`, { uid: worker.id, sites: [] })).http).toBe(
      404,
    );
    // The main account itself is not a child: it always uploads everywhere.
    expect((await call(t.app, s, 'POST', `${P}updateAllowSites`, { uid: tenant.id, sites: ['de'] })).http).toBe(404);
    expect((await call(t.app, s, 'POST', `${P}updateAllowSites`, { uid: worker.id, sites: [] })).status).toBe(200);
    expect((await call(t.app, ws, 'POST', `${P}getUserInfo`, {})).data.allowUploadSiteArr).toEqual([]);
  });
});
