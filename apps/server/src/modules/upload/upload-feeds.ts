import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { Database } from '../../db/database.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { ListingsFeedDocument, ListingsFeedMessage } from '../../marketplace/sp-api.types.js';
import { setLedgerFromItems } from './upload.repository.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';
import {
  createFeedRow,
  type FeedRow,
  feedsIn,
  finishItems,
  itemsIn,
  itemsOfFeed,
  knownFeedIds,
  type queueForRun,
  setFeed,
  setFeedItems,
} from './upload-runner.repository.js';

/**
 * Feed mode of a runner pass (docs/upload.md "Runner"): waiting items become
 * JSON_LISTINGS_FEED documents per marketplace, which are uploaded, created, polled, and whose
 * processing reports decide each item. Every step is committed before the next request leaves.
 */

/** Amazon's limit of messages in one JSON_LISTINGS_FEED document. */
export const MAX_FEED_MESSAGES = 25_000;

/** What the feed steps use of a runner pass (`QueuePass`). */
export interface PassSteps {
  readonly db: Database;
  readonly client: SpApiClient;
  readonly queueId: number;
  /** Whether the pass's slice has time left. */
  timeLeft(): boolean;
  /** Come back to the queue after `ms` (the soonest of the calls wins). */
  later(ms: number): void;
  /** The crash hook of tests at a step boundary. */
  step(name: string): void;
  /** A poll interval of `seconds` at Amazon, scaled. */
  pollMs(seconds: number): number;
  /** How long (real milliseconds) a submitted feed may go unanswered before its items end as `unknown`. */
  feedTimeoutMs(): number;
}

/** The reason of items whose feed Amazon never finished processing. */
export const FEED_TIMED_OUT = '亚马逊长时间未处理该上传文件,结果未知。可重新查询,或重新提交';

/** Whether issues hold an error. */
export const hasError = (issues: readonly { severity: string }[] | undefined) =>
  (issues ?? []).some((i) => i.severity === 'ERROR');

/** The feed message of an item. */
function messageOf(messageId: number, sku: string, payload: ItemPayload): ListingsFeedMessage {
  return payload.operation === 'UPDATE'
    ? { messageId, sku, operationType: 'UPDATE', productType: payload.productType, attributes: payload.attributes }
    : { messageId, sku, operationType: 'PATCH', productType: payload.productType, patches: payload.patches };
}

export async function sendFeeds(p: PassSteps, q: Awaited<ReturnType<typeof queueForRun>>) {
  // New feeds from waiting items, one marketplace at a time, parents first in each.
  for (const code of q.marketplaces) {
    while (p.timeLeft()) {
      const open = await feedsIn(p.db, p.queueId, ['building', 'creating']);
      if (open.some((f) => f.marketplace === code)) break;
      const items = await itemsIn(p.db, p.queueId, ['waiting'], MAX_FEED_MESSAGES, { marketplace: code });
      if (items.length === 0) break;
      await p.db.transaction().execute((trx) =>
        createFeedRow(trx, {
          tenantId: q.tenant_id,
          queueId: q.id,
          shopId: q.shop_id,
          marketplace: code,
          itemIds: items.map((i) => String(i.id)),
        }),
      );
      p.step('feed-built');
    }
  }
  for (const f of await feedsIn(p.db, p.queueId, ['building', 'creating'])) {
    if (!p.timeLeft()) break;
    await submitFeed(p, f);
  }
  for (const f of await feedsIn(p.db, p.queueId, ['submitted'])) {
    if (!p.timeLeft()) break;
    await pollFeed(p, f);
  }
}

/** The document of a feed, built from its items as stored. */
async function document(p: PassSteps, f: FeedRow): Promise<ListingsFeedDocument> {
  const items = await itemsOfFeed(p.db, f.id);
  return {
    header: { sellerId: p.client.shop.sellingPartnerId, version: '2.0', issueLocale: 'en_US' },
    messages: items.map((i) => messageOf(i.message_id!, i.seller_sku, i.payload as ItemPayload)),
  };
}

/**
 * Uploads a feed's document and creates the feed. `creating` is committed before createFeed
 * leaves; a feed found `creating` after a restart is looked up with getFeeds (created since
 * then, not yet known) before it is created again.
 */
async function submitFeed(p: PassSteps, f: FeedRow) {
  const m = marketplaceByCode(f.marketplace)!;
  if (f.status === 'creating' && f.creating_at) {
    const found = await p.client.feeds.getFeeds({
      feedTypes: ['JSON_LISTINGS_FEED'],
      marketplaceIds: [m.marketplaceId],
      createdSince: new Date(f.creating_at.getTime() - 60_000).toISOString(),
      pageSize: 100,
    });
    const known = await knownFeedIds(
      p.db,
      f.shop_id,
      found.feeds.map((x) => x.feedId),
    );
    const adopt = found.feeds
      .filter((x) => !known.has(x.feedId) && Date.parse(x.createdTime) >= f.creating_at!.getTime() - 1000)
      .sort((a, b) => Date.parse(a.createdTime) - Date.parse(b.createdTime))[0];
    if (adopt) return submitted(p, f, adopt.feedId);
  }
  const doc = await document(p, f);
  const contentType = 'application/json; charset=UTF-8';
  const created = await p.client.feeds.createFeedDocument(contentType);
  await p.client.feeds.uploadFeedDocument(created.url, JSON.stringify(doc), contentType, true);
  p.step('feed-uploaded');
  await setFeed(p.db, f.id, { status: 'creating', creating_at: new Date() });
  p.step('feed-creating');
  let feedId: string;
  try {
    feedId = (
      await p.client.feeds.createFeed(
        {
          feedType: 'JSON_LISTINGS_FEED',
          marketplaceIds: [m.marketplaceId],
          inputFeedDocumentId: created.feedDocumentId,
        },
        { maxWaitMs: 5_000 },
      )
    ).feedId;
  } catch (err) {
    if (err instanceof SpApiError && err.kind === 'deferred') {
      // Not sent: the next pass uploads a fresh document (pre-signed URLs expire).
      await setFeed(p.db, f.id, { status: 'building' });
      p.later(err.p.waitMs ?? 1000);
      return;
    }
    throw err;
  }
  p.step('feed-created');
  await submitted(p, f, feedId);
}

