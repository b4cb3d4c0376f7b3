import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { OPEN_ITEM_STATUSES } from '@console/shared/constants/upload-status';
import type { AppDeps } from '../../context.js';
import { WORKER_ID } from '../../jobs/job-workers.js';
import { AppError } from '../../lib/app-error.js';
import { USAGE_PLANS } from '../../marketplace/rate-limits.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { ListingsItem, ListingsItemSubmissionResponse } from '../../marketplace/sp-api.types.js';
import { recomputeOversold } from '../order/order-oversold.service.js';
import { shopAuthorizationLost } from '../shop/shop.service.js';
import { AuthorizationLost } from '../shop/shop-authorizer.js';
import { openShop } from '../shop/shop-client.js';
import { uploadEnded } from '../system/message-sources.service.js';
import { setLedgerFromItems, uploaderAccount } from './upload.repository.js';
import type { ItemPayload, StoredIssue } from './upload.tables.js';
import { clientSchemas, expandGoods, uploadImageUrl } from './upload-expand.js';
import { hasError, type PassSteps, sendFeeds } from './upload-feeds.js';
import {
  advanceExpansion,
  backToWaiting,
  claimQueues,
  countIn,
  countReadback,
  endOpenItems,
  finishItem,
  finishItems,
  giveUpReadbacks,
  itemsIn,
  markSending,
  queueForRun,
  type RunItem,
  releaseQueue,
  renewLease,
} from './upload-runner.repository.js';

/** Products mapped per expansion transaction. */
const EXPAND_CHUNK = 500;
/** Listings Items calls in flight per queue (the scheduler paces them to the plan). */
const PARALLEL = 5;
/**
 * Read-back requests in flight per queue (the scheduler paces them to the plan): twice the
 * plan's burst. Each worker holds a booked slot; after a pause of the event loop every overdue
 * slot's request leaves at once and Amazon's bucket holds a burst of them, so more workers
 * mean more 429s (16 gave 6-10 a run, each costing a drained bucket and a retry), and fewer
 * leave slots unused while a worker writes its batch (5 reached 93%, 10 reached 97.5% of the
 * rate in `npm run bench:upload`).
 */
const READBACK_PARALLEL = 2 * USAGE_PLANS.searchListingsItems.burst;
/** SKUs per searchListingsItems read-back (the API's maximum page of identifiers). */
const READBACK_BATCH = 20;
/**
 * Read-backs before an accepted item that Amazon never shows stops being asked about: it ends
 * as `unknown` (结果未知), and 重新查询 (`POST /upload/recheck`) reads it back again.
 */
export const MAX_READBACKS = 10;
/**
 * Passes of a queue that may fail in a row (Amazon unreachable, a bug) before the queue stops
 * with the error; the wait between them doubles from `retryDelayMs` up to `MAX_RETRY_DELAY_MS`
 * (about 75 minutes in all at the defaults), so an outage of Amazon is waited out.
 */
export const MAX_FAILED_PASSES = 20;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** The reason an item whose read-back gave up carries. */
export const READBACK_GAVE_UP = '亚马逊已接受,但多次查询仍未显示该商品,结果未知。可稍后重新查询,或重新提交';

/** Settings of a runner (tests shorten them). */
export interface RunnerOptions {
  /** Seconds a claimed queue stays leased without renewal (a dead runner's queues wait this long). */
  leaseSeconds: number;
  /** Milliseconds one pass works on a queue before giving it back. */
  sliceMs: number;
  /** Test hook: called at each step boundary; throwing there is a crash at that point. */
  step?: (name: string) => void;
  /** The server is stopping: the pass ends at the next step. */
  signal?: AbortSignal | undefined;
  /** Milliseconds before a queue whose pass failed unexpectedly is tried again. */
  retryDelayMs: number;
  /**
   * Seconds (at Amazon's pace: divided by the time scale) a submitted feed may stay in
   * Amazon's queue or processing before its items end as `unknown` (结果未知).
   */
  feedTimeoutSeconds: number;
}

