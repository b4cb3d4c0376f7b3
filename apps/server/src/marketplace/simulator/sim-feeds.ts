import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type {
  FeedReportIssue,
  ListingAttributes,
  ListingsFeedDocument,
  ListingsFeedMessage,
  ListingsFeedProcessingReport,
} from '../sp-api.types.js';
import { applyPatches, contextFor, itemOf, storeListing } from './sim-listings.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';
import type { SimFeed } from './sim-state.js';
import { MAX_SKU_LENGTH, SIM_ISSUE, validateListing } from './sim-validate.js';

/** Feed-level issue codes of the processing report: a FATAL document, and a message that is not one. */
export const SIM_FEED_ISSUE = { fatal: '100001', badMessage: '100002' } as const;

/** Timers of a feed's processing (cleared when the simulator closes). */
export interface FeedRuntime {
  timers: NodeJS.Timeout[];
}

const id = () => String(Number.parseInt(randomBytes(5).toString('hex'), 16));
const docId = () => `amzn1.tortuga.4.na.${randomBytes(12).toString('hex')}`;

/** createFeedDocument: a document id and its pre-signed upload URL (201). */
export function handleCreateDocument(sim: SpApiSimulator, req: SimReq): SimRes {
  const contentType = (req.json as { contentType?: unknown } | null)?.contentType;
  if (typeof contentType !== 'string' || !contentType)
    return amazonError(400, 'InvalidInput', "Missing required 'contentType'.");
  const feedDocumentId = docId();
  sim.documents.set(feedDocumentId, { id: feedDocumentId, contentType, content: null, gzip: false });
  return {
    status: 201,
    body: {
      feedDocumentId,
      url: `${sim.url}/_sim/documents/${feedDocumentId}?X-Amz-Signature=${randomBytes(16).toString('hex')}`,
    },
  };
}

/** The pre-signed URL: PUT stores the upload, GET returns a document (gzip for results). */
export function handleDocument(sim: SpApiSimulator, req: SimReq): SimRes {
  const doc = sim.documents.get(req.params[0]!);
  if (!doc || !req.query.get('X-Amz-Signature'))
    return { status: 403, text: '<Error><Code>AccessDenied</Code></Error>' };
  if (req.method === 'PUT') {
    const type = String(req.headers['content-type'] ?? '');
    if (type.split(';')[0]!.trim().toLowerCase() !== doc.contentType.split(';')[0]!.trim().toLowerCase()) {
      return { status: 403, text: '<Error><Code>SignatureDoesNotMatch</Code></Error>' };
    }
    doc.content = req.raw;
    return { status: 200, text: '' };
  }
  if (!doc.content) return { status: 404, text: '<Error><Code>NoSuchKey</Code></Error>' };
  return { status: 200, buffer: doc.content, headers: { 'content-type': doc.contentType } };
}

/** getFeedDocument: the download URL, `compressionAlgorithm: GZIP` for processing reports. */
export function handleGetDocument(sim: SpApiSimulator, req: SimReq): SimRes {
  const doc = sim.documents.get(req.params[0]!);
  if (!doc) return amazonError(404, 'NotFound', 'The requested feed document was not found.');
  return {
    status: 200,
    body: {
      feedDocumentId: doc.id,
      url: `${sim.url}/_sim/documents/${doc.id}?X-Amz-Signature=${randomBytes(16).toString('hex')}`,
      ...(doc.gzip ? { compressionAlgorithm: 'GZIP' } : {}),
    },
  };
}

function feedView(f: SimFeed) {
  const { sellerId: _s, inputFeedDocumentId: _i, ...feed } = f as SimFeed & Partial<FeedRuntime>;
  delete feed.timers;
  return feed;
}

