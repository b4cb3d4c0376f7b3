import crypto from 'node:crypto';
import type { SimAnswer, SimRequest } from '../translation/simulators/sim-server.js';

/** The simulator's app (what ALI1688=demo uses as app key and secret). */
export const SIM_APP = { appKey: 'demo', appSecret: 'demo-secret' } as const;

/** A buyer account of the simulator that granted access: its member id and login name. */
export interface SimMember {
  memberId: string;
  loginId: string;
}

interface Grant extends SimMember {
  expiresAt: number;
}

/**
 * The OAuth side of the 1688 simulator (1688 open platform, "授权流程"): the authorize page
 * (`/oauth/authorize`, a form 同意授权 / 取消), the approval that redirects back with `code` and
 * `state`, and `system.oauth2/getToken` for both grants. Tokens it issued are checked on every
 * trade call that carries `access_token`.
 */
export class SimOAuth {
  /** Seconds an access token lives (1688: 10 hours). */
  accessTtlSec = 36_000;
  /** Seconds a refresh token lives (1688: about half a year). */
  refreshTtlSec = 180 * 86_400;
  /** Refusals of the next refresh grants (each refused with `invalid_grant`), for tests. */
  refuseRefresh = 0;
  readonly codes = new Map<string, Grant & { redirectUri: string }>();
  readonly access = new Map<string, Grant>();
  readonly refresh = new Map<string, Grant>();
  private seq = 0;

  /** The member an access token belongs to, when it is known and not expired. */
  memberOf(token: string): SimMember | undefined {
    const g = this.access.get(token);
    return g && g.expiresAt > Date.now() ? g : undefined;
  }

  /** Answers an OAuth request, or undefined when the request is not one. */
  handle(req: SimRequest): SimAnswer | undefined {
    if (req.path === '/oauth/authorize' && req.method === 'GET') return this.page(req.query);
    if (req.path === '/oauth/approve' && req.method === 'POST')
      return this.approve(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));
    if (req.path.startsWith('/openapi/http/1/system.oauth2/getToken/')) return this.token(req);
    return undefined;
  }

  private page(q: URLSearchParams): SimAnswer {
    const clientId = q.get('client_id') ?? '';
    const redirect = q.get('redirect_uri') ?? '';
    if (clientId !== SIM_APP.appKey || !/^https?:\/\//.test(redirect))
      return html(400, '<p>参数错误:client_id 或 redirect_uri 不正确</p>');
    const hidden = ['client_id', 'redirect_uri', 'state', 'site']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k) ?? '')}">`)
      .join('');
    return html(
      200,
      `<h2>1688 授权(模拟)</h2><p>应用 ${esc(clientId)} 申请使用您的1688买家账号下单和查询物流。</p>
<form method="post" action="/oauth/approve">${hidden}
<label>1688会员登录名 <input name="login_id" value="sim-buyer"></label>
<button type="submit" name="decision" value="allow">同意授权</button>
<button type="submit" name="decision" value="deny">取消</button></form>`,
    );
  }

  private approve(f: URLSearchParams): SimAnswer {
    const redirect = f.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirect)) return html(400, '<p>参数错误</p>');
    const back = new URL(redirect);
    back.searchParams.set('state', f.get('state') ?? '');
    if (f.get('decision') !== 'allow') back.searchParams.set('error', 'access_denied');
    else {
      const loginId = (f.get('login_id') ?? '').trim().slice(0, 40) || 'sim-buyer';
      const code = crypto.randomBytes(16).toString('hex');
      const memberId = `b2b-${crypto.createHash('sha256').update(loginId).digest('hex').slice(0, 10)}`;
      this.codes.set(code, { memberId, loginId, redirectUri: redirect, expiresAt: Date.now() + 120_000 });
      back.searchParams.set('code', code);
    }
    return { status: 302, body: {}, text: '', headers: { location: back.toString() } };
  }

  private token(req: SimRequest): SimAnswer {
    const p = req.query;
    const refuse = (error: string, description: string) => ({
      status: 401,
      body: { error, error_description: description },
    });
    if (p.get('client_id') !== SIM_APP.appKey || p.get('client_secret') !== SIM_APP.appSecret)
      return refuse('invalid_client', 'client_id or client_secret is wrong');
    const grant = p.get('grant_type');
    if (grant === 'authorization_code') {
      const c = this.codes.get(p.get('code') ?? '');
      this.codes.delete(p.get('code') ?? '');
      if (!c || c.expiresAt < Date.now() || c.redirectUri !== p.get('redirect_uri'))
        return refuse('invalid_grant', 'code is invalid or expired');
      const refresh = this.issue(this.refresh, c, this.refreshTtlSec);
      return {
        status: 200,
        body: {
          ...this.accessBody(c),
          refresh_token: refresh,
          refresh_token_timeout: timeoutText(this.refresh.get(refresh)!.expiresAt),
        },
      };
    }
    if (grant === 'refresh_token') {
      const r = this.refresh.get(p.get('refresh_token') ?? '');
      if (this.refuseRefresh > 0) {
        this.refuseRefresh--;
        return refuse('invalid_grant', 'refresh_token is revoked');
      }
      if (!r || r.expiresAt < Date.now()) return refuse('invalid_grant', 'refresh_token is invalid or expired');
      return { status: 200, body: this.accessBody(r) };
    }
    return refuse('unsupported_grant_type', 'grant_type is not supported');
  }

  private accessBody(m: SimMember) {
    const token = this.issue(this.access, m, this.accessTtlSec);
    return {
      access_token: token,
      expires_in: String(this.accessTtlSec),
      memberId: m.memberId,
      resource_owner: m.loginId,
      aliId: String(8_000_000 + (this.seq % 1000)),
    };
  }

  private issue(into: Map<string, Grant>, m: SimMember, ttlSec: number): string {
    const token = `${++this.seq}-${crypto.randomBytes(12).toString('hex')}`;
    into.set(token, { memberId: m.memberId, loginId: m.loginId, expiresAt: Date.now() + ttlSec * 1000 });
    return token;
  }
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(status: number, body: string): SimAnswer {
  return {
    status,
    body: {},
    text: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>1688 授权</title></head><body>${body}</body></html>`,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  };
}

/** 1688's `refresh_token_timeout` form: `yyyyMMddHHmmssSSS+0800` (Beijing time). */
export function timeoutText(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000).toISOString();
  return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}${d.slice(11, 13)}${d.slice(14, 16)}${d.slice(17, 19)}${d.slice(20, 23)}+0800`;
}
