import { marketplace } from '@console/shared/constants/marketplaces';
import { describe, expect, it } from 'vitest';
import { runDueQueues } from '../../src/modules/upload/upload-runner.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, signIn } from '../harness.js';
import { bindSandboxShop } from '../support/sandbox-shop.js';
import { homeGoods, runUntilDone, saveGoods, simOf, useUploadApp } from './upload-support.js';

/**
 * A runner killed at any step (issue 14 §4 "Work survives restarts"): the step hook throws
 * right after the step was committed, as if the process died there; the next runner resumes
 * the queue. Every SKU must reach Amazon exactly once and end live.
 */
const { t, img } = useUploadApp(20);

async function crashAt(step: string, mode: 'listings' | 'feed') {
  const tenant = await buildTenant(t.db);
  await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', tenant.id).execute();
  const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const shop = await bindSandboxShop(t.app, s, `崩溃${step}`);
  const ids: number[] = [];
  for (const sku of ['C-1', 'C-2']) ids.push((await saveGoods(t.app, s, homeGoods(`${sku}-${step}`, img.base))).id);
  t.deps.config.uploadFeedThreshold = mode === 'feed' ? 0 : 50;
  const created = await call(t.app, s, 'POST', '/PDD/upload/create', {
    shop_id: shop.id,
    marketplaces: ['de', 'fr'],
    upload_type: 'good',
    ids: ids.join(','),
  });
  expect(created.status, created.msg).toBe(200);
  const queueId = created.data.queue_id as number;
  let crashed = false;
  for (let i = 0; i < 100 && !crashed; i++) {
    await runDueQueues(t.deps, {
      id: queueId,
      retryDelayMs: 0,
      step: (name) => {
        if (name === step && !crashed) {
          crashed = true;
          throw new Error(`killed at ${step}`);
        }
      },
    }).catch((err: Error) => {
      if (!err.message.startsWith('killed')) throw err;
    });
    if (!crashed) await new Promise((r) => setTimeout(r, 30));
  }
  expect(crashed, `the runner reached ${step}`).toBe(true);
  const done = await runUntilDone(t.deps, queueId);
  expect(done.status).toBe('done');
  const items = await t.db.selectFrom('upload_items').selectAll().where('queue_id', '=', queueId).execute();
  expect(items.map((i) => i.status)).toEqual(['live', 'live', 'live', 'live']);
  const sim = await simOf(t.deps);
  for (const i of items)
    expect(
      sim.submissionsOf(shop.seller_id, marketplace(i.marketplace as 'de').marketplaceId, i.seller_sku),
      `${i.seller_sku} in ${i.marketplace}`,
    ).toBe(1);
  if (mode === 'feed') {
    const feeds = await t.db.selectFrom('upload_feeds').selectAll().where('queue_id', '=', queueId).execute();
    expect(feeds.map((f) => f.status)).toEqual(['done', 'done']);
  }
}

describe('upload: a runner killed between steps resumes without sending anything twice', () => {
  for (const step of ['marked-sending', 'sent'])
    it(`Listings Items: killed at ${step}`, async () => {
      await crashAt(step, 'listings');
    });
  for (const step of ['feed-built', 'feed-uploaded', 'feed-creating', 'feed-created', 'feed-report'])
    it(`feeds: killed at ${step}`, async () => {
      await crashAt(step, 'feed');
    });
});
