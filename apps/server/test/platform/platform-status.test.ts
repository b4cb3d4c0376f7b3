// 平台首页 (`GET /PDD/amazon-user/platformStatus`, docs/platform.md): cards per role, tenancy,
// states computed from shops, sync states and settings, and no secret in any answer.

import type { Answer } from '@console/shared/schemas/common';
import type { platformStatusData } from '@console/shared/schemas/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import type { UserRow } from '../../src/db/types.js';
import { platformStatus } from '../../src/modules/platform/platform.service.js';
import { insertShop } from '../../src/modules/shop/shop.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, randomName, signIn, useTestApp } from '../harness.js';

const SECRETS = {
  translateApiKey: 'tr-secret-5f1c',
  spapi: 'lwa-secret-77aa',
  carrier: 'carrier-secret-9b2e',
  ali: 'ali-secret-31d0',
  s3: 's3-secret-c0de',
  aws: 'aws-secret-e1f2',
  urlPassword: 'pw-secret-4a4a',
};

/** A 1688 setting (whatever fields the setting has besides these keep their defaults). */
const ali = (o: Partial<Config['ali1688']>): Config['ali1688'] => ({ ...loadConfig({}).ali1688, ...o });

const t = useTestApp({
  translateProvider: 'deepl',
  translateApiKey: SECRETS.translateApiKey,
  translateBaseUrl: `https://user:${SECRETS.urlPassword}@translate.example.com/v2`,
  carrier: { apiUrl: 'https://carrier.example.com/api', apiKey: SECRETS.carrier },
  ali1688: ali({ baseUrl: 'https://gw.open.1688.com', appKey: SECRETS.ali, demo: false, demoShipMs: 60_000 }),
  publicUrl: `https://admin:${SECRETS.urlPassword}@console.example.com`,
});
const STATUS = '/PDD/amazon-user/platformStatus';
const DAY = 86_400_000;

let operator: UserRow;
let owner: UserRow;
let worker: UserRow;
let buyer: UserRow;
let other: UserRow;
const names = { ok: randomName('正常店'), expired: randomName('失效店'), never: randomName('未授权店') } as Record<
  string,
  string
>;

async function shop(tenant: UserRow, name: string, o: Record<string, unknown> = {}) {
  const s = await insertShop(t.db, {
    tenant_id: tenant.id,
    name,
    region: 'EU',
    sandbox: true,
    seller_id: randomName('A').toUpperCase(),
    refresh_token_enc: 'v1.00000000.x.y',
    marketplaces: ['de'],
    created_by: tenant.id,
  });
  await t.db
    .updateTable('shops')
    .set({ auth_status: 'authorized', authorized_at: new Date(), ...o })
    .where('id', '=', s.id)
    .execute();
  return s.id;
}

async function syncState(tenant: UserRow, shopId: number, lastRun: Date, error: string | null) {
  await t.db
    .insertInto('order_sync_states')
    .values({
      tenant_id: tenant.id,
      shop_id: shopId,
      marketplace: 'de',
      cursor: lastRun,
      last_run_at: lastRun,
      last_error: error,
    })
    .execute();
}

const as = async (u: UserRow) => {
  const s = await signIn(t.app, u.account, TEST_PASSWORD);
  const r = await call(t.app, s, 'GET', STATUS);
  expect(r.status, r.msg).toBe(200);
  return r.data as Answer<typeof platformStatusData>;
};
const cardOf = (d: Awaited<ReturnType<typeof as>>, key: string) => d.cards.find((c) => c.key === key);