/** createFeed (202): JSON_LISTINGS_FEED of an uploaded document, processed asynchronously. */
export function handleCreateFeed(sim: SpApiSimulator, req: SimReq): SimRes {
  const b = req.json as { feedType?: unknown; marketplaceIds?: unknown; inputFeedDocumentId?: unknown } | null;
  if (!b || typeof b.feedType !== 'string') return amazonError(400, 'InvalidInput', "Missing required 'feedType'.");
  if (b.feedType !== 'JSON_LISTINGS_FEED')
    return amazonError(400, 'InvalidInput', `Feed type '${b.feedType}' is not supported.`);
  if (!Array.isArray(b.marketplaceIds) || b.marketplaceIds.length !== 1 || typeof b.marketplaceIds[0] !== 'string') {
    return amazonError(
      400,
      'InvalidInput',
      "'marketplaceIds' must name exactly one marketplace for JSON_LISTINGS_FEED.",
    );
  }
  const doc = typeof b.inputFeedDocumentId === 'string' ? sim.documents.get(b.inputFeedDocumentId) : undefined;
  if (!doc?.content)
    return amazonError(400, 'InvalidInput', "'inputFeedDocumentId' does not name an uploaded document.");
  const feed: SimFeed & FeedRuntime = {
    feedId: id(),
    feedType: b.feedType,
    marketplaceIds: b.marketplaceIds as string[],
    createdTime: new Date().toISOString(),
    processingStatus: 'IN_QUEUE',
    sellerId: req.sellerId,
    inputFeedDocumentId: doc.id,
    timers: [],
  };
  sim.feeds.set(feed.feedId, feed);
  schedule(sim, feed);
  return { status: 202, body: { feedId: feed.feedId } };
}

function schedule(sim: SpApiSimulator, feed: SimFeed & FeedRuntime): void {
  const unit = (1000 * sim.feedMode.slowFactor) / sim.timeScale;
  const queue = (sim.options.feedQueueSeconds ?? 5) * unit;
  const work = (sim.options.feedProcessSeconds ?? 10) * unit;
  const stuck = sim.feedMode.neverFinish;
  feed.timers.push(
    setTimeout(() => {
      if (feed.processingStatus !== 'IN_QUEUE') return;
      feed.processingStatus = 'IN_PROGRESS';
      feed.processingStartTime = new Date().toISOString();
      if (stuck) return;
      feed.timers.push(
        setTimeout(() => {
          processFeed(sim, feed).catch(() => {
            feed.processingStatus = 'FATAL';
            feed.processingEndTime = new Date().toISOString();
          });
        }, work),
      );
    }, queue),
  );
}

function fatal(sim: SpApiSimulator, feed: SimFeed, message: string): void {
  finish(sim, feed, 'FATAL', {
    header: { sellerId: feed.sellerId, version: '2.0', feedId: feed.feedId },
    issues: [{ code: SIM_FEED_ISSUE.fatal, severity: 'ERROR', message }],
    summary: { errors: 1, warnings: 0, messagesProcessed: 0, messagesAccepted: 0, messagesInvalid: 0 },
  });
}

function finish(
  sim: SpApiSimulator,
  feed: SimFeed,
  status: 'DONE' | 'FATAL',
  report: ListingsFeedProcessingReport,
): void {
  const resultId = docId();
  sim.documents.set(resultId, {
    id: resultId,
    contentType: 'application/json',
    content: gzipSync(Buffer.from(JSON.stringify(report), 'utf8')),
    gzip: true,
  });
  feed.resultFeedDocumentId = resultId;
  feed.processingStatus = status;
  feed.processingEndTime = new Date().toISOString();
}

function messageOk(m: unknown): m is ListingsFeedMessage {
  const x = m as Partial<ListingsFeedMessage> | null;
  return (
    !!x &&
    Number.isInteger(x.messageId) &&
    typeof x.sku === 'string' &&
    x.sku.length > 0 &&
    ['UPDATE', 'PARTIAL_UPDATE', 'PATCH', 'DELETE'].includes(String(x.operationType))
  );
}

/** Processes a listings feed document message by message, in order, and writes the report. */
/** Messages the simulator validates between two turns of the event loop. */
const YIELD_EVERY = 100;

