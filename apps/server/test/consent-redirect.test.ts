import { describe, expect, it } from 'vitest';
import { SANDBOX_APP } from '../src/marketplace/simulator/sim-state.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

// Issue 27 §4: the sandbox consent page sends the browser (with an authorization code) only to
// the console's own callback, for a state the console issued to the signed-in caller; a state
// is used up only by its owner's completion.

const t = useTestApp();
const P = '/PDD/amazon-user/';
const CONFIRM = '/PDD/amazon-sandbox/confirm';
const EVIL = 'https://evil.example/x';

async function admin() {
  const tenant = await buildTenant(t.db);
  return { tenant, s: await signIn(t.app, tenant.account, TEST_PASSWORD) };
}

/** Starts a sandbox binding; answers the consent page's address and its query. */
async function start(s: Session, name = '沙箱店') {
  const started = await call(t.app, s, 'POST', `${P}bindShop`, { name, region: 'EU', sandbox: true });
  expect(started.status, started.msg).toBe(200);
  const url = new URL(started.data.consent_url, 'http://console');
  return { path: `${url.pathname}${url.search}`, q: url.searchParams };
}

/** Opens the consent page as the browser would (with the session's cookies) and reads its form's fields. */
async function openPage(s: Session | null, path: string) {
  const page = await t.app.inject({ method: 'GET', url: path, cookies: s?.cookies ?? {} });
  const fields = new URLSearchParams();
  for (const m of page.body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
  return { status: page.statusCode, body: page.body, fields };
}

/** Posts the consent form (form-encoded, with the cookies a browser sends, never the CSRF header). */
function confirm(s: Session | null, fields: Record<string, string> | URLSearchParams) {
  return t.app.inject({
    method: 'POST',
    url: CONFIRM,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: s?.cookies ?? {},
    payload: new URLSearchParams(fields).toString(),
  });
}

/** What the callback would carry back, from a confirm's redirect. */
function carried(location: string) {
  const u = new URL(location);
  return {
    state: u.searchParams.get('state') ?? '',
    selling_partner_id: u.searchParams.get('selling_partner_id') ?? '',
    spapi_oauth_code: u.searchParams.get('spapi_oauth_code') ?? '',
  };
}

function expectNoRedirect(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.headers.location).toBeUndefined();
}

