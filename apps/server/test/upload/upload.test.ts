import { marketplace } from '@console/shared/constants/marketplaces';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recheckListings } from '../../src/modules/upload/listing-recheck.js';
import { runDueQueues } from '../../src/modules/upload/upload-runner.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn } from '../harness.js';
import { bindSandboxShop } from '../support/sandbox-shop.js';
import { homeGoods, runUntilDone, saveGoods, simOf, tenantWithShop, useUploadApp } from './upload-support.js';

const { t, img } = useUploadApp(20);

const U = '/PDD/upload/';

async function items(s: Session, queueId: number) {
  const r = await call(t.app, s, 'GET', `${U}queueItems?queue_id=${queueId}&pageSize=200`);
  expect(r.status, r.msg).toBe(200);
  return r.data.list as {
    id: number;
    goods_id: number;
    marketplace: string;
    seller_sku: string;
    status: string;
    role: string;
    error: string | null;
  }[];
}

describe('upload: from the library to live listings (Listings Items)', () => {
  it('uploads three products to two marketplaces; the one without a German title is stopped before sending, fixed, retried and goes live', async () => {
    const { s, shop } = await tenantWithShop(t);
    const a = await saveGoods(t.app, s, homeGoods('VASE-A', img.base));
    const b = await saveGoods(t.app, s, homeGoods('VASE-B', img.base));
    const cData = homeGoods('VASE-C', img.base, { langs: ['en', 'fr'] });
    const c = await saveGoods(t.app, s, cData);

    const targets = await call(t.app, s, 'GET', `${U}targets`);
    expect(targets.data.list).toEqual([expect.objectContaining({ shop_id: shop.id, sandbox: true })]);

    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: [a.id, b.id, c.id].join(','),
    });
    expect(created).toMatchObject({ status: 200, data: { goods: 3, items: 6, invalid: 1 } });
    const queueId = created.data.queue_id as number;

    const done = await runUntilDone(t.deps, queueId);
    expect(done.status).toBe('done');
    const list = await items(s, queueId);
    expect(list.filter((i) => i.status === 'live')).toHaveLength(5);
    const stopped = list.find((i) => i.status === 'invalid')!;
    expect(stopped).toMatchObject({ goods_id: c.id, marketplace: 'de' });

    // Nothing of the invalid item reached Amazon; every other SKU was written exactly once.
    const sim = await simOf(t.deps);
    const de = marketplace('de').marketplaceId;
    expect(sim.submissionsOf(shop.seller_id, de, stopped.seller_sku)).toBe(0);
    for (const i of list.filter((x) => x.status === 'live'))
      expect(sim.submissionsOf(shop.seller_id, marketplace(i.marketplace as 'de').marketplaceId, i.seller_sku)).toBe(1);

    // The error feed says what is missing in Chinese and points at the German title.
    const feed = await call(t.app, s, 'GET', `${U}errorFeed?queue_id=${queueId}&goods_id=${c.id}`);
    expect(feed.status).toBe(200);
    const deItem = feed.data.items.find((i: { marketplace: string }) => i.marketplace === 'de');
    expect(deItem.issues[0]).toMatchObject({
      message_zh: '缺少该站点语言的标题',
      source: 'check',
      field: { kind: 'title', lang: 'de', label: '德语页签 / 标题' },
    });

    const queue = await call(t.app, s, 'GET', `${U}queue?id=${queueId}`);
    expect(queue.data).toMatchObject({
      status: 'done',
      total: 6,
      counts: { live: 5, invalid: 1 },
      percent: 100,
      eta_seconds: null,
    });

    // Fix the title in the editor, retry: the item is mapped again and goes live.
    await saveGoods(
      t.app,
      s,
      homeGoods('VASE-C', img.base),
      c.id,
      (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${c.id}`)).data.version,
    );
    const retried = await call(t.app, s, 'POST', `${U}retry`, { queue_id: queueId });
    expect(retried).toMatchObject({ status: 200, data: { affected: 1 } });
    await runUntilDone(t.deps, queueId);
    expect((await items(s, queueId)).every((i) => i.status === 'live')).toBe(true);
    expect(sim.submissionsOf(shop.seller_id, de, stopped.seller_sku)).toBe(1);

    // The ledger shows every SKU live with its ASIN.
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${[a.id, b.id, c.id].join(',')}`);
    expect(ledger.data.list).toHaveLength(6);
    for (const l of ledger.data.list) expect(l).toMatchObject({ status: 'live', asin: expect.stringMatching(/^B0/) });

    // The operation log tells it in Chinese.
    const log = await call(t.app, s, 'GET', '/PDD/opera-log/list');
    expect(JSON.stringify(log.data)).toContain(`创建了上传队列 #${queueId}`);
  });

  it('keeps seller SKUs stable across queues, and a price upload patches only the offer', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('商品 长SKU-中文', img.base));
    const first = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['en'],
      upload_type: 'good',
      ids: String(g.id),
    });
    await runUntilDone(t.deps, first.data.queue_id);
    const [item] = await items(s, first.data.queue_id);
    expect(item).toMatchObject({ status: 'live', seller_sku: 'SHANGPIN-CHANGSKU-ZHONGWEN' });
    const price = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['en'],
      upload_type: 'price',
      ids: String(g.id),
    });
    expect(price.data).toMatchObject({ items: 1, invalid: 0 });
    await runUntilDone(t.deps, price.data.queue_id);
    const [p] = await items(s, price.data.queue_id);
    expect(p).toMatchObject({ status: 'live', seller_sku: item!.seller_sku });
    const sim = await simOf(t.deps);
    const listing = [...sim.listings.values()].find((l) => l.sku === item!.seller_sku)!;
    expect(listing.attributes.purchasable_offer).toEqual([
      {
        currency: 'GBP',
        our_price: [{ schedule: [{ value_with_tax: 19.99 }] }],
        marketplace_id: marketplace('en').marketplaceId,
      },
    ]);
    expect(listing.attributes.item_name).toBeDefined();
  });

  it('uploads a product with variations: the parent first, then its children naming it', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(
      t.app,
      s,
      homeGoods('VAR-P', img.base, {
        children: [
          { sku: 'VAR-RED', color: 'Red' },
          { sku: 'VAR-BLUE', color: 'Blue' },
        ],
      }),
    );
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: String(g.id),
    });
    expect(created.data).toMatchObject({ items: 3, invalid: 0 });
    await runUntilDone(t.deps, created.data.queue_id);
    const list = await items(s, created.data.queue_id);
    expect(list.map((i) => [i.role, i.seller_sku, i.status])).toEqual([
      ['parent', 'VAR-P', 'live'],
      ['child', 'VAR-RED', 'live'],
      ['child', 'VAR-BLUE', 'live'],
    ]);
  });
});

