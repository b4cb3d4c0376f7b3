import { describe, expect, it } from 'vitest';
import { FEED_TIMED_OUT } from '../../src/modules/upload/upload-feeds.js';
import {
  MAX_FAILED_PASSES,
  MAX_READBACKS,
  READBACK_GAVE_UP,
  runDueQueues,
} from '../../src/modules/upload/upload-runner.js';
import { call, type Session } from '../harness.js';
import { homeGoods, runUntilDone, saveGoods, simOf, tenantWithShop, useUploadApp } from './upload-support.js';

/**
 * Issue 28 §3 and §5: every item reaches an end state (live, refused, or 结果未知 with
 * 重新查询 / 重新提交), every queue ends and says how (全部成功, 部分失败, 全部失败), and the
 * edit queue shows what was (or will be) sent. A high time scale keeps the read-backs and
 * feed polls short.
 */
const { t, img } = useUploadApp(100);

const U = '/PDD/upload/';

async function items(s: Session, queueId: number) {
  const r = await call(t.app, s, 'GET', `${U}queueItems?queue_id=${queueId}&pageSize=200`);
  expect(r.status, r.msg).toBe(200);
  return r.data.list as { id: number; marketplace: string; seller_sku: string; status: string; error: string | null }[];
}

async function queue(s: Session, id: number) {
  const r = await call(t.app, s, 'GET', `${U}queue?id=${id}`);
  expect(r.status, r.msg).toBe(200);
  return r.data as { status: string; outcome: string | null; percent: number; counts: Record<string, number> };
}

