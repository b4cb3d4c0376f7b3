import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';
import type { SimApp } from './sim-state.js';

const rnd = (n: number) => randomBytes(n).toString('base64url');
const lwaError = (status: number, error: string, error_description: string): SimRes => ({
  status,
  body: { error, error_description },
});

function appOf(sim: SpApiSimulator, form: URLSearchParams): SimApp | undefined {
  const app = sim.apps.find((a) => a.clientId === form.get('client_id'));
  return app && app.clientSecret === form.get('client_secret') ? app : undefined;
}

/** A new refresh token of a seller for an application: remembered, or signed (`refreshTokenKey`). */
export function issueRefreshToken(sim: SpApiSimulator, sellerId: string, clientId: string): string {
  sim.revokedSellers.delete(sellerId);
  const key = sim.options.refreshTokenKey;
  if (!key) {
    const token = `Atzr|${rnd(48)}`;
    sim.refreshTokens.set(token, { sellerId, clientId });
    return token;
  }
  const body = `${sellerId}.${Buffer.from(clientId).toString('base64url')}.${rnd(12)}`;
  return `Atzr|s1.${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The seller and application of a valid refresh token, or undefined (unknown, forged or revoked). */
export function refreshTokenOwner(
  sim: SpApiSimulator,
  token: string,
): { sellerId: string; clientId: string } | undefined {
  const known = sim.refreshTokens.get(token);
  if (known) return known;
  const key = sim.options.refreshTokenKey;
  if (!key || !token.startsWith('Atzr|s1.')) return undefined;
  const parts = token.slice('Atzr|s1.'.length).split('.');
  if (parts.length !== 4) return undefined;
  const body = parts.slice(0, 3).join('.');
  const mac = Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
  const given = Buffer.from(parts[3] ?? '');
  if (mac.length !== given.length || !timingSafeEqual(mac, given)) return undefined;
  const sellerId = parts[0] ?? '';
  if (sim.revokedSellers.has(sellerId)) return undefined;
  return { sellerId, clientId: Buffer.from(parts[1] ?? '', 'base64url').toString('utf8') };
}

/** Scopes of the `client_credentials` grant (grantless operations). */
export const GRANTLESS_SCOPES = new Set([
  'sellingpartnerapi::notifications',
  'sellingpartnerapi::client_credential:rotation',
]);

/**
 * `POST /auth/o2/token` as Login with Amazon answers it: form-encoded `grant_type`
 * `authorization_code` (code + redirect_uri, single use, 5 minutes), `refresh_token`, or
 * `client_credentials` with a `scope` (a grantless token of the application);
 * OAuth error bodies `{error, error_description}`.
 */
export function handleToken(sim: SpApiSimulator, req: SimReq): SimRes {
  if (req.method !== 'POST') return lwaError(405, 'invalid_request', 'Method not allowed');
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return lwaError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(req.raw.toString('utf8'));
  const app = appOf(sim, form);
  if (!app) return lwaError(401, 'invalid_client', 'Client authentication failed');
  const grant = form.get('grant_type');
  let sellerId: string;
  let refreshToken: string | undefined;
  let scope: string | undefined;
  if (grant === 'client_credentials') {
    // Grantless operations (Notifications destinations): a token of the application, not of a seller.
    scope = form.get('scope') ?? '';
    if (!GRANTLESS_SCOPES.has(scope))
      return lwaError(400, 'invalid_scope', 'The requested scope is invalid or unknown');
    sellerId = '';
  } else if (grant === 'authorization_code') {
    const code = form.get('code') ?? '';
    const c = sim.codes.get(code);
    sim.codes.delete(code);
    if (!c || c.clientId !== app.clientId || c.expiresAt < performance.now()) {
      return lwaError(400, 'invalid_grant', 'The authorization code is invalid, expired or already used');
    }
    if (c.redirectUri && form.get('redirect_uri') !== c.redirectUri) {
      return lwaError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    sellerId = c.sellerId;
    refreshToken = issueRefreshToken(sim, sellerId, app.clientId);
  } else if (grant === 'refresh_token') {
    const r = refreshTokenOwner(sim, form.get('refresh_token') ?? '');
    if (!r || r.clientId !== app.clientId)
      return lwaError(400, 'invalid_grant', 'The refresh token is invalid or revoked');
    sellerId = r.sellerId;
  } else if (!grant) {
    return lwaError(400, 'invalid_request', 'grant_type is missing');
  } else {
    return lwaError(400, 'unsupported_grant_type', `grant_type ${grant} is not supported`);
  }
  const accessToken = `Atza|${rnd(48)}`;
  const life = sim.tokenLifetimeSeconds;
  sim.accessTokens.set(accessToken, {
    sellerId,
    expiresAt: performance.now() + (life * 1000) / sim.timeScale,
    clientId: app.clientId,
    ...(scope ? { scope } : {}),
  });
  sim.counters.tokens++;
  return {
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: life,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(scope ? { scope } : {}),
    },
  };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A refusal of the consent page, as the page shows it. */
export function refusalPage(status: number, message: string): SimRes {
  return { ...page('授权失败', `<h2>无法授权</h2><p>${esc(message)}</p>`), status };
}

function page(title: string, body: string): SimRes {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    text: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:560px;margin:48px auto;color:#111}
.box{border:1px solid #ddd;border-radius:8px;padding:24px}button{background:#ffd814;border:1px solid #fcd200;border-radius:8px;padding:8px 20px;font-size:15px;cursor:pointer}
input{padding:6px;width:100%;box-sizing:border-box;margin:4px 0 12px}.note{color:#555;font-size:13px}</style></head>
<body><div class="box">${body}</div></body></html>`,
  };
}

