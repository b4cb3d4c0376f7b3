import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, sqsSetting } from '../src/config.js';
import type { UserRow } from '../src/db/types.js';
import { parseAnyOfferChanged } from '../src/marketplace/notifications/any-offer-changed.js';
import { grantlessCaller, isConflict } from '../src/marketplace/notifications.client.js';
import { closeSandbox, type Sandbox, sandbox } from '../src/marketplace/sandbox.js';
import { type SandboxSqs, sandboxSqs } from '../src/marketplace/sandbox-sqs.js';
import { anyOfferChanged } from '../src/marketplace/simulator/sim-notifications.js';
import { simNotifications } from '../src/marketplace/simulator/sim-notifications-api.js';
import { type SpApiSimulator, startSpApiSimulator } from '../src/marketplace/simulator/sim-server.js';
import {
  type SimQueue,
  SQS_SIM_CREDENTIALS,
  type SqsSimulator,
  startSqsSimulator,
} from '../src/marketplace/simulator/sim-sqs.js';
import type { SpApiClient } from '../src/marketplace/sp-api.client.js';
import { SpApiError } from '../src/marketplace/sp-api.errors.js';
import type { SpApiDeps } from '../src/marketplace/sp-api.http.js';
import { SqsQueue } from '../src/marketplace/sqs.client.js';
import { latestRejects } from '../src/modules/monitor/monitor-notify.repository.js';
import { consumeOnce, type NotificationQueue, notificationQueues } from '../src/modules/monitor/monitor-sqs.service.js';
import {
  forgetConfirmedSubscriptions,
  OFFER_NOTIFICATION,
  syncOfferSubscriptions,
} from '../src/modules/monitor/monitor-subscribe.service.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { SCALE, sandboxClient } from './marketplace/sp-api-support.js';
import { bindSandboxShop } from './support/sandbox-shop.js';

// One app: the client tests use its database for the rate-limit buckets, the consumer tests its
// in-server sandbox Amazon (20 times faster) and its SQS simulator.
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 20 }, workers: false });
const DE = 'A1PA6795UKMFR9';
const US = 'ATVPDKIKX0DER';
const M = '/PDD/monitor';