beforeAll(async () => {
  operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  owner = await buildTenant(t.db);
  worker = await buildUser(t.db, owner, { auth: 2 });
  buyer = await buildUser(t.db, owner, { auth: 3 });
  other = await buildTenant(t.db);
  const okId = await shop(owner, names.ok!, { staff_ids: [worker.id] });
  await syncState(owner, okId, new Date(Date.now() - 60_000), null);
  await shop(owner, names.expired!, { auth_status: 'expired', auth_error: '卖家已撤销授权', staff_ids: [owner.id] });
  await shop(owner, names.never!, { auth_status: 'never', authorized_at: null, staff_ids: [owner.id] });
  names.expiring = randomName('将到期店');
  await shop(owner, names.expiring, { authorized_at: new Date(Date.now() - 350 * DAY), staff_ids: [owner.id] });
  names.failing = randomName('同步失败店');
  const failing = await shop(owner, names.failing, { sandbox: false, staff_ids: [owner.id] });
  await syncState(owner, failing, new Date(Date.now() - 60_000), '亚马逊接口返回错误 QuotaExceeded');
  names.stale = randomName('久未同步店');
  const stale = await shop(owner, names.stale, { staff_ids: [owner.id] });
  await syncState(owner, stale, new Date(Date.now() - 5 * 3_600_000), null);
  names.foreign = randomName('他人店');
  await shop(other, names.foreign);
});