/** A new seller id in Amazon's shape (`A` + 13 upper-case letters and digits). */
export function newSellerId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `A${Array.from(randomBytes(13), (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * `GET /apps/authorize/consent`: the Seller Central consent page of the website
 * authorization workflow (application_id, state, redirect_uri, version=beta), with an
 * authorize button that posts to `form.action` (the simulator's `/apps/authorize/confirm`
 * unless the console serves the page) with the extra hidden fields given.
 */
export function handleConsent(
  sim: SpApiSimulator,
  req: SimReq,
  form: { action: string; hidden?: Record<string, string> } = { action: '/apps/authorize/confirm' },
): SimRes {
  const appId = req.query.get('application_id') ?? '';
  const state = req.query.get('state') ?? '';
  const redirectUri = req.query.get('redirect_uri') ?? '';
  const app = sim.apps.find((a) => a.appId === appId);
  if (!app) return { ...page('授权失败', `<h2>无法授权</h2><p>未知的应用 (application_id)。</p>`), status: 400 };
  if (!state || !/^https?:\/\//.test(redirectUri)) {
    return { ...page('授权失败', `<h2>无法授权</h2><p>缺少 state 或 redirect_uri。</p>`), status: 400 };
  }
  const sellerId = req.query.get('seller_id') || newSellerId();
  return page(
    '亚马逊卖家平台 - 授权应用 (模拟)',
    `<h2>授权应用访问您的卖家账户</h2>
<p class="note">这是本地亚马逊模拟器 (沙箱), 不会连接真实的亚马逊。</p>
<p>应用 <b>${esc(app.appId)}</b> 请求访问您的销售伙伴 API 数据。</p>
<form method="post" action="${esc(form.action)}">
${Object.entries(form.hidden ?? {})
  .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">\n`)
  .join('')}<input type="hidden" name="application_id" value="${esc(appId)}">
<input type="hidden" name="state" value="${esc(state)}">
<input type="hidden" name="redirect_uri" value="${esc(redirectUri)}">
<label>卖家编号 (selling_partner_id)<input name="selling_partner_id" value="${esc(sellerId)}"></label>
<label>店铺名称<input name="store_name" value="沙箱店铺 ${esc(sellerId.slice(-4))}"></label>
<button type="submit" id="authorize">确认授权</button>
</form>`,
  );
}

/** Issues the single-use code of a consent and returns the redirect URL (also used by tests directly). */
export function authorize(
  sim: SpApiSimulator,
  p: { applicationId: string; state: string; redirectUri: string; sellerId?: string; storeName?: string },
): string {
  const app = sim.apps.find((a) => a.appId === p.applicationId);
  if (!app) throw new Error(`unknown application ${p.applicationId}`);
  const sellerId = p.sellerId || newSellerId();
  if (!sim.sellers.has(sellerId))
    sim.sellers.set(sellerId, { sellerId, storeName: p.storeName || `Sandbox ${sellerId.slice(-4)}` });
  const code = rnd(24);
  sim.codes.set(code, {
    clientId: app.clientId,
    sellerId,
    redirectUri: p.redirectUri,
    expiresAt: performance.now() + 300_000 / sim.timeScale,
  });
  const u = new URL(p.redirectUri);
  u.searchParams.set('state', p.state);
  u.searchParams.set('selling_partner_id', sellerId);
  u.searchParams.set('spapi_oauth_code', code);
  return u.toString();
}

/** `POST /apps/authorize/confirm`: the authorize button; redirects to the application's redirect_uri. */
export function handleConfirm(sim: SpApiSimulator, req: SimReq): SimRes {
  const form = new URLSearchParams(req.raw.toString('utf8'));
  const sellerId = (form.get('selling_partner_id') ?? '').trim();
  if (sellerId && !/^[A-Z0-9]{8,20}$/.test(sellerId)) {
    return { ...page('授权失败', '<h2>卖家编号格式不正确</h2>'), status: 400 };
  }
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!sim.apps.some((a) => a.appId === form.get('application_id')) || !/^https?:\/\//.test(redirectUri)) {
    return { ...page('授权失败', '<h2>无法授权</h2>'), status: 400 };
  }
  const location = authorize(sim, {
    applicationId: form.get('application_id') ?? '',
    state: form.get('state') ?? '',
    redirectUri,
    sellerId: sellerId || undefined,
    storeName: form.get('store_name') ?? undefined,
  });
  return { status: 302, headers: { location }, text: '' };
}