describe('Notifications API client against the simulators', () => {
  let sim: SpApiSimulator;
  let sqs: SqsSimulator;
  let queue: SimQueue;
  let client: SpApiClient;
  let deps: SpApiDeps;
  let seller: string;

  beforeAll(async () => {
    sim = await startSpApiSimulator({ timeScale: SCALE });
    sqs = await startSqsSimulator({ accountId: '111122223333' });
    queue = sqs.createQueue('client-test');
    const made = await sandboxClient(sim, t.db);
    client = made.client;
    deps = made.deps;
    seller = made.bound.shop.sellingPartnerId;
  });
  afterAll(async () => {
    await sim?.close();
    await sqs?.close();
  });

  it('creates a destination with a grantless token, once: the second answers 409 and getDestinations finds it', async () => {
    const app = grantlessCaller(deps, 'NA', sim.endpoint('NA'));
    const d = await app.createDestination('console', queue.arn);
    expect(d).toMatchObject({ name: 'console', resource: { sqs: { arn: queue.arn } } });
    const again = await app.createDestination('console', queue.arn).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SpApiError);
    expect(isConflict(again)).toBe(true);
    expect((await app.getDestinations()).map((x) => x.destinationId)).toEqual([d.destinationId]);
    // Another region has its own destinations.
    expect(await grantlessCaller(deps, 'EU', sim.endpoint('EU')).getDestinations()).toEqual([]);
    // A seller's token may not call a grantless operation, nor a grantless token a seller's.
    const sellerToken = (await deps.lwa.refreshAccessToken(await client.shop.refreshToken())).access_token;
    const refused = await fetch(`${sim.endpoint('NA')}/notifications/v1/destinations`, {
      headers: { 'x-amz-access-token': sellerToken },
    });
    expect(refused.status).toBe(403);
    const grantless = (await deps.lwa.clientCredentials('sellingpartnerapi::notifications')).access_token;
    const refused2 = await fetch(`${sim.endpoint('NA')}/notifications/v1/subscriptions/ANY_OFFER_CHANGED`, {
      headers: { 'x-amz-access-token': grantless },
    });
    expect(refused2.status).toBe(403);
    await expect(deps.lwa.clientCredentials('sellingpartnerapi::nothing')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('subscribes a seller once: a second create answers 409, getSubscription reads it, deleteSubscriptionById ends it', async () => {
    const app = grantlessCaller(deps, 'NA', sim.endpoint('NA'));
    const [dest] = await app.getDestinations();
    await expect(client.notifications.getSubscription(OFFER_NOTIFICATION)).rejects.toMatchObject({ kind: 'not_found' });
    const sub = await client.notifications.createSubscription(OFFER_NOTIFICATION, {
      payloadVersion: '1.0',
      destinationId: dest!.destinationId,
    });
    const again = await client.notifications
      .createSubscription(OFFER_NOTIFICATION, { payloadVersion: '1.0', destinationId: dest!.destinationId })
      .catch((e: unknown) => e);
    expect(isConflict(again)).toBe(true);
    expect(await client.notifications.getSubscription(OFFER_NOTIFICATION)).toEqual(sub);
    // A destination of another application is not this one's.
    await expect(
      client.notifications.createSubscription(OFFER_NOTIFICATION, { payloadVersion: '1.0', destinationId: 'nope' }),
    ).rejects.toMatchObject({ status: 400 });

    // The seller's offers change: Amazon sends ANY_OFFER_CHANGED to the queue; the SDK reads it (SigV4 checked).
    sim.market.putProduct({
      asin: 'B0NOTIFYC1',
      marketplaceId: US,
      title: 'Board',
      brand: 'WOODLY',
      productType: 'CUTTING_BOARD',
      image: 'https://m.media-amazon.com/images/I/board.jpg',
      registeredBrand: false,
    });
    sim.market.setOffers(US, 'B0NOTIFYC1', [{ sellerId: seller, price: 20, shipping: 0, fba: true }]);
    sim.market.addOffer(US, 'B0NOTIFYC1', { sellerId: 'ARIVALNOTIFY1', price: 19, shipping: 0, fba: false });
    const reader = new SqsQueue({
      queueUrl: queue.url,
      region: sqs.region,
      credentials: SQS_SIM_CREDENTIALS,
      endpoint: sqs.url,
    });
    const got = await reader.receive({ waitSeconds: 1, visibilitySeconds: 30 });
    expect(got.length).toBeGreaterThanOrEqual(1);
    const parsed = parseAnyOfferChanged(JSON.parse(got.at(-1)!.Body!));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.value.NotificationMetadata.SubscriptionId).toBe(sub.subscriptionId);
      expect(parsed.value.Payload.AnyOfferChangedNotification.SellerId).toBe(seller);
    }
    for (const m of got) await reader.delete(m.ReceiptHandle!);
    expect(queue.messages).toHaveLength(0);
    // A wrong secret is refused by the simulator's signature check.
    const forged = new SqsQueue({
      queueUrl: queue.url,
      region: sqs.region,
      credentials: { accessKeyId: SQS_SIM_CREDENTIALS.accessKeyId, secretAccessKey: 'wrong' },
      endpoint: sqs.url,
    });
    await expect(forged.receive({ waitSeconds: 0, visibilitySeconds: 30 })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    reader.close();
    forged.close();

    await app.deleteSubscriptionById(OFFER_NOTIFICATION, sub.subscriptionId);
    await expect(client.notifications.getSubscription(OFFER_NOTIFICATION)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('rides out throttling of notification operations and keeps to their rate', async () => {
    // Its own simulator and client 5 times faster than Amazon (not 100): at 100 the slots of
    // getDestinations (1 per second) are 10 ms apart, less than a busy CI machine's jitter
    // between the scheduler's grant and the simulator's arrival clock.
    const slow = await startSpApiSimulator({ timeScale: 5 });
    try {
      const made = await sandboxClient(slow, t.db, { timeScale: 5 });
      const app = grantlessCaller(made.deps, 'NA', slow.endpoint('NA'));
      slow.inject({ kind: 'throttle', count: 3, operation: 'getDestinations' });
      const before = slow.counters.requests.get('getDestinations') ?? 0;
      expect(await app.getDestinations()).toHaveLength(0);
      expect((slow.counters.requests.get('getDestinations') ?? 0) - before).toBe(4);
      // Twice the burst at once: the scheduler spaces them, the simulator throttles none.
      const throttled = slow.counters.throttled;
      await Promise.all(Array.from({ length: 10 }, () => app.getDestinations()));
      expect(slow.counters.throttled).toBe(throttled);
    } finally {
      await slow.close();
    }
  });
});

describe('SQS consumer of the sandbox Amazon', () => {
  let a: UserRow;
  let sa: Session;
  let shop: { id: number; seller_id: string };
  let sb: Sandbox;
  let sq: SandboxSqs;
  let q: NotificationQueue;
  const ASIN = 'B0SQSOUR01';
  const logs: string[] = [];
  const log = (l: string) => logs.push(l);

  beforeAll(async () => {
    a = await buildTenant(t.db);
    sa = await signIn(t.app, a.account, TEST_PASSWORD);
    shop = await bindSandboxShop(t.app, sa, 'SQS店');
    sb = await sandbox(t.deps.config, t.db);
    sb.sim.market.putProduct({
      asin: ASIN,
      marketplaceId: DE,
      title: 'Bambus Brett',
      brand: 'HOLZI',
      productType: 'HAIRBAND',
      image: `https://m.media-amazon.com/images/I/${ASIN}.jpg`,
      registeredBrand: false,
    });
    // Our shop offers the ASIN and holds the Buy Box: the ASIN is watched by notification.
    sb.sim.market.setOffers(DE, ASIN, [{ sellerId: shop.seller_id, price: 15, shipping: 0, fba: true }]);
    const add = await call(t.app, sa, 'POST', `${M}/asin/add`, { shop_id: shop.id, marketplace: 'de', asins: ASIN });
    expect(add.status, add.msg).toBe(200);
    const row = (await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list[0];
    await call(t.app, sa, 'POST', `${M}/asin/check`, { ids: [row.id] });
    expect((await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list[0]).toMatchObject({ watch: 'notify' });
  });
  afterAll(() => closeSandbox(t.deps.config));

  const requests = (op: string) => sb.sim.counters.requests.get(op) ?? 0;

  it('subscribes the shop with 通知 ASINs once; a known or conflicting subscription is read, not created again', async () => {
    expect(await notificationQueues(t.deps)).toEqual([]);
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 1, failed: 0 });
    expect(requests('createSubscription')).toBe(1);
    expect(requests('createDestination')).toBe(1);
    // Confirmed in this process: nothing asked again.
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 0, existing: 1 });
    // A restarted process confirms it with getSubscription once.
    forgetConfirmedSubscriptions(t.deps.config);
    const gets = requests('getSubscription');
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 0, existing: 1 });
    expect(requests('getSubscription')).toBe(gets + 1);
    // The row was lost (an answer that never arrived): createSubscription answers 409, getSubscription reads it.
    await t.db.deleteFrom('notification_subscriptions').execute();
    forgetConfirmedSubscriptions(t.deps.config);
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 0, existing: 1, failed: 0 });
    expect(requests('createSubscription')).toBe(2);
    expect(requests('createDestination')).toBe(1);
    const rows = await t.db.selectFrom('notification_subscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ app: 'sandbox', seller_id: shop.seller_id, notification_type: OFFER_NOTIFICATION });
    // Amazon lost the destination and the subscription: the refused subscription drops the
    // destination row, the next run creates both again.
    simNotifications(sb.sim).destinations.clear();
    simNotifications(sb.sim).subscriptions.clear();
    forgetConfirmedSubscriptions(t.deps.config);
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 0, failed: 1 });
    expect(logs.at(-1)).toMatch(
      /^ANY_OFFER_CHANGED subscription of seller \S+ \(shop \d+\) failed: rejected \(HTTP 400\)$/,
    );
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ created: 1, failed: 0 });
    expect(requests('createDestination')).toBe(2);
    sq = await sandboxSqs(t.deps.config);
    [q] = (await notificationQueues(t.deps)) as [NotificationQueue];
    expect(q).toMatchObject({ name: 'sandbox', sandbox: true });
  });

  it('end to end: a sandbox offer change goes through SQS, is applied, deleted, and the alert is in the message table', async () => {
    sb.sim.market.addOffer(DE, ASIN, { sellerId: 'AHIJACKSQS01', price: 14, shipping: 0, fba: true });
    expect(sq.queue.messages).toHaveLength(1);
    const r = await consumeOnce(t.deps, q, { waitSeconds: 1, log });
    expect(r).toMatchObject({ received: 1, applied: 1, rejected: 0, failed: 0 });
    expect(sq.queue.messages).toHaveLength(0);
    const row = (await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list[0];
    expect(row).toMatchObject({ holds_buybox: false, buybox_seller: 'AHIJACKSQS01' });
    const msgs = await t.db
      .selectFrom('messages')
      .select(['title', 'source', 'user_id'])
      .where('tenant_id', '=', a.id)
      .execute();
    expect(msgs).toEqual(
      expect.arrayContaining([
        { title: expect.stringMatching(`${ASIN}.*新卖家跟卖`), source: 'monitor', user_id: a.id },
      ]),
    );
    // The header's badge shows it to an account whose 跟卖提醒 is on.
    await t.db.updateTable('users').set({ follow_sale_remind: 1 }).where('id', '=', a.id).execute();
    const unread = await call(t.app, sa, 'GET', '/PDD/amazon-user/messageUnread');
    expect(unread.data.count).toBeGreaterThanOrEqual(1);
  });

  it('sets a malformed message aside, logs it in English, applies nothing', async () => {
    const before = await t.db
      .selectFrom('monitor_snapshots')
      .select(t.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    await sq.client.send('not json at all');
    await sq.client.send(JSON.stringify({ NotificationType: 'ANY_OFFER_CHANGED', Payload: {} }));
    logs.length = 0;
    const r = await consumeOnce(t.deps, q, { waitSeconds: 1, log });
    expect(r).toMatchObject({ received: 2, applied: 0, rejected: 2 });
    expect(sq.queue.messages).toHaveLength(0);
    expect(logs).toHaveLength(2);
    for (const l of logs) expect(l).toMatch(/^SQS queue sandbox: message \S+ set aside and not applied: [\x20-\x7e]+$/);
    const rejects = await latestRejects(t.db, 2);
    expect(rejects.map((x) => x.reason).sort()).toEqual([
      expect.stringContaining('does not match AnyOfferChangedNotification.json'),
      'the body is not JSON',
    ]);
    const after = await t.db
      .selectFrom('monitor_snapshots')
      .select(t.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
  });

  it('a crash between the apply and the delete does not apply the notification twice', async () => {
    const alertsBefore = (await call(t.app, sa, 'GET', `${M}/alert/list`)).data.total;
    sb.sim.market.addOffer(DE, ASIN, { sellerId: 'AHIJACKSQS02', price: 13, shipping: 0, fba: true });
    const crashed = await consumeOnce(t.deps, q, {
      waitSeconds: 1,
      log,
      beforeDelete: () => {
        throw new Error('process killed');
      },
    });
    expect(crashed).toMatchObject({ received: 1, applied: 1, failed: 1 });
    expect(sq.queue.messages).toHaveLength(1);
    const alertsMid = (await call(t.app, sa, 'GET', `${M}/alert/list`)).data.total;
    expect(alertsMid).toBeGreaterThan(alertsBefore);
    // The visibility timeout ends: SQS hands the same message out again.
    sq.queue.expireVisibility();
    const again = await consumeOnce(t.deps, q, { waitSeconds: 1, log });
    expect(again).toMatchObject({ received: 1, applied: 0, duplicates: 1, failed: 0 });
    expect(sq.queue.messages).toHaveLength(0);
    expect((await call(t.app, sa, 'GET', `${M}/alert/list`)).data.total).toBe(alertsMid);
  });

  it("another tenant's shop watching the same ASIN is never affected by this seller's notification", async () => {
    const b = await buildTenant(t.db);
    const sbs = await signIn(t.app, b.account, TEST_PASSWORD);
    const other = await bindSandboxShop(t.app, sbs, 'B店');
    await call(t.app, sbs, 'POST', `${M}/asin/add`, { shop_id: other.id, marketplace: 'de', asins: ASIN });
    const before = (await call(t.app, sbs, 'GET', `${M}/asin/list`)).data.list[0];
    sb.sim.market.removeOffer(DE, ASIN, 'AHIJACKSQS01');
    const r = await consumeOnce(t.deps, q, { waitSeconds: 1, log });
    expect(r).toMatchObject({ received: 1, applied: 1 });
    const after = (await call(t.app, sbs, 'GET', `${M}/asin/list`)).data.list[0];
    expect(after).toEqual(before);
    expect((await call(t.app, sbs, 'GET', `${M}/alert/list`)).data.total).toBe(0);
    expect(await t.db.selectFrom('messages').select('id').where('tenant_id', '=', b.id).execute()).toEqual([]);
  });

  it('reads the configured queue of real shops with the same code; its notifications reach real shops only', async () => {
    const other = await startSqsSimulator({ accountId: '444455556666' });
    try {
      const live = other.createQueue('live-notify');
      const config = {
        ...t.deps.config,
        sqs: sqsSetting({
          SQS_QUEUE_URL: live.url,
          SQS_QUEUE_ARN: live.arn,
          SQS_ENDPOINT: other.url,
          AWS_ACCESS_KEY_ID: SQS_SIM_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: SQS_SIM_CREDENTIALS.secretAccessKey,
        }),
      };
      const lq = (await notificationQueues({ ...t.deps, config })).find((x) => x.name === 'live');
      expect(lq).toMatchObject({ sandbox: false });
      // The sandbox seller's notification arriving on the real queue: no sandbox shop changes.
      const before = (await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list[0];
      const n = anyOfferChanged(sb.sim, shop.seller_id, {
        marketplaceId: DE,
        asin: ASIN,
        time: new Date().toISOString(),
      });
      await lq!.queue.send(JSON.stringify(n));
      expect(await consumeOnce({ ...t.deps, config }, lq!, { waitSeconds: 1, log })).toMatchObject({
        received: 1,
        applied: 0,
        rejected: 0,
      });
      expect(live.messages).toHaveLength(0);
      expect((await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list[0]).toEqual(before);
      lq!.queue.close();
    } finally {
      await other.close();
    }
    // Settings: both queue variables or none, a real ARN, both keys or none.
    expect(sqsSetting({})).toBeUndefined();
    expect(() => sqsSetting({ SQS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q' })).toThrow(/together/);
    expect(() => sqsSetting({ SQS_QUEUE_URL: 'https://x/1/q', SQS_QUEUE_ARN: 'arn:aws:s3:::b' })).toThrow(
      /SQS_QUEUE_ARN/,
    );
    expect(
      sqsSetting({ SQS_QUEUE_URL: 'https://x/123456789012/q', SQS_QUEUE_ARN: 'arn:aws:sqs:eu-west-1:123456789012:q' }),
    ).toMatchObject({ region: 'eu-west-1', credentials: undefined, endpoint: undefined });
    expect(() =>
      sqsSetting({
        SQS_QUEUE_URL: 'https://x/123456789012/q',
        SQS_QUEUE_ARN: 'arn:aws:sqs:eu-west-1:123456789012:q',
        AWS_ACCESS_KEY_ID: 'AKIA',
      }),
    ).toThrow(/together/);
  });

  it('unsubscribes a seller whose ASINs are no longer watched', async () => {
    const ids = (await call(t.app, sa, 'GET', `${M}/asin/list`)).data.list.map((x: { id: number }) => x.id);
    expect((await call(t.app, sa, 'POST', `${M}/asin/delete`, { ids })).status).toBe(200);
    expect(await syncOfferSubscriptions(t.deps, log)).toMatchObject({ removed: 1, failed: 0 });
    expect(requests('deleteSubscriptionById')).toBe(1);
    expect(await t.db.selectFrom('notification_subscriptions').selectAll().execute()).toEqual([]);
  });
});
