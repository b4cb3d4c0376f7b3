import { COOKIE } from '@console/shared/constants/app';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Session } from '../harness.js';

/**
 * Binds a sandbox shop through the whole authorization workflow (bindShop, the sandbox
 * consent page, Amazon's redirect to the callback, shopAuthComplete) and answers the shop.
 */
export async function bindSandboxShop(app: FastifyInstance, s: Session, name: string, region = 'EU') {
  const started = await call(app, s, 'POST', '/PDD/amazon-user/bindShop', { name, region, sandbox: true });
  expect(started.status, started.msg).toBe(200);
  const url = new URL(started.data.consent_url, 'http://console');
  // The owner's browser: the session's cookies, and the CSRF token the consent page's form carries.
  const form = new URLSearchParams({
    csrf_token: s.cookies[COOKIE.uuid] ?? '',
    application_id: url.searchParams.get('application_id') ?? '',
    state: url.searchParams.get('state') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    selling_partner_id: '',
  });
  const confirmed = await app.inject({
    method: 'POST',
    url: '/PDD/amazon-sandbox/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...s.headers },
    cookies: s.cookies,
    payload: form.toString(),
  });
  expect(confirmed.statusCode).toBe(302);
  const back = new URL(String(confirmed.headers.location));
  const done = await call(app, s, 'POST', '/PDD/amazon-user/shopAuthComplete', {
    state: back.searchParams.get('state'),
    selling_partner_id: back.searchParams.get('selling_partner_id'),
    spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
  });
  expect(done.status, done.msg).toBe(200);
  return done.data as { id: number; seller_id: string; marketplaces: string[] };
}