async function processFeed(sim: SpApiSimulator, feed: SimFeed): Promise<void> {
  if (feed.processingStatus !== 'IN_PROGRESS') return;
  const doc = sim.documents.get(feed.inputFeedDocumentId)!;
  let parsed: ListingsFeedDocument;
  try {
    parsed = JSON.parse(doc.content!.toString('utf8')) as ListingsFeedDocument;
  } catch {
    return fatal(sim, feed, 'The feed document is not valid JSON.');
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    parsed.header?.version !== '2.0' ||
    typeof parsed.header.sellerId !== 'string'
  ) {
    return fatal(sim, feed, "The feed header must carry 'sellerId' and version '2.0'.");
  }
  if (parsed.header.sellerId !== feed.sellerId)
    return fatal(sim, feed, 'The feed header sellerId does not match the selling partner.');
  if (!Array.isArray(parsed.messages) || parsed.messages.length < 1 || parsed.messages.length > 25_000) {
    return fatal(sim, feed, "The feed must carry 1 to 25,000 'messages'.");
  }
  const marketplaceId = feed.marketplaceIds![0]!;
  const issues: FeedReportIssue[] = [];
  let accepted = 0;
  let invalid = 0;
  const touched: string[] = [];
  const seen = new Set<number>();
  const acceptedSkus = new Set<string>();
  let count = 0;
  for (const m of parsed.messages) {
    // Amazon processes feeds on its own machines: the simulator, which shares a process with
    // the server in tests and benchmarks, gives the event loop back every few messages so that
    // the requests it answers meanwhile are not held up for a whole 10,000-message feed.
    if (++count % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    if (!messageOk(m) || seen.has(m.messageId)) {
      invalid++;
      issues.push({
        ...(m && Number.isInteger((m as ListingsFeedMessage).messageId)
          ? { messageId: (m as ListingsFeedMessage).messageId }
          : {}),
        code: SIM_FEED_ISSUE.badMessage,
        severity: 'ERROR',
        message: 'The message is invalid: it needs a unique messageId, a sku and an operationType.',
      });
      continue;
    }
    seen.add(m.messageId);
    sim.countSubmission(feed.sellerId, marketplaceId, m.sku);
    const push = (code: string, message: string, attributeName?: string) =>
      issues.push({
        messageId: m.messageId,
        sku: m.sku,
        code,
        severity: 'ERROR',
        message,
        ...(attributeName ? { attributeName } : {}),
      });
    if (m.sku.length > MAX_SKU_LENGTH) {
      push(SIM_ISSUE.skuTooLong, `The SKU '${m.sku}' is longer than ${MAX_SKU_LENGTH} characters.`);
      invalid++;
      continue;
    }
    const k = `${feed.sellerId}|${marketplaceId}|${m.sku}`;
    if (m.operationType === 'DELETE') {
      sim.listings.delete(k);
      accepted++;
      continue;
    }
    const existing = sim.listings.get(k);
    let attributes: ListingAttributes | string | undefined;
    if (m.operationType === 'UPDATE') attributes = m.attributes;
    else if (m.operationType === 'PARTIAL_UPDATE')
      attributes = existing ? { ...existing.attributes, ...m.attributes } : undefined;
    else attributes = existing ? applyPatches(existing.attributes, m.patches ?? []) : undefined;
    if (!m.productType || attributes === undefined) {
      push(
        SIM_ISSUE.notFound,
        m.productType ? 'The listing does not exist; send an UPDATE first.' : "'productType' is required.",
      );
      invalid++;
      continue;
    }
    if (typeof attributes === 'string') {
      push(SIM_ISSUE.invalidValue, attributes);
      invalid++;
      continue;
    }
    const found = await validateListing(
      { sku: m.sku, marketplaceId, productType: m.productType, requirements: m.requirements, attributes },
      contextFor(sim, feed.sellerId, marketplaceId, acceptedSkus),
    );
    for (const i of found) push(i.code, i.message, i.attributeNames?.[0]);
    if (found.length) {
      invalid++;
      continue;
    }
    storeListing(sim, { sellerId: feed.sellerId, marketplaceId, sku: m.sku, productType: m.productType, attributes });
    acceptedSkus.add(m.sku);
    touched.push(k);
    accepted++;
  }
  const included = parsed.header.report?.includedData;
  const items = included ? touched.map((k) => itemOf(sim, [sim.listings.get(k)!], included)) : undefined;
  finish(sim, feed, 'DONE', {
    header: {
      sellerId: feed.sellerId,
      version: '2.0',
      feedId: feed.feedId,
      ...(parsed.header.report ? { report: parsed.header.report } : {}),
    },
    issues,
    summary: {
      errors: issues.filter((i) => i.severity === 'ERROR').length,
      warnings: issues.filter((i) => i.severity === 'WARNING').length,
      messagesProcessed: parsed.messages.length,
      messagesAccepted: accepted,
      messagesInvalid: invalid,
      ...(items ? { itemSummary: { items: items.length, errors: 0, warnings: 0 } } : {}),
    },
    ...(items ? { items } : {}),
  });
}

/** getFeed. */
export function handleGetFeed(sim: SpApiSimulator, req: SimReq): SimRes {
  const feed = sim.feeds.get(req.params[0]!);
  if (!feed || feed.sellerId !== req.sellerId) return amazonError(404, 'NotFound', 'The requested feed was not found.');
  return { status: 200, body: feedView(feed) };
}

/** cancelFeed: only while IN_QUEUE. */
export function handleCancelFeed(sim: SpApiSimulator, req: SimReq): SimRes {
  const feed = sim.feeds.get(req.params[0]!);
  if (!feed || feed.sellerId !== req.sellerId) return amazonError(404, 'NotFound', 'The requested feed was not found.');
  if (feed.processingStatus !== 'IN_QUEUE') {
    return amazonError(400, 'InvalidInput', `The feed cannot be cancelled in status ${feed.processingStatus}.`);
  }
  feed.processingStatus = 'CANCELLED';
  for (const t of feed.timers) clearTimeout(t);
  return { status: 200, body: undefined };
}

/**
 * getFeeds: the seller's feeds, newest first, filtered by `feedTypes` (required without
 * `nextToken`), `marketplaceIds`, `processingStatuses`, `createdSince`/`createdUntil`, paged
 * by `pageSize` (1-100, default 10) with an opaque `nextToken` used alone.
 */
export function handleGetFeeds(sim: SpApiSimulator, req: SimReq): SimRes {
  const token = req.query.get('nextToken');
  let q = req.query;
  let offset = 0;
  if (token) {
    if ([...req.query.keys()].some((k) => k !== 'nextToken'))
      return amazonError(400, 'InvalidInput', 'nextToken must be the only parameter.');
    try {
      const saved = JSON.parse(Buffer.from(token, 'base64url').toString()) as { q: string; offset: number };
      q = new URLSearchParams(saved.q);
      offset = saved.offset;
    } catch {
      return amazonError(400, 'InvalidInput', 'Invalid nextToken.');
    }
  }
  const types = (q.get('feedTypes') ?? '').split(',').filter(Boolean);
  if (!types.length) return amazonError(400, 'InvalidInput', 'Either feedTypes or nextToken is required.');
  const pageSize = Number(q.get('pageSize') ?? 10);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    return amazonError(400, 'InvalidInput', "'pageSize' must be 1 to 100.");
  const markets = (q.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  const statuses = (q.get('processingStatuses') ?? '').split(',').filter(Boolean);
  const since = q.get('createdSince') ? Date.parse(q.get('createdSince')!) : Number.NEGATIVE_INFINITY;
  const until = q.get('createdUntil') ? Date.parse(q.get('createdUntil')!) : Number.POSITIVE_INFINITY;
  const all = [...sim.feeds.values()]
    .filter((f) => f.sellerId === req.sellerId && types.includes(f.feedType))
    .filter((f) => !markets.length || (f.marketplaceIds ?? []).some((m) => markets.includes(m)))
    .filter((f) => !statuses.length || statuses.includes(f.processingStatus))
    .filter((f) => Date.parse(f.createdTime) >= since && Date.parse(f.createdTime) <= until)
    .sort((a, b) => Date.parse(b.createdTime) - Date.parse(a.createdTime));
  const page = all.slice(offset, offset + pageSize);
  const next =
    offset + pageSize < all.length
      ? Buffer.from(JSON.stringify({ q: q.toString(), offset: offset + pageSize })).toString('base64url')
      : undefined;
  return { status: 200, body: { feeds: page.map(feedView), ...(next ? { nextToken: next } : {}) } };
}