async function create(s: Session, shopId: number, ids: number[], marketplaces: string[]) {
  const r = await call(t.app, s, 'POST', `${U}create`, {
    shop_id: shopId,
    marketplaces,
    upload_type: 'good',
    ids: ids.join(','),
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.queue_id as number;
}

type Sim = Awaited<ReturnType<typeof simOf>>;

/** Removes a seller SKU's listings from the simulator (Amazon never shows them), keeping them in `kept`. */
function hideListing(sim: Sim, sku: string, kept: Map<string, unknown>) {
  for (const [k, l] of [...sim.listings.entries()]) {
    if (l.sku !== sku) continue;
    kept.set(k, l);
    sim.listings.delete(k);
  }
}

describe('upload end states: a read-back that gives up', () => {
  it('ends the item as 结果未知 and the queue as 部分失败; 重新查询 reads it back and the queue ends 全部成功', async () => {
    const { s, shop } = await tenantWithShop(t);
    const a = await saveGoods(t.app, s, homeGoods('END-A', img.base));
    const b = await saveGoods(t.app, s, homeGoods('END-B', img.base));
    const queueId = await create(s, shop.id, [a.id, b.id], ['de']);
    const [first] = await items(s, queueId);
    // Amazon accepts END-A but never shows it: every read-back misses it.
    const sim = await simOf(t.deps);
    const kept = new Map<string, unknown>();
    await runUntilDone(t.deps, queueId, {
      step: (name) => {
        if (name === 'sent') hideListing(sim, first!.seller_sku, kept);
      },
    });
    expect(kept.size).toBe(1);
    const done = await items(s, queueId);
    const unknown = done.find((i) => i.seller_sku === first!.seller_sku)!;
    expect(unknown).toMatchObject({ status: 'unknown', error: READBACK_GAVE_UP });
    expect(done.find((i) => i.seller_sku !== first!.seller_sku)!.status).toBe('live');
    const row = await t.db
      .selectFrom('upload_items')
      .select('readbacks')
      .where('id', '=', String(unknown.id))
      .executeTakeFirstOrThrow();
    expect(row.readbacks).toBe(MAX_READBACKS);
    expect(await queue(s, queueId)).toMatchObject({
      status: 'done',
      outcome: 'partial',
      percent: 100,
      counts: { live: 1, unknown: 1, accepted: 0 },
    });
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${a.id}`);
    expect(ledger.data.list.map((l: { status: string }) => l.status)).toEqual(['unknown']);

    // 重新查询: Amazon shows it now; nothing is sent again.
    for (const [k, l] of kept) sim.listings.set(k, l as Sim['listings'] extends Map<string, infer L> ? L : never);
    const de = [...sim.listings.values()].find((l) => l.sku === first!.seller_sku)!.marketplaceId;
    const sent = sim.submissionsOf(shop.seller_id, de, first!.seller_sku);
    const rechecked = await call(t.app, s, 'POST', `${U}recheck`, { queue_id: queueId });
    expect(rechecked).toMatchObject({ status: 200, data: { affected: 1 }, msg: '正在重新查询1条' });
    expect((await queue(s, queueId)).outcome).toBeNull();
    await runUntilDone(t.deps, queueId);
    expect((await items(s, queueId)).map((i) => i.status)).toEqual(['live', 'live']);
    expect(sim.submissionsOf(shop.seller_id, de, first!.seller_sku)).toBe(sent);
    expect(await queue(s, queueId)).toMatchObject({ status: 'done', outcome: 'success' });
    const again = await call(t.app, s, 'POST', `${U}recheck`, { queue_id: queueId });
    expect(again).toMatchObject({ status: 200, data: { affected: 0 }, msg: '没有结果未知的条目' });
    const log = await call(t.app, s, 'GET', '/PDD/opera-log/list');
    expect(JSON.stringify(log.data)).toContain(`重新查询了上传队列 #${queueId} 中1条结果未知的条目`);
  });

  it('重新提交 (retry) includes unknown items: they are mapped and sent again', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('END-R', img.base));
    const queueId = await create(s, shop.id, [g.id], ['de']);
    const [item] = await items(s, queueId);
    const sim = await simOf(t.deps);
    await runUntilDone(t.deps, queueId, {
      step: (name) => {
        if (name === 'sent') hideListing(sim, item!.seller_sku, new Map());
      },
    });
    expect((await items(s, queueId))[0]!.status).toBe('unknown');
    expect((await queue(s, queueId)).outcome).toBe('failed');
    const retried = await call(t.app, s, 'POST', `${U}retry`, { queue_id: queueId });
    expect(retried).toMatchObject({ status: 200, data: { affected: 1 } });
    await runUntilDone(t.deps, queueId);
    expect((await items(s, queueId))[0]!.status).toBe('live');
    expect((await queue(s, queueId)).outcome).toBe('success');
  });

  it('重新查询 is tenant-scoped and checks its input', async () => {
    const { s, shop } = await tenantWithShop(t);
    const other = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('END-T', img.base));
    const queueId = await create(s, shop.id, [g.id], ['de']);
    expect(await call(t.app, other.s, 'POST', `${U}recheck`, { queue_id: queueId })).toMatchObject({
      status: 404,
      msg: '上传队列不存在',
    });
    expect((await call(t.app, s, 'POST', `${U}recheck`, { queue_id: 'x' })).status).toBe(400);
  });
});