async function submitted(p: PassSteps, f: FeedRow, feedId: string) {
  await p.db.transaction().execute(async (trx) => {
    await setFeed(trx, f.id, { status: 'submitted', amazon_feed_id: feedId, processing_status: 'IN_QUEUE' });
    const ids = await setFeedItems(trx, f.id, ['sending'], 'submitted');
    await setLedgerFromItems(
      trx,
      ids.map((i) => String(i.id)),
    );
  });
  p.later(p.pollMs(10));
}

/** Polls a submitted feed; when done, its processing report decides each item. */
async function pollFeed(p: PassSteps, f: FeedRow) {
  const feed = await p.client.feeds.getFeed(f.amazon_feed_id!).catch((err: unknown) => {
    if (err instanceof SpApiError && err.kind === 'not_found') return undefined;
    throw err;
  });
  if (!feed) {
    // Amazon no longer knows the feed (past its retention, or a restarted sandbox): its
    // items end without a verdict (结果未知) and may be read back again or resent.
    await p.db.transaction().execute(async (trx) => {
      await setFeed(trx, f.id, { status: 'fatal', error: 'feed not found' });
      const ids = await setFeedItems(
        trx,
        f.id,
        ['submitted'],
        'unknown',
        '亚马逊已找不到该上传文件,结果未知。可重新查询,或重新提交',
      );
      await setLedgerFromItems(
        trx,
        ids.map((i) => String(i.id)),
      );
    });
    return;
  }
  if (feed.processingStatus === 'IN_QUEUE' || feed.processingStatus === 'IN_PROGRESS') {
    const since = (f.creating_at ?? f.created_at).getTime();
    if (Date.now() - since > p.feedTimeoutMs()) {
      // Never answered: the items end (结果未知) so the queue does too; a late verdict is
      // found by 重新查询 (a read-back of each listing).
      await p.db.transaction().execute(async (trx) => {
        await setFeed(trx, f.id, { status: 'fatal', processing_status: feed.processingStatus, error: 'timed out' });
        const ids = await setFeedItems(trx, f.id, ['submitted'], 'unknown', FEED_TIMED_OUT);
        await setLedgerFromItems(
          trx,
          ids.map((i) => String(i.id)),
        );
      });
      return;
    }
    if (feed.processingStatus !== f.processing_status)
      await setFeed(p.db, f.id, { processing_status: feed.processingStatus });
    p.later(p.pollMs(5));
    return;
  }
  if (feed.processingStatus === 'CANCELLED') {
    await p.db.transaction().execute(async (trx) => {
      await setFeed(trx, f.id, { status: 'cancelled', processing_status: 'CANCELLED' });
      const ids = await setFeedItems(trx, f.id, ['submitted'], 'cancelled', '上传文件已在亚马逊取消');
      await setLedgerFromItems(
        trx,
        ids.map((i) => String(i.id)),
      );
    });
    return;
  }
  if (feed.processingStatus === 'FATAL' || !feed.resultFeedDocumentId) {
    // Amazon's reason is in the report of a FATAL feed, when it wrote one.
    const report = feed.resultFeedDocumentId
      ? await p.client.feeds.getListingsProcessingReport(feed).catch(() => undefined)
      : undefined;
    const reason = report?.issues[0]?.message;
    await p.db.transaction().execute(async (trx) => {
      await setFeed(trx, f.id, {
        status: 'fatal',
        processing_status: feed.processingStatus,
        result_document_id: feed.resultFeedDocumentId ?? null,
        error: reason ?? 'FATAL',
      });
      const ids = await setFeedItems(
        trx,
        f.id,
        ['submitted'],
        'failed',
        `亚马逊无法处理该上传文件(FATAL${reason ? `: ${reason}` : ''}),请重试`,
      );
      await setLedgerFromItems(
        trx,
        ids.map((i) => String(i.id)),
      );
    });
    return;
  }
  const report = await p.client.feeds.getListingsProcessingReport(feed);
  p.step('feed-report');
  const byMessage = new Map<number, StoredIssue[]>();
  for (const i of report.issues) {
    if (i.messageId === undefined) continue;
    const list = byMessage.get(i.messageId) ?? [];
    list.push({
      code: i.code ?? '',
      message: i.message,
      severity: i.severity,
      attributeNames: i.attributeName ? [i.attributeName] : [],
      categories: [],
      source: 'amazon',
    });
    byMessage.set(i.messageId, list);
  }
  const items = await itemsOfFeed(p.db, f.id);
  await p.db.transaction().execute(async (trx) => {
    await finishItems(
      trx,
      items
        .filter((it) => it.status === 'submitted')
        .map((it) => {
          const issues = byMessage.get(it.message_id!) ?? [];
          return { id: String(it.id), status: hasError(issues) ? 'rejected' : 'accepted', issues };
        }),
    );
    await setFeed(trx, f.id, {
      status: 'done',
      processing_status: 'DONE',
      result_document_id: feed.resultFeedDocumentId ?? null,
    });
    await setLedgerFromItems(
      trx,
      items.map((i) => String(i.id)),
    );
  });
}