/** Default runner settings. */
export const RUNNER_DEFAULTS: RunnerOptions = {
  leaseSeconds: 60,
  sliceMs: 15_000,
  retryDelayMs: 5_000,
  feedTimeoutSeconds: 4 * 3600,
};

/** A pass stops early: the shop cannot be used (authorization lost). */
class QueueStopped extends Error {}

/** Amazon issues as stored. */
const amazonIssues = (issues: ListingsItemSubmissionResponse['issues'] | ListingsItem['issues']): StoredIssue[] =>
  (issues ?? []).map((i) => ({ ...i, categories: i.categories ?? [], source: 'amazon' as const }));

/**
 * One runner pass over a claimed queue (docs/upload.md "Pipeline"): expand the selection into
 * items, send what waits (Listings Items one by one, or JSON_LISTINGS_FEED documents), poll
 * feeds and read their reports, read accepted items back until they are live, then either
 * finish the queue or say when to come back. Every step is committed before the next request
 * leaves, so a runner killed anywhere resumes without sending an item twice or losing one.
 */
export class QueuePass implements PassSteps {
  private readonly started = Date.now();
  private nextInMs = 0;
  /** The shop's client (set when the pass opens the shop). */
  client!: SpApiClient;

  constructor(
    private readonly deps: AppDeps,
    readonly queueId: number,
    private readonly owner: string,
    private readonly opts: RunnerOptions,
  ) {}

  get db() {
    return this.deps.db;
  }

  timeLeft(): boolean {
    return Date.now() - this.started < this.opts.sliceMs && !this.opts.signal?.aborted;
  }

  later(ms: number) {
    this.nextInMs = this.nextInMs === 0 ? ms : Math.min(this.nextInMs, ms);
  }

  step(name: string) {
    this.opts.step?.(name);
  }

  /** Scaled wait of a poll (feeds are slow at Amazon, fast in a time-scaled simulator). */
  pollMs(seconds: number) {
    return Math.max(200, (seconds * 1000) / this.deps.config.spapi.timeScale);
  }

  /** How long (real milliseconds) a submitted feed may go unanswered. */
  feedTimeoutMs() {
    return (this.opts.feedTimeoutSeconds * 1000) / this.deps.config.spapi.timeScale;
  }