describe('upload end states: a feed Amazon never answers', () => {
  it('ends its items as 结果未知 after the feed timeout; the queue ends 全部失败; retry sends them again', async () => {
    const { s, shop } = await tenantWithShop(t);
    const ids: number[] = [];
    for (const sku of ['NF-1', 'NF-2']) ids.push((await saveGoods(t.app, s, homeGoods(sku, img.base))).id);
    const sim = await simOf(t.deps);
    const threshold = t.deps.config.uploadFeedThreshold;
    t.deps.config.uploadFeedThreshold = 1;
    sim.feedMode.neverFinish = true;
    try {
      const queueId = await create(s, shop.id, ids, ['de']);
      // With the default timeout (hours at Amazon's pace) the queue waits for the feed ...
      for (let i = 0; i < 15; i++) {
        await runDueQueues(t.deps, { id: queueId, retryDelayMs: 0 });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await queue(s, queueId)).status).toBe('running');
      expect((await items(s, queueId)).map((i) => i.status)).toEqual(['submitted', 'submitted']);
      // ... and once it has passed, the items end without a verdict and the queue ends.
      await runUntilDone(t.deps, queueId, { feedTimeoutSeconds: 1 });
      const list = await items(s, queueId);
      expect(list.map((i) => [i.status, i.error])).toEqual(Array(2).fill(['unknown', FEED_TIMED_OUT]));
      expect(await queue(s, queueId)).toMatchObject({ status: 'done', outcome: 'failed', percent: 100 });
      const feed = await t.db
        .selectFrom('upload_feeds')
        .select(['status', 'error'])
        .where('queue_id', '=', queueId)
        .executeTakeFirstOrThrow();
      expect(feed).toEqual({ status: 'fatal', error: 'timed out' });
      sim.feedMode.neverFinish = false;
      expect((await call(t.app, s, 'POST', `${U}retry`, { queue_id: queueId })).data).toEqual({ affected: 2 });
      await runUntilDone(t.deps, queueId);
      expect((await items(s, queueId)).map((i) => i.status)).toEqual(['live', 'live']);
    } finally {
      t.deps.config.uploadFeedThreshold = threshold;
      sim.feedMode.neverFinish = false;
    }
  });
});

describe('upload end states: a queue whose shop cannot be used', () => {
  it('a pending queue whose shop was deleted stops with the reason; its items end 发送失败', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('GONE-1', img.base));
    const queueId = await create(s, shop.id, [g.id], ['de', 'fr']);
    await t.db.deleteFrom('shops').where('id', '=', shop.id).execute();
    const done = await runUntilDone(t.deps, queueId, {}, 20);
    expect(done).toMatchObject({ status: 'failed', error: '店铺已删除,上传已中止' });
    expect((await items(s, queueId)).map((i) => [i.status, i.error])).toEqual(
      Array(2).fill(['failed', '店铺已删除,上传已中止']),
    );
    expect(await queue(s, queueId)).toMatchObject({ status: 'failed', outcome: 'failed', percent: 100 });
  });

  it('a queue whose shop authorization expired stops; items on their way end 结果未知', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('EXP-1', img.base));
    const queueId = await create(s, shop.id, [g.id], ['de', 'fr']);
    const [one] = await items(s, queueId);
    await t.db.updateTable('upload_items').set({ status: 'accepted' }).where('id', '=', String(one!.id)).execute();
    await t.db.updateTable('shops').set({ auth_status: 'expired' }).where('id', '=', shop.id).execute();
    const done = await runUntilDone(t.deps, queueId, {}, 20);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/授权已失效/);
    const list = await items(s, queueId);
    expect(list.find((i) => i.id === one!.id)).toMatchObject({ status: 'unknown' });
    expect(list.find((i) => i.id !== one!.id)).toMatchObject({ status: 'failed' });
  });
});

describe('upload end states: a queue whose passes keep failing', () => {
  it('stops with the error after MAX_FAILED_PASSES in a row instead of being tried forever', async () => {
    const { s, shop } = await tenantWithShop(t);
    const g = await saveGoods(t.app, s, homeGoods('CRASH-1', img.base));
    const queueId = await create(s, shop.id, [g.id], ['de']);
    const boom = (name: string) => {
      if (name === 'marked-sending') throw new Error('模拟的程序错误');
    };
    const passes = async (n: number) => {
      for (let i = 0; i < n; i++)
        await runDueQueues(t.deps, { id: queueId, retryDelayMs: 0, step: boom }).catch(() => 0);
    };
    await passes(MAX_FAILED_PASSES - 1);
    expect(
      await t.db
        .selectFrom('upload_queues')
        .select(['status', 'failed_passes'])
        .where('id', '=', queueId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'running',
      failed_passes: MAX_FAILED_PASSES - 1,
    });
    await passes(1);
    const q = await t.db.selectFrom('upload_queues').selectAll().where('id', '=', queueId).executeTakeFirstOrThrow();
    expect(q).toMatchObject({ status: 'failed', error: '上传多次出错,已中止:模拟的程序错误' });
    // The item was on its way when the pass failed: its result is unknown, and the queue ended.
    expect((await items(s, queueId)).map((i) => i.status)).toEqual(['unknown']);
    expect((await queue(s, queueId)).outcome).toBe('failed');
    // A pass that works starts the count again: 重试 sends the item and it goes live.
    expect((await call(t.app, s, 'POST', `${U}retry`, { queue_id: queueId })).data).toEqual({ affected: 1 });
    await runUntilDone(t.deps, queueId);
    expect((await items(s, queueId)).map((i) => i.status)).toEqual(['live']);
    expect(
      (
        await t.db
          .selectFrom('upload_queues')
          .select('failed_passes')
          .where('id', '=', queueId)
          .executeTakeFirstOrThrow()
      ).failed_passes,
    ).toBe(0);
  });
});