describe('upload: images and identifiers as Amazon needs them', () => {
  it("sends the console's own images as signed public links Amazon can fetch, and a single product's 产品ID as its EAN", async () => {
    const tenant = await buildTenant(t.db);
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const shop = await bindSandboxShop(t.app, s, '图片店');
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const boundary = '----uploadtest';
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/files/upload',
      cookies: s.cookies,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const own = res.json().data.url as string;
    expect(own).toMatch(/^\/PDD\/files\/t\d+\//);
    // Without a session the console's file is refused, so Amazon could not fetch it...
    expect((await t.app.inject({ method: 'GET', url: own })).statusCode).toBe(401);

    // ...the listing carries its signed public link instead, served on the public address.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    t.deps.config.publicUrl = `http://127.0.0.1:${address.port}`;
    try {
      // The product's 产品ID is the pool's code, assigned by the save (issue 28 §1).
      const pool = await call(t.app, s, 'POST', '/PDD/goods/ean/import', { text: '4006381333931' });
      expect(pool.status, pool.msg).toBe(200);
      const data = homeGoods('IMG-1', img.base);
      data.images = [{ url: own }];
      const g = await saveGoods(t.app, s, data);
      const created = await call(t.app, s, 'POST', `${U}create`, {
        shop_id: shop.id,
        marketplaces: ['de'],
        upload_type: 'good',
        ids: String(g.id),
      });
      expect(created.data).toMatchObject({ items: 1, invalid: 0 });
      await runUntilDone(t.deps, created.data.queue_id);
      const [item] = await items(s, created.data.queue_id);
      expect(item!.status).toBe('live');
      const sim = await simOf(t.deps);
      const listing = [...sim.listings.values()].find((l) => l.sku === item!.seller_sku)!;
      const link = (listing.attributes.main_product_image_locator![0] as { media_location: string }).media_location;
      expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${address.port}/PDD/public-files/[\\w-]{32}/t\\d+/`));
      expect(listing.attributes.externally_assigned_product_identifier).toEqual([
        { type: 'ean', value: '4006381333931', marketplace_id: marketplace('de').marketplaceId },
      ]);
      const path = new URL(link).pathname;
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      // A link with another signature (or for another file) is not served.
      const forged = path.replace(/public-files\/[\w-]{32}/, `public-files/${'A'.repeat(32)}`);
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    } finally {
      t.deps.config.publicUrl = undefined;
    }
  });
});

describe('upload: the ledger follows Amazon after the upload', () => {
  it('a recheck marks a listing Amazon later flags as suppressed and one it no longer has as deleted', async () => {
    const { s, shop } = await tenantWithShop(t);
    const a = await saveGoods(t.app, s, homeGoods('LATE-A', img.base));
    const b = await saveGoods(t.app, s, homeGoods('LATE-B', img.base));
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: `${a.id},${b.id}`,
    });
    await runUntilDone(t.deps, created.data.queue_id);
    const sim = await simOf(t.deps);
    const de = marketplace('de').marketplaceId;
    const [ia, ib] = await items(s, created.data.queue_id);
    sim.listings.get(`${shop.seller_id}|${de}|${ia!.seller_sku}`)!.issues = [
      {
        code: '18155',
        message: 'The listing is missing required safety information.',
        severity: 'ERROR',
        attributeNames: ['gpsr_safety_attestation'],
        categories: ['MISSING_ATTRIBUTE'],
      },
    ];
    sim.listings.delete(`${shop.seller_id}|${de}|${ib!.seller_sku}`);
    // Checked just now: a recheck for listings older than an hour leaves them alone.
    expect(await recheckListings(t.deps, { maxAgeMs: 3_600_000 })).toBe(0);
    expect(await recheckListings(t.deps, { maxAgeMs: 0 })).toBeGreaterThanOrEqual(2);
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${a.id},${b.id}`);
    expect(
      ledger.data.list.map((l: { goods_id: number; status: string; errors: number }) => [
        l.goods_id,
        l.status,
        l.errors,
      ]),
    ).toEqual([
      [a.id, 'suppressed', 1],
      [b.id, 'deleted', 0],
    ]);
  });
});

describe('upload: deleting a listing from Amazon (从亚马逊删除)', () => {
  it('deletes one listing once (two at once: one deletes), refuses others, outsiders and bad input', async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const a = await saveGoods(t.app, s, homeGoods('DEL-A', img.base));
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: String(a.id),
    });
    await runUntilDone(t.deps, created.data.queue_id);
    const [de, fr] = (await items(s, created.data.queue_id)).sort((x, y) => x.marketplace.localeCompare(y.marketplace));
    expect([de!.status, fr!.status]).toEqual(['live', 'live']);
    const sim = await simOf(t.deps);
    const key = `${shop.seller_id}|${marketplace('de').marketplaceId}|${de!.seller_sku}`;
    const body = { shop_id: shop.id, marketplace: 'de', seller_sku: de!.seller_sku };

    // Who may not: a buyer (no shop use), a worker limited to the UK, another tenant.
    const buyer = await buildUser(t.db, tenant, { auth: 3 });
    expect(
      (await call(t.app, await signIn(t.app, buyer.account, TEST_PASSWORD), 'POST', `${U}deleteListing`, body)).status,
    ).toBe(403);
    const worker = await buildUser(t.db, tenant, { auth: 2 });
    await t.db
      .updateTable('users')
      .set({ allow_upload_sites: ['en'] })
      .where('id', '=', worker.id)
      .execute();
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect(await call(t.app, ws, 'POST', `${U}deleteListing`, body)).toMatchObject({
      status: 403,
      msg: '您没有德国站点的上传权限',
    });
    const other = await tenantWithShop(t);
    expect((await call(t.app, other.s, 'POST', `${U}deleteListing`, body)).status).toBe(404);
    expect((await call(t.app, other.s, 'POST', `${U}deleteListing`, { ...body, shop_id: other.shop.id })).status).toBe(
      404,
    );
    // Bad input.
    expect((await call(t.app, s, 'POST', `${U}deleteListing`, { ...body, marketplace: 'xx' })).msg).toContain(
      '站点不存在',
    );
    expect((await call(t.app, s, 'POST', `${U}deleteListing`, { ...body, seller_sku: 'S'.repeat(41) })).msg).toBe(
      '卖家SKU最多40个字符',
    );
    expect((await call(t.app, s, 'POST', `${U}deleteListing`, { ...body, seller_sku: 'NOPE' })).status).toBe(404);
    expect(sim.listings.has(key)).toBe(true);

    // Two deletes at once: one reaches Amazon, the other finds it deleted.
    const writes = sim.counters.submissions.get(key) ?? 0;
    const both = await Promise.all([
      call(t.app, s, 'POST', `${U}deleteListing`, body),
      call(t.app, s, 'POST', `${U}deleteListing`, body),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.msg).toBe('该listing已从亚马逊删除');
    expect(both.find((r) => r.status === 200)!.data).toMatchObject({ marketplace: 'de', status: 'deleted', errors: 0 });
    expect(sim.counters.submissions.get(key)).toBe(writes + 1);
    expect(sim.listings.has(key)).toBe(false);

    // The ledger: Germany deleted, France still live; the operation log says what happened.
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${a.id}`);
    expect(ledger.data.list.map((l: { marketplace: string; status: string }) => [l.marketplace, l.status])).toEqual([
      ['de', 'deleted'],
      ['fr', 'live'],
    ]);
    const log = await t.db
      .selectFrom('opera_log')
      .select(['action', 'target_id'])
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'upload.deleteListing')
      .execute();
    expect(log).toEqual([{ action: 'upload.deleteListing', target_id: String(a.id) }]);

    // A listing Amazon no longer has is deleted in the ledger without an error.
    sim.listings.delete(`${shop.seller_id}|${marketplace('fr').marketplaceId}|${fr!.seller_sku}`);
    const gone = await call(t.app, s, 'POST', `${U}deleteListing`, {
      ...body,
      marketplace: 'fr',
      seller_sku: fr!.seller_sku,
    });
    expect(gone).toMatchObject({ status: 200, data: { status: 'deleted' } });
  });
});

describe('upload: edit queue and cancel', () => {
  it('shows what was sent, saves fixes into the product (versioned) and re-submits them', async () => {
    const { s, shop } = await tenantWithShop(t);
    const data = homeGoods('EDIT-1', img.base);
    data.commonData.descs.find((d) => d.key === 'de')!.title = '';
    const g = await saveGoods(t.app, s, data);
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: String(g.id),
    });
    expect(created.data).toMatchObject({ items: 2, invalid: 1 });
    await runUntilDone(t.deps, created.data.queue_id);
    const page = await call(t.app, s, 'GET', `${U}queueGoods?queue_id=${created.data.queue_id}`);
    expect(page.status, page.msg).toBe(200);
    const row = page.data.list[0];
    expect(row.listings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ marketplace: 'de', lang: 'de', title: '', status: 'invalid', errors: 1 }),
        expect.objectContaining({
          marketplace: 'fr',
          title: 'Vase EDIT-1 fr',
          price: 1999,
          currency: 'EUR',
          quantity: 7,
          status: 'live',
        }),
      ]),
    );
    const stale = await call(t.app, s, 'POST', `${U}resubmit`, {
      queue_id: created.data.queue_id,
      goods: [{ goods_id: g.id, version: row.version - 1, titles: { de: 'Vase neu' } }],
    });
    expect(stale).toMatchObject({ status: 409, msg: '数据已被他人修改,请刷新后重试' });
    const fixed = await call(t.app, s, 'POST', `${U}resubmit`, {
      queue_id: created.data.queue_id,
      goods: [{ goods_id: g.id, version: row.version, titles: { de: 'Vase neu' }, prices: { de: 2499 } }],
    });
    expect(fixed).toMatchObject({ status: 200, data: { goods: 1, invalid: 0 } });
    await runUntilDone(t.deps, created.data.queue_id);
    expect((await items(s, created.data.queue_id)).map((i) => i.status)).toEqual(['live', 'live']);
    const product = await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${g.id}`);
    expect(product.data.version).toBe(row.version + 1);
    expect(JSON.stringify(product.data)).toContain('Vase neu');
  });

  it('cancels what was not sent yet; the queue finishes with it counted', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('CANCEL-1', img.base));
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr', 'en'],
      upload_type: 'good',
      ids: String(g.id),
    });
    const cancelled = await call(t.app, s, 'POST', `${U}cancel`, { queue_id: created.data.queue_id });
    expect(cancelled).toMatchObject({ status: 200, data: { affected: 3 } });
    const done = await runUntilDone(t.deps, created.data.queue_id);
    expect(done).toMatchObject({ status: 'done', c_cancelled: 3, c_live: 0 });
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${g.id}`);
    expect(ledger.data.list.map((l: { status: string }) => l.status)).toEqual(['draft', 'draft', 'draft']);
  });
});

describe('upload: feeds', () => {
  it('sends a large queue as a JSON_LISTINGS_FEED, reads the processing report and the listings back', async () => {
    const { s, shop } = await tenantWithShop(t);
    const ids: number[] = [];
    for (const sku of ['F-1', 'F-2', 'F-3']) ids.push((await saveGoods(t.app, s, homeGoods(sku, img.base))).id);
    const bad = homeGoods('F-BAD', img.base);
    bad.images = [{ url: `${img.base}/missing.png` }];
    ids.push((await saveGoods(t.app, s, bad)).id);
    const threshold = t.deps.config.uploadFeedThreshold;
    t.deps.config.uploadFeedThreshold = 2;
    try {
      const created = await call(t.app, s, 'POST', `${U}create`, {
        shop_id: shop.id,
        marketplaces: ['de', 'fr'],
        upload_type: 'good',
        ids: ids.join(','),
      });
      expect(created.data).toMatchObject({ items: 8, invalid: 0 });
      const q = await call(t.app, s, 'GET', `${U}queue?id=${created.data.queue_id}`);
      expect(q.data.mode).toBe('feed');
      await runUntilDone(t.deps, created.data.queue_id);
      const list = await items(s, created.data.queue_id);
      expect(list.filter((i) => i.status === 'live')).toHaveLength(6);
      // Amazon could not fetch the image: rejected by the report, with the image field to fix.
      const rejected = list.filter((i) => i.status === 'rejected');
      expect(rejected).toHaveLength(2);
      const feed = await call(t.app, s, 'GET', `${U}errorFeed?queue_id=${created.data.queue_id}&goods_id=${ids[3]}`);
      expect(feed.data.items[0].issues[0]).toMatchObject({
        code: '18027',
        source: 'amazon',
        field: { kind: 'images' },
      });
      expect(feed.data.items[0].issues[0].message_zh).toContain('图片无法访问');
      const rows = await t.db
        .selectFrom('upload_feeds')
        .selectAll()
        .where('queue_id', '=', created.data.queue_id)
        .execute();
      expect(rows.map((r) => [r.status, r.item_count])).toEqual([
        ['done', 4],
        ['done', 4],
      ]);
    } finally {
      t.deps.config.uploadFeedThreshold = threshold;
    }
  });

  it('a feed Amazon no longer knows (a restarted sandbox) ends its items as 结果未知 with a message to recheck or resend', async () => {
    const { s, shop } = await tenantWithShop(t);
    const ids: number[] = [];
    for (const sku of ['G-1', 'G-2']) ids.push((await saveGoods(t.app, s, homeGoods(sku, img.base))).id);
    const sim = await simOf(t.deps);
    const threshold = t.deps.config.uploadFeedThreshold;
    t.deps.config.uploadFeedThreshold = 1;
    sim.feedMode.neverFinish = true;
    try {
      const created = await call(t.app, s, 'POST', `${U}create`, {
        shop_id: shop.id,
        marketplaces: ['de'],
        upload_type: 'good',
        ids: ids.join(','),
      });
      const queueId = created.data.queue_id as number;
      const feedSent = () =>
        t.db.selectFrom('upload_feeds').select('amazon_feed_id').where('queue_id', '=', queueId).executeTakeFirst();
      for (let i = 0; i < 20 && !(await feedSent())?.amazon_feed_id; i++) {
        await runDueQueues(t.deps, { id: queueId, retryDelayMs: 0 });
      }
      const feedId = (await feedSent())?.amazon_feed_id;
      expect(feedId).toBeTruthy();
      sim.feeds.delete(feedId!);
      sim.feedMode.neverFinish = false;
      await runUntilDone(t.deps, queueId);
      const list = await items(s, queueId);
      expect(list.map((i) => i.status)).toEqual(['unknown', 'unknown']);
      expect(list.map((i) => i.error)).toEqual(
        Array(2).fill('亚马逊已找不到该上传文件,结果未知。可重新查询,或重新提交'),
      );
    } finally {
      t.deps.config.uploadFeedThreshold = threshold;
      sim.feedMode.neverFinish = false;
    }
  });
});

describe('upload: who may do what', () => {
  it('refuses buyers and traders, other tenants, marketplaces outside the shop or the account, and bad input', async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('R-1', img.base));
    const body = { shop_id: shop.id, marketplaces: ['de'], upload_type: 'good', ids: String(g.id) };
    const created = await call(t.app, s, 'POST', `${U}create`, body);
    expect(created.status).toBe(200);

    const buyer = await buildUser(t.db, tenant, { auth: 3 });
    const bs = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await call(t.app, bs, 'POST', `${U}create`, body)).status).toBe(403);
    expect((await call(t.app, bs, 'GET', `${U}queueList`)).status).toBe(403);

    const other = await tenantWithShop(t);
    expect((await call(t.app, other.s, 'GET', `${U}queue?id=${created.data.queue_id}`)).status).toBe(404);
    expect((await call(t.app, other.s, 'POST', `${U}retry`, { queue_id: created.data.queue_id })).status).toBe(404);
    expect(
      (await call(t.app, other.s, 'GET', `${U}errorFeed?queue_id=${created.data.queue_id}&goods_id=${g.id}`)).status,
    ).toBe(404);
    // Another tenant's shop is not usable, another tenant's product is not found.
    expect((await call(t.app, other.s, 'POST', `${U}create`, body)).status).toBe(404);
    const foreign = await call(t.app, other.s, 'POST', `${U}create`, { ...body, shop_id: other.shop.id });
    expect(foreign).toMatchObject({ status: 400, msg: '没有可上传的商品(回收站中的商品不能上传)' });

    expect(await call(t.app, s, 'POST', `${U}create`, { ...body, marketplaces: ['us'] })).toMatchObject({
      status: 400,
      msg: '店铺未开通站点: 美国',
    });
    expect((await call(t.app, s, 'POST', `${U}create`, { ...body, marketplaces: ['xx'] })).msg).toContain('站点不存在');
    expect((await call(t.app, s, 'POST', `${U}create`, { ...body, upload_type: 'all' })).msg).toContain(
      '上传类型不合法',
    );
    expect((await call(t.app, s, 'POST', `${U}create`, { ...body, ids: undefined })).msg).toContain('请选择商品');

    // A worker limited to the UK (allowUploadSiteArr) may not upload to Germany.
    const worker = await buildUser(t.db, tenant, { auth: 2 });
    await t.db
      .updateTable('users')
      .set({ allow_upload_sites: ['en'] })
      .where('id', '=', worker.id)
      .execute();
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    const wt = await call(t.app, ws, 'GET', `${U}targets`);
    expect(wt.data.list[0].marketplaces).toEqual(['en']);
    expect(await call(t.app, ws, 'POST', `${U}create`, body)).toMatchObject({
      status: 403,
      msg: '您没有上传到以下站点的权限: 德国',
    });
  });

  it('stops a queue whose shop authorization was revoked, with the reason, and marks the shop', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('REV-1', img.base));
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: String(g.id),
    });
    const sim = await simOf(t.deps);
    sim.revoke(shop.seller_id);
    t.deps.config.spapi.timeScale = 20;
    const done = await runUntilDone(t.deps, created.data.queue_id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/授权/);
    const row = await t.db
      .selectFrom('shops')
      .select('auth_status')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row.auth_status).toBe('expired');
    // The stopped queue has no runner: its unsent item ends with the reason (重试 takes it up).
    const [item] = await items(s, created.data.queue_id);
    expect(item).toMatchObject({ status: 'failed', error: done.error });
  });
});