  async run(): Promise<void> {
    const q = await queueForRun(this.db, this.queueId);
    const renew = setInterval(
      () => void renewLease(this.db, this.queueId, this.owner, this.opts.leaseSeconds).catch(() => undefined),
      (this.opts.leaseSeconds * 1000) / 3,
    );
    try {
      this.client = await this.openShop(q.tenant_id, q.shop_id);
      await this.expand(q);
      if (q.mode === 'listings') await this.sendListings();
      else await sendFeeds(this, q);
      await this.readBack();
      await this.giveUpReadbacks();
      // A quantity that reached Amazon is the listing's stock now: its orders' 超卖 flags follow
      // (derived data, the next order sync recomputes them too, so a failure only warns).
      await recomputeOversold(this.db, q.tenant_id, q.shop_id).catch((e: unknown) =>
        console.warn(`oversold recompute after upload queue ${this.queueId} failed: ${String(e)}`),
      );
      const open = await countIn(this.db, this.queueId, OPEN_ITEM_STATUSES);
      const expanded = (await queueForRun(this.db, this.queueId)).expand_cursor >= q.goods_ids.length;
      if (open === 0 && expanded) await this.finish();
      else await releaseQueue(this.db, this.queueId, this.owner, { nextRunInMs: this.nextInMs, error: null });
    } catch (err) {
      const lost = err instanceof AuthorizationLost || (err instanceof SpApiError && err.kind === 'invalid_grant');
      if (lost || err instanceof QueueStopped) {
        if (err instanceof SpApiError) await shopAuthorizationLost(this.deps, q.tenant_id, q.shop_id, err.message);
        await this.stop(err instanceof Error ? err.message : String(err));
        return;
      }
      // Amazon unreachable, a crash hook, a bug: give the queue back to be tried again later,
      // waiting longer each time; after MAX_FAILED_PASSES in a row the queue stops with the error.
      const failures = q.failed_passes + 1;
      if (failures >= MAX_FAILED_PASSES) {
        const why = err instanceof Error ? err.message : String(err);
        await this.stop(`上传多次出错,已中止:${why}`).catch(() => undefined);
        throw err;
      }
      await releaseQueue(this.db, this.queueId, this.owner, {
        nextRunInMs: Math.min(this.opts.retryDelayMs * 2 ** (failures - 1), MAX_RETRY_DELAY_MS),
        failedPass: true,
      }).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }

  /** Finishes the queue; its creator reads about failed items (docs/messages.md). */
  private async finish() {
    await this.db.transaction().execute(async (trx) => {
      const r = await releaseQueue(trx, this.queueId, this.owner, { nextRunInMs: 0, status: 'done' });
      if (Number(r[0]?.numUpdatedRows ?? 0) > 0) await uploadEnded(trx, this.queueId);
    });
  }

  /** Stops the queue with the reason; every item still open ends with it (a stopped queue has no runner). */
  private async stop(reason: string) {
    await this.db.transaction().execute(async (trx) => {
      const r = await releaseQueue(trx, this.queueId, this.owner, { nextRunInMs: 0, status: 'failed', error: reason });
      if (Number(r[0]?.numUpdatedRows ?? 0) === 0) return;
      await setLedgerFromItems(trx, await endOpenItems(trx, this.queueId, reason));
      await uploadEnded(trx, this.queueId, reason);
    });
  }

  /**
   * The shop's client. A shop deleted since the queue was made, or whose authorization is no
   * longer valid, stops the queue with the reason (it would never be worked otherwise).
   */
  private async openShop(tenantId: number, shopId: number): Promise<SpApiClient> {
    try {
      return (await openShop(this.deps, tenantId, shopId)).client;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw new QueueStopped('店铺已删除,上传已中止');
      if (err instanceof AppError && err.status === 409) throw new QueueStopped(err.message);
      throw err;
    }
  }

  /** Accepted items Amazon never showed after the read-backs end as 结果未知. */
  private async giveUpReadbacks() {
    await this.db.transaction().execute(async (trx) => {
      await setLedgerFromItems(trx, await giveUpReadbacks(trx, this.queueId, MAX_READBACKS, READBACK_GAVE_UP));
    });
  }

  /** Maps the next products of the selection into items, a chunk per transaction. */
  private async expand(q: Awaited<ReturnType<typeof queueForRun>>) {
    let cursor = q.expand_cursor;
    if (cursor >= q.goods_ids.length) return;
    const account = await uploaderAccount(this.db, q.tenant_id, q.created_by);
    const schemas = clientSchemas(this.deps, this.client);
    while (cursor < q.goods_ids.length && this.timeLeft()) {
      const chunk = q.goods_ids.slice(cursor, cursor + EXPAND_CHUNK);
      const next = cursor + chunk.length;
      await this.db.transaction().execute(async (trx) => {
        await expandGoods(
          trx,
          {
            tenantId: q.tenant_id,
            shopId: q.shop_id,
            queueId: q.id,
            type: q.upload_type,
            marketplaces: q.marketplaces,
            account,
            imageUrl: uploadImageUrl(this.deps),
            schemas,
            held: new Set(q.held),
            onlyReady: q.only_ready,
          },
          chunk,
        );
        await advanceExpansion(trx, q.id, next);
      });
      this.step('expanded');
      cursor = next;
    }
  }

  // ---- Listings Items mode ---------------------------------------------------------------

  /** Items left `sending` by a runner that died: Amazon is asked whether they arrived. */
  private async reconcileSending() {
    const orphans = await itemsIn(this.db, this.queueId, ['sending'], 1000, { withoutFeed: true });
    for (const it of orphans) {
      const m = marketplaceByCode(it.marketplace)!;
      let listing: ListingsItem | undefined;
      try {
        listing = await this.client.listings.get(it.seller_sku, [m.marketplaceId], {
          includedData: ['summaries', 'attributes', 'issues'],
        });
      } catch (err) {
        if (!(err instanceof SpApiError && err.kind === 'not_found')) throw err;
      }
      if (listing && arrived(it.payload as ItemPayload, listing)) {
        await this.verdict(it, hasError(listing.issues) ? 'rejected' : 'accepted', amazonIssues(listing.issues));
      } else {
        await backToWaiting(this.db, [String(it.id)]);
      }
    }
  }

  private async verdict(
    it: RunItem,
    status: 'accepted' | 'rejected' | 'failed' | 'live',
    issues: StoredIssue[],
    error: string | null = null,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await finishItem(trx, String(it.id), { status, issues, error });
      await setLedgerFromItems(trx, [String(it.id)]);
    });
  }

  private async sendOne(it: RunItem) {
    const payload = it.payload as ItemPayload;
    const m = marketplaceByCode(it.marketplace)!;
    if (!(await markSending(this.db, String(it.id)))) return;
    this.step('marked-sending');
    let res: ListingsItemSubmissionResponse;
    try {
      const opts = { issueLocale: 'en_US', maxWaitMs: 10_000 };
      res =
        payload.operation === 'UPDATE'
          ? await this.client.listings.put(
              it.seller_sku,
              [m.marketplaceId],
              { productType: payload.productType, attributes: payload.attributes },
              opts,
            )
          : await this.client.listings.patch(
              it.seller_sku,
              [m.marketplaceId],
              { productType: payload.productType, patches: payload.patches },
              opts,
            );
    } catch (err) {
      if (err instanceof SpApiError && err.kind === 'deferred') {
        await backToWaiting(this.db, [String(it.id)]);
        this.later(err.p.waitMs ?? 1000);
        return;
      }
      if (err instanceof SpApiError && (err.kind === 'unauthorized' || err.kind === 'invalid_grant')) {
        await backToWaiting(this.db, [String(it.id)]);
        throw err;
      }
      if (err instanceof SpApiError && err.kind === 'not_found')
        return this.verdict(it, 'rejected', [
          {
            code: '90404',
            message: err.message,
            severity: 'ERROR',
            attributeNames: [],
            categories: [],
            source: 'amazon',
          },
        ]);
      if (err instanceof SpApiError) return this.verdict(it, 'failed', [], err.message);
      throw err;
    }
    this.step('sent');
    const issues = amazonIssues(res.issues);
    await this.verdict(it, res.status === 'ACCEPTED' && !hasError(issues) ? 'accepted' : 'rejected', issues);
  }

  /** Sends waiting items, parents before their children (a child needs its parent at Amazon). */
  private async sendListings() {
    await this.reconcileSending();
    while (this.timeLeft()) {
      const parentsOpen = await countIn(this.db, this.queueId, ['waiting', 'sending'], ['parent']);
      const batch = await itemsIn(
        this.db,
        this.queueId,
        ['waiting'],
        PARALLEL * 4,
        parentsOpen ? { roles: ['parent'] } : {},
      );
      if (batch.length === 0) return;
      let i = 0;
      const worker = async () => {
        while (i < batch.length && this.timeLeft()) {
          const it = batch[i++]!;
          await this.sendOne(it);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      if (this.nextInMs > 0) return;
    }
  }

  // ---- Feed mode: upload-feeds.ts ---------------------------------------------------

  // ---- Read-back -------------------------------------------------------------------------

  /**
   * Accepted items are read back (searchListingsItems by SKU, 20 at a time, with summaries and
   * issues): an item counts as live only when Amazon shows it buyable or discoverable without
   * errors; errors that appear later reject it.
   */
  private async readBack() {
    while (this.timeLeft()) {
      const due = (
        await itemsIn(this.db, this.queueId, ['accepted'], READBACK_BATCH * PARALLEL * 50, { withoutPayload: true })
      ).filter((a) => a.readbacks < MAX_READBACKS);
      if (due.length === 0) return;
      const batches: RunItem[][] = [];
      const byMarket = new Map<string, RunItem[]>();
      for (const a of due) byMarket.set(a.marketplace, [...(byMarket.get(a.marketplace) ?? []), a]);
      for (const list of byMarket.values())
        for (let i = 0; i < list.length; i += READBACK_BATCH) batches.push(list.slice(i, i + READBACK_BATCH));
      let next = 0;
      let unseenAny = false;
      const worker = async () => {
        while (next < batches.length && this.timeLeft()) {
          const batch = batches[next++]!;
          if ((await this.readBatch(batch)) > 0) unseenAny = true;
        }
      };
      await Promise.all(Array.from({ length: READBACK_PARALLEL }, worker));
      if (unseenAny) {
        this.later(this.pollMs(30));
        return;
      }
    }
  }

  /** Reads one batch of a marketplace back; answers how many Amazon did not show yet. */
  private async readBatch(batch: RunItem[]): Promise<number> {
    const m = marketplaceByCode(batch[0]!.marketplace)!;
    const res = await this.client.listings.search([m.marketplaceId], {
      identifiers: batch.map((b) => b.seller_sku),
      identifiersType: 'SKU',
      includedData: ['summaries', 'issues'],
      pageSize: READBACK_BATCH,
    });
    const found = new Map(res.items.map((x) => [x.sku, x]));
    const verdicts: { id: string; status: 'live' | 'rejected'; issues: StoredIssue[]; asin?: string | null }[] = [];
    const unseen: string[] = [];
    for (const it of batch) {
      const l = found.get(it.seller_sku);
      const status = l?.summaries?.[0]?.status ?? [];
      if (l && hasError(l.issues))
        verdicts.push({ id: String(it.id), status: 'rejected', issues: amazonIssues(l.issues) });
      else if (l && (status.includes('BUYABLE') || status.includes('DISCOVERABLE'))) {
        const issues = [...(it.issues as unknown as StoredIssue[]), ...amazonIssues(l.issues)].filter(
          (x, k, all) => all.findIndex((y) => y.code === x.code && y.message === x.message) === k,
        );
        verdicts.push({ id: String(it.id), status: 'live', issues, asin: l.summaries?.[0]?.asin ?? null });
      } else unseen.push(String(it.id));
    }
    await this.db.transaction().execute(async (trx) => {
      await finishItems(trx, verdicts);
      await countReadback(trx, unseen);
      await setLedgerFromItems(
        trx,
        verdicts.map((v) => v.id),
      );
    });
    return unseen.length;
  }
}

/** Whether what an item sends is what Amazon holds (the request arrived before the runner died). */
export function arrived(payload: ItemPayload, listing: ListingsItem): boolean {
  const held = listing.attributes ?? {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (payload.operation === 'UPDATE') return Object.entries(payload.attributes).every(([k, v]) => same(held[k], v));
  return payload.patches.every((p) => {
    const name = p.path.replace(/^\/attributes\//, '');
    return p.op === 'delete' ? held[name] === undefined : same(held[name], p.value);
  });
}

/**
 * An id for this process's runner (leases name it): the process's job-worker id, so that the
 * leases of a process that died are freed when the worker watch finds it dead (upload.jobs.ts).
 */
export const RUNNER_ID = WORKER_ID;

/**
 * Works due queues: claims up to `limit` and runs one pass on each, concurrently. Returns how
 * many were worked. `id` works that queue only (tests, and the create call's first pass).
 */
export async function runDueQueues(
  deps: AppDeps,
  opts: Partial<RunnerOptions> & { limit?: number; id?: number; owner?: string } = {},
): Promise<number> {
  const o = { ...RUNNER_DEFAULTS, ...opts };
  const owner = opts.owner ?? RUNNER_ID;
  const claimed = await claimQueues(deps.db, owner, o.leaseSeconds, opts.limit ?? 4, opts.id);
  const results = await Promise.allSettled(claimed.map((c) => new QueuePass(deps, c.id, owner, o).run()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return claimed.length;
}