describe('platform status', () => {
  it('shows the owner every shop of the tenant, worst first, each state from its data', async () => {
    const d = await as(owner);
    expect(d.operator).toBe(false);
    const shops = cardOf(d, 'shops')!;
    const by = Object.fromEntries(shops.items.map((i) => [i.name, i]));
    expect(Object.keys(by).sort()).toEqual(
      [names.ok, names.expired, names.never, names.expiring, names.failing, names.stale].sort(),
    );
    expect(by[names.ok!]).toMatchObject({ state: 'ok', state_label: '已连接', tags: ['沙箱店铺', '德国'] });
    expect(by[names.ok!]!.action?.link).toBe('/order/shop');
    expect(by[names.expired!]).toMatchObject({ state: 'error', action: { link: '/platform/family' } });
    expect(by[names.expired!]!.summary).toContain('卖家已撤销授权');
    expect(by[names.never!]).toMatchObject({ state: 'unset', action: { link: '/platform/family' } });
    expect(by[names.expiring!]!.state).toBe('warning');
    expect(by[names.expiring!]!.summary).toMatch(/将于 \d{4}-\d{2}-\d{2} 到期/);
    expect(by[names.failing!]).toMatchObject({
      state: 'error',
      tags: ['真实店铺', '德国'],
      action: { link: '/order/index' },
    });
    expect(by[names.failing!]!.summary).toContain('QuotaExceeded');
    expect(by[names.stale!]!.state).toBe('warning');
    expect(shops.items.slice(0, 2).map((i) => i.state)).toEqual(['error', 'error']);
    expect(shops.items.at(-1)!.state).toBe('ok');
    expect(shops.state).toBe('error');
    expect(shops.summary).toBe('6个店铺中5个需要处理');
    // A real shop and PUBLIC_URL set: fine; configured channels: ok; SQS missing with a real shop: warning.
    expect(cardOf(d, 'public_url')!.state).toBe('ok');
    expect(cardOf(d, 'translate')!.state).toBe('ok');
    expect(cardOf(d, 'ali1688')!.state).toBe('ok');
    expect(cardOf(d, 'carrier')!.state).toBe('ok');
    expect(cardOf(d, 'sqs')!.state).toBe('warning');
    expect(cardOf(d, 'spapi')!.state).toBe('unset');
    expect(cardOf(d, 'storage')!.state).toBe('ok');
    // Operator-only details (folders, hosts) are not shown to a tenant.
    for (const c of d.cards) expect(c.details, c.key).toEqual([]);
  });

  it('gives a worker only the shops given to him, a buyer no shops card, another tenant none of these shops', async () => {
    const w = cardOf(await as(worker), 'shops')!;
    expect(w.items.map((i) => i.name)).toEqual([names.ok]);
    expect(w.state).toBe('ok');
    expect(w.summary).toBe('1个店铺均已连接');
    const b = await as(buyer);
    expect(cardOf(b, 'shops')).toBeUndefined();
    expect(cardOf(b, 'translate')!.state).toBe('ok');
    const o = cardOf(await as(other), 'shops')!;
    expect(o.items.map((i) => i.name)).toEqual([names.foreign]);
    // Without a real shop, SQS and PUBLIC_URL are not needed.
    expect(cardOf(await as(other), 'sqs')!.state).toBe('unset');
  });

  it('shows the operator where things are configured, and nobody any secret', async () => {
    const d = await as(operator);
    expect(d.operator).toBe(true);
    expect(cardOf(d, 'storage')!.details[0]!.value).toContain(t.deps.config.dataDir);
    expect(cardOf(d, 'translate')!.details).toContainEqual({ label: '接口地址', value: 'translate.example.com' });
    expect(cardOf(d, 'public_url')!.details).toEqual([{ label: 'PUBLIC_URL', value: 'https://console.example.com' }]);
    const secretConfig = {
      ...t.deps.config,
      spapi: {
        ...t.deps.config.spapi,
        clientId: 'amzn1.application-oa2-client.x',
        clientSecret: SECRETS.spapi,
        appId: 'amzn1.sp.solution.x',
      },
      storage: {
        kind: 's3' as const,
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        bucket: 'bucket-x',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: SECRETS.s3,
        forcePathStyle: true,
        prefix: '',
      },
      sqs: {
        queueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/q',
        queueArn: 'arn:aws:sqs:us-east-1:123456789012:q',
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKIAEXAMPLE2', secretAccessKey: SECRETS.aws },
        endpoint: undefined,
      },
    };
    for (const [u, tenant] of [
      [operator, operator.id],
      [owner, owner.id],
    ] as const) {
      const answers = [
        JSON.stringify(await as(u)),
        JSON.stringify(await platformStatus({ ...t.deps, config: secretConfig }, u, tenant)),
      ];
      for (const text of answers) for (const s of Object.values(SECRETS)) expect(text).not.toContain(s);
    }
  });

  it('computes the setting cards from the configuration', async () => {
    const base = t.deps.config;
    const with_ = async (over: Partial<typeof base>) =>
      Object.fromEntries(
        (await platformStatus({ ...t.deps, config: { ...base, ...over } }, owner, owner.id)).cards.map((c) => [
          c.key,
          c,
        ]),
      );
    const none = await with_({
      translateProvider: 'none',
      carrier: { apiUrl: undefined, apiKey: '' },
      ali1688: ali({ baseUrl: undefined, appKey: '', demo: false, demoShipMs: 1 }),
      publicUrl: undefined,
    });
    expect(none.translate).toMatchObject({
      state: 'unset',
      action: { setting: 'TRANSLATE_PROVIDER、TRANSLATE_API_KEY' },
    });
    expect(none.carrier!.state).toBe('warning');
    expect(none.ali1688!.state).toBe('unset');
    expect(none.public_url!.state).toBe('warning'); // the tenant has a real shop
    const demo = await with_({
      translateProvider: 'demo',
      ali1688: ali({ baseUrl: undefined, appKey: '', demo: true, demoShipMs: 1 }),
    });
    expect(demo.translate!.state).toBe('warning');
    expect(demo.ali1688!.state).toBe('warning');
    const broken = await with_({
      translateApiKey: '',
      carrier: { apiUrl: 'https://c.example.com', apiKey: '' },
      ali1688: ali({ baseUrl: 'https://a.example.com', appKey: '', demo: false, demoShipMs: 1 }),
      dataDir: '/proc/1/console-data', // not writable for anyone
    });
    expect(broken.translate!.state).toBe('error');
    expect(broken.carrier!.state).toBe('error');
    expect(broken.ali1688!.state).toBe('error');
    expect(broken.storage!.state).toBe('error');
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await call(t.app, null, 'GET', STATUS)).status).toBe(401);
  });
});