describe('upload end states: the outcome of a queue stopped by the check', () => {
  it('a queue whose every item failed the check ends 全部失败, not a green 100%', async () => {
    const { s, shop } = await tenantWithShop(t);
    const data = homeGoods('CHK-1', img.base, { langs: ['en'], countries: ['en'] });
    const g = await saveGoods(t.app, s, data);
    const queueId = await create(s, shop.id, [g.id], ['de', 'fr']);
    await runUntilDone(t.deps, queueId);
    expect(await queue(s, queueId)).toMatchObject({
      status: 'done',
      outcome: 'failed',
      percent: 100,
      counts: { invalid: 2, live: 0 },
    });
    // The ledger says the console's check stopped it (nothing was sent), not Amazon.
    const ledger = await call(t.app, s, 'GET', `${U}listings?goods_ids=${g.id}`);
    expect(ledger.data.list.map((l: { status: string }) => l.status)).toEqual(['invalid', 'invalid']);
  });
});

describe('upload end states: the edit queue shows what was (or will be) sent', () => {
  it('a product whose items were never sent shows its saved title, French price and stock 54', async () => {
    const { s, shop } = await tenantWithShop(t);
    const data = homeGoods('EQ-1', img.base);
    data.baseInfo.quantity = 54;
    data.priceTable = [
      { country_code: 'de', price: 1999 },
      { country_code: 'fr', price: 1499 },
    ];
    // DRINKING_CUP does not exist in France: the pipeline cannot build the French listing.
    data.template = { product_type: 'DRINKING_CUP', marketplace: 'de' };
    data.extraAttrs = { item_type_keyword: [{ value: 'cups' }] } as typeof data.extraAttrs;
    const g = await saveGoods(t.app, s, data);
    const queueId = await create(s, shop.id, [g.id], ['de', 'fr']);
    await runUntilDone(t.deps, queueId);
    const page = await call(t.app, s, 'GET', `${U}queueGoods?queue_id=${queueId}`);
    expect(page.status, page.msg).toBe(200);
    expect(page.data.list[0].listings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          marketplace: 'fr',
          title: 'Vase EQ-1 fr',
          price: 1499,
          currency: 'EUR',
          quantity: 54,
          status: 'invalid',
        }),
        expect.objectContaining({ marketplace: 'de', title: 'Vase EQ-1 de', price: 1999, quantity: 54 }),
      ]),
    );
  });

  it('a product whose items wait to be sent shows what they will send', async () => {
    const { s, shop } = await tenantWithShop(t);
    const data = homeGoods('EQ-2', img.base);
    data.baseInfo.quantity = 54;
    data.priceTable = [{ country_code: 'fr', price: 1499 }];
    const g = await saveGoods(t.app, s, data);
    const queueId = await create(s, shop.id, [g.id], ['fr']);
    const page = await call(t.app, s, 'GET', `${U}queueGoods?queue_id=${queueId}`);
    expect(page.status, page.msg).toBe(200);
    expect(page.data.list[0].listings).toEqual([
      expect.objectContaining({
        marketplace: 'fr',
        title: 'Vase EQ-2 fr',
        price: 1499,
        currency: 'EUR',
        quantity: 54,
        status: 'waiting',
      }),
    ]);
  });
});