describe('the sandbox consent page sends codes only home (issue 27 §4)', () => {
  it('refuses a foreign redirect_uri with a forged state and no session: no redirect, no code', async () => {
    const res = await confirm(null, {
      application_id: SANDBOX_APP.appId,
      state: 'forged-state-forged-state',
      redirect_uri: EVIL,
      selling_partner_id: '',
    });
    expectNoRedirect(res);
    expect(res.body).not.toContain('spapi_oauth_code');
  });

  it("refuses the owner's real state without the session, or without the form's CSRF token", async () => {
    const { s } = await admin();
    const { path } = await start(s);
    const page = await openPage(s, path);
    expect(page.status).toBe(200);
    expect(page.fields.get('csrf_token')).toBeTruthy();
    // No session cookie (a cross-site form post from another tab without the user's cookies).
    expectNoRedirect(await confirm(null, page.fields));
    // The session's cookies but no token (a cross-site form post riding the session).
    const noToken = new URLSearchParams(page.fields);
    noToken.delete('csrf_token');
    expectNoRedirect(await confirm(s, noToken));
    const wrongToken = new URLSearchParams(page.fields);
    wrongToken.set('csrf_token', 'x'.repeat(36));
    expectNoRedirect(await confirm(s, wrongToken));
  });

  it('refuses a foreign redirect_uri even with the session and the real state', async () => {
    const { s } = await admin();
    const { path, q } = await start(s);
    const evilPath = path.replace(encodeURIComponent(q.get('redirect_uri')!), encodeURIComponent(EVIL));
    const evilPage = await openPage(s, evilPath);
    expect(evilPage.status).toBe(400);
    expect(evilPage.body).not.toContain('evil.example');
    const page = await openPage(s, path);
    const fields = new URLSearchParams(page.fields);
    for (const bad of [EVIL, 'http://localhost:80/PDD/amazon-user/shopAuthCallback/../../x', 'javascript:alert(1)']) {
      fields.set('redirect_uri', bad);
      expectNoRedirect(await confirm(s, fields));
    }
    // The untouched form still works afterwards: nothing was used up.
    const ok = await confirm(s, page.fields);
    expect(ok.statusCode).toBe(302);
    expect(new URL(String(ok.headers.location)).pathname).toBe('/PDD/amazon-user/shopAuthCallback');
  });

  it("refuses a forged state, an expired one, and another tenant's or user's state on the page and the confirm", async () => {
    const owner = await admin();
    const { path, q } = await start(owner.s);
    const ownerPage = await openPage(owner.s, path);

    const forged = new URLSearchParams(ownerPage.fields);
    forged.set('state', 'x'.repeat(43));
    expectNoRedirect(await confirm(owner.s, forged));
    expect((await openPage(owner.s, path.replace(q.get('state')!, 'x'.repeat(43)))).status).toBe(400);

    const stranger = await admin();
    expect((await openPage(stranger.s, path)).status).toBe(400);
    const strangerForm = (await openPage(stranger.s, (await start(stranger.s)).path)).fields;
    const withOwnersState = new URLSearchParams(strangerForm);
    withOwnersState.set('state', q.get('state')!);
    expectNoRedirect(await confirm(stranger.s, withOwnersState));

    // A colleague of the same tenant is not the owner either.
    const colleague = await buildUser(t.db, owner.tenant, { auth: 0 });
    const cs = await signIn(t.app, colleague.account, TEST_PASSWORD);
    expect((await openPage(cs, path)).status).toBe(400);

    // The owner is unaffected by all of it.
    const ok = await confirm(owner.s, ownerPage.fields);
    expect(ok.statusCode).toBe(302);
    const done = await call(t.app, owner.s, 'POST', `${P}shopAuthComplete`, carried(String(ok.headers.location)));
    expect(done.status, done.msg).toBe(200);

    // An expired state is refused on the page and the confirm.
    const late = await start(owner.s, '过期店');
    const latePage = await openPage(owner.s, late.path);
    await t.db
      .updateTable('shop_auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await openPage(owner.s, late.path)).status).toBe(400);
    expectNoRedirect(await confirm(owner.s, latePage.fields));
  });
});

describe("a state is used up only by its owner's completion (issue 27 §4)", () => {
  it("another tenant's failed shopAuthComplete with A's state leaves A's completion working", async () => {
    const a = await admin();
    const { path } = await start(a.s, 'A的店');
    const page = await openPage(a.s, path);
    const ok = await confirm(a.s, page.fields);
    expect(ok.statusCode).toBe(302);
    const back = carried(String(ok.headers.location));

    const b = await admin();
    const stolen = await call(t.app, b.s, 'POST', `${P}shopAuthComplete`, back);
    expect(stolen).toMatchObject({ http: 400, msg: '授权请求无效或已过期(每次授权只能使用一次),请重新发起授权' });
    const colleague = await buildUser(t.db, a.tenant, { auth: 0 });
    const cs = await signIn(t.app, colleague.account, TEST_PASSWORD);
    expect((await call(t.app, cs, 'POST', `${P}shopAuthComplete`, back)).http).toBe(400);

    const done = await call(t.app, a.s, 'POST', `${P}shopAuthComplete`, back);
    expect(done.status, done.msg).toBe(200);
    expect(done.data).toMatchObject({ name: 'A的店', sandbox: true, seller_id: back.selling_partner_id });
    // B got nothing.
    const bShops = await call(t.app, b.s, 'POST', `${P}authShopList`, { page: 1, pageSize: 20 });
    expect(bShops.data.total).toBe(0);
    // And the owner's completion did use it up.
    expect((await call(t.app, a.s, 'POST', `${P}shopAuthComplete`, back)).http).toBe(400);
  });
});
