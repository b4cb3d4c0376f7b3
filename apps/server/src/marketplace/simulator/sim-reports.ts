import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { CreateReportSpecification, Report } from '../sp-api.reports.js';
import type { SimOrder } from './sim-orders.js';
import { feedbackTsv, performanceReport } from './sim-reports-data.js';
import type { SimRoute } from './sim-routes.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';

/**
 * Reports API 2021-06-30 of the simulated Amazon (docs/reports.md): createReport queues a
 * report, which is IN_QUEUE for `QUEUE_SECONDS` and IN_PROGRESS for `PROCESS_SECONDS` (both
 * divided by the simulator's time scale), then DONE with a document built from the seller's
 * simulated orders: GET_V2_SELLER_PERFORMANCE_REPORT (JSON of the vendored account health
 * schema, served GZIP-compressed) and GET_SELLER_FEEDBACK_DATA (tab-separated, plain). Rate
 * limits and injected faults are the simulator's (429 with `x-amzn-RateLimit-Limit`).
 */

export const SIM_REPORT_TYPES = ['GET_V2_SELLER_PERFORMANCE_REPORT', 'GET_SELLER_FEEDBACK_DATA'] as const;

const QUEUE_SECONDS = 1;
const PROCESS_SECONDS = 2;

interface SimReport extends Report {
  sellerId: string;
  timers: NodeJS.Timeout[];
}

/** The reports of one simulator and its test knobs. */
export interface SimReports {
  reports: Map<string, SimReport>;
  /** createReport calls received, per report type (tests read it: one report per refresh). */
  created: Map<string, number>;
  /** The next reports end FATAL with this error document (then the knob clears). */
  fatalNext: { message: string; count: number } | null;
}

const states = new WeakMap<SpApiSimulator, SimReports>();

/** The reports state of a simulator. */
export function simReports(sim: SpApiSimulator): SimReports {
  let s = states.get(sim);
  if (!s) {
    s = { reports: new Map(), created: new Map(), fatalNext: null };
    states.set(sim, s);
  }
  return s;
}

const reportId = () => String(Number.parseInt(randomBytes(5).toString('hex'), 16));
const docId = () => `amzn1.spdoc.1.4.na.${randomBytes(12).toString('hex')}`;

/** The seller's orders in a marketplace. */
export function sellerOrders(sim: SpApiSimulator, sellerId: string, marketplaceId: string): SimOrder[] {
  return [...sim.orders.orders.values()].filter((o) => o.sellerId === sellerId && o.marketplaceId === marketplaceId);
}

function view(r: SimReport): Report {
  const { sellerId: _s, timers: _t, ...report } = r;
  return report;
}

function putDocument(sim: SpApiSimulator, content: string, contentType: string, gzip: boolean): string {
  const id = docId();
  const raw = Buffer.from(content, 'utf8');
  sim.documents.set(id, { id, contentType, content: gzip ? gzipSync(raw) : raw, gzip });
  return id;
}

function build(sim: SpApiSimulator, r: SimReport): void {
  const s = simReports(sim);
  r.processingEndTime = new Date().toISOString();
  if (s.fatalNext && s.fatalNext.count > 0) {
    const message = s.fatalNext.message;
    if (--s.fatalNext.count <= 0) s.fatalNext = null;
    r.reportDocumentId = putDocument(sim, message, 'text/plain', false);
    r.processingStatus = 'FATAL';
    return;
  }
  const marketplaceId = r.marketplaceIds![0]!;
  const orders = sellerOrders(sim, r.sellerId, marketplaceId);
  const now = Date.now();
  if (r.reportType === 'GET_V2_SELLER_PERFORMANCE_REPORT') {
    const json = JSON.stringify(performanceReport(orders, marketplaceId, now, sim.timeScale));
    r.reportDocumentId = putDocument(sim, json, 'application/json', true);
  } else {
    const region = marketplaceById(marketplaceId)?.region ?? 'NA';
    const tsv = feedbackTsv(orders, now, region, r.dataStartTime ? Date.parse(r.dataStartTime) : 0, sim.timeScale);
    r.reportDocumentId = putDocument(sim, tsv, 'text/tab-separated-values; charset=UTF-8', false);
  }
  r.processingStatus = 'DONE';
}

