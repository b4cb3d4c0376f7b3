// Binding the sandbox shop through the API, as a browser test's set-up (the browser path itself is
// covered by e2e/shop.test.ts and e2e/upload.test.ts): bindShop, the sandbox consent form, shopAuthComplete.
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { env } from './browser';

/** Binds a sandbox shop (EU) for the signed-in account of `api`; answers the new shop's id. */
export async function bindSandboxShop(api: ApiClient, name: string): Promise<number> {
  const started = await api.call<{ consent_url: string }>('POST', '/amazon-user/bindShop', {
    name,
    region: 'EU',
    sandbox: true,
  });
  const consent = new URL(started.data.consent_url, env().baseUrl);
  // As the owner's browser posts the consent form: the session's cookies, and the CSRF token
  // (the readable uuid cookie) that the page's form carries in a hidden field.
  const cookies = [...api.cookies.values()];
  const form = new URLSearchParams({
    csrf_token: cookies.find((c) => c.name.endsWith('-uuid'))?.value ?? '',
    application_id: consent.searchParams.get('application_id') ?? '',
    state: consent.searchParams.get('state') ?? '',
    redirect_uri: consent.searchParams.get('redirect_uri') ?? '',
    selling_partner_id: '',
  });
  const confirmed = await fetch(`${env().baseUrl}/PDD/amazon-sandbox/confirm`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = new URL(String(confirmed.headers.get('location')));
  const done = await api.call<{ id: number }>('POST', '/amazon-user/shopAuthComplete', {
    state: back.searchParams.get('state'),
    selling_partner_id: back.searchParams.get('selling_partner_id'),
    spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
  });
  if (done.status !== 200) throw new Error(`binding failed: ${done.msg}`);
  return done.data.id;
}

/**
 * 同步订单 through the API (all the account's shops, or one) and waits for the job to end; a
 * job that fails or is still running after `ms` fails the test with the job's row (status,
 * progress, result, error) in the message.
 */
export async function syncOrdersNow(api: ApiClient, shopId?: number, ms = 30_000): Promise<void> {
  const started = await api.call<{ job_id: string }>('POST', '/order/sync', shopId ? { shop_id: shopId } : {});
  if (started.status !== 200) throw new Error(`同步订单 refused: ${started.msg}`);
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await api.call<{ status: string }>('GET', `/jobs/get?id=${encodeURIComponent(started.data.job_id)}`);
    if (job.data?.status === 'done') return;
    if (job.data?.status === 'failed' || Date.now() > deadline)
      throw new Error(`the order sync did not finish within ${ms} ms: ${JSON.stringify(job.data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Changes the sandbox Amazon's market through the test hook: a product, another seller's offer
 * (`seller`, `price` in minor units), or its removal (`remove: true`).
 */
export async function sandboxMarket(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env().baseUrl}/PDD/__test__/sandbox-market`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}