function schedule(sim: SpApiSimulator, r: SimReport): void {
  const unit = 1000 / sim.timeScale;
  // Unref'd: a report still processing never keeps a closing process alive.
  const first = setTimeout(() => {
    r.processingStatus = 'IN_PROGRESS';
    r.processingStartTime = new Date().toISOString();
    r.timers.push(setTimeout(() => build(sim, r), PROCESS_SECONDS * unit).unref());
  }, QUEUE_SECONDS * unit).unref();
  r.timers.push(first);
}

/** createReport (202). */
export function handleCreateReport(sim: SpApiSimulator, req: SimReq): SimRes {
  const b = req.json as Partial<CreateReportSpecification> | null;
  if (!b || typeof b.reportType !== 'string') return amazonError(400, 'InvalidInput', "Missing required 'reportType'.");
  if (!(SIM_REPORT_TYPES as readonly string[]).includes(b.reportType))
    return amazonError(400, 'InvalidInput', `Report type '${b.reportType}' is not supported.`);
  const ids = b.marketplaceIds;
  if (!Array.isArray(ids) || ids.length !== 1 || typeof ids[0] !== 'string' || !marketplaceById(ids[0]))
    return amazonError(400, 'InvalidInput', "'marketplaceIds' must name exactly one marketplace for this report type.");
  for (const t of [b.dataStartTime, b.dataEndTime]) {
    if (t !== undefined && (typeof t !== 'string' || Number.isNaN(Date.parse(t))))
      return amazonError(400, 'InvalidInput', "'dataStartTime' and 'dataEndTime' must be ISO 8601 date-times.");
  }
  const s = simReports(sim);
  s.created.set(b.reportType, (s.created.get(b.reportType) ?? 0) + 1);
  const r: SimReport = {
    reportId: reportId(),
    reportType: b.reportType,
    marketplaceIds: ids as string[],
    createdTime: new Date().toISOString(),
    processingStatus: 'IN_QUEUE',
    ...(b.dataStartTime ? { dataStartTime: b.dataStartTime } : {}),
    ...(b.dataEndTime ? { dataEndTime: b.dataEndTime } : {}),
    sellerId: req.sellerId,
    timers: [],
  };
  s.reports.set(r.reportId, r);
  schedule(sim, r);
  return { status: 202, body: { reportId: r.reportId } };
}

/** getReport: another seller's report is not found, as on Amazon. */
export function handleGetReport(sim: SpApiSimulator, req: SimReq): SimRes {
  const r = simReports(sim).reports.get(req.params[0]!);
  if (!r || r.sellerId !== req.sellerId) return amazonError(404, 'NotFound', 'The requested report was not found.');
  return { status: 200, body: view(r) };
}

/** getReportDocument: the pre-signed URL of a report's document (GZIP for compressed ones). */
export function handleGetReportDocument(sim: SpApiSimulator, req: SimReq): SimRes {
  const id = req.params[0]!;
  const owned = [...simReports(sim).reports.values()].some(
    (r) => r.reportDocumentId === id && r.sellerId === req.sellerId,
  );
  const doc = sim.documents.get(id);
  if (!doc || !owned) return amazonError(404, 'NotFound', 'The requested report document was not found.');
  return {
    status: 200,
    body: {
      reportDocumentId: id,
      url: `${sim.url}/_sim/documents/${id}?X-Amz-Signature=${randomBytes(16).toString('hex')}`,
      ...(doc.gzip ? { compressionAlgorithm: 'GZIP' } : {}),
    },
  };
}

/**
 * The Reports API routes (spread into `ROUTES` of sim-routes.ts; a function, so the import
 * cycle through sim-server.ts finds it whichever module loads first).
 */
export function reportRoutes(): SimRoute[] {
  const seg = '([^/]+)';
  return [
    {
      method: 'POST',
      pattern: /^\/reports\/2021-06-30\/reports$/,
      operation: 'createReport',
      handle: handleCreateReport,
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/reports/2021-06-30/reports/${seg}$`),
      operation: 'getReport',
      handle: handleGetReport,
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/reports/2021-06-30/documents/${seg}$`),
      operation: 'getReportDocument',
      handle: handleGetReportDocument,
    },
  ];
}
