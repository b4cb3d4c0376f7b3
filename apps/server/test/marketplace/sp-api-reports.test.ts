import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simReports } from '../../src/marketplace/simulator/sim-reports.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { parseFeedbackReport, parsePerformanceReport } from '../../src/modules/reports/reports.parse.js';
import { inboundClient, listSku, MODELS, modelErrors, US } from './inbound-support.js';

/**
 * Reports API client against the simulator: the account health report conforms to the vendored
 * schema, feedback rows follow the seller's orders, 429 is retried, FATAL carries Amazon's
 * message, and the GZIP document is unzipped.
 */
const SCALE = 100;
const REPORTS_MODEL = 'reports-api-model/reports_2021-06-30.json';
const AHR_SCHEMA = path.resolve(MODELS, '../schemas/reports/accountHealthReport-2020-11-18.json');
const POLL = { firstPollMs: 200, maxPollMs: 1000 };

let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;
let shippedId: string;
let refundedId: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  ({ client, seller } = await inboundClient(sim, SCALE));
  listSku(sim, seller, 'REP-1');
  const past = Date.now() - 3_600_000;
  const make = () =>
    sim.orders.generate({ sellerId: seller, marketplaceId: US, at: past, outcome: 'normal', channel: 'MFN' })[0]!;
  shippedId = make();
  refundedId = make();
  sim.orders.generate({ sellerId: seller, marketplaceId: US, count: 2, outcome: 'normal', channel: 'MFN' });
  sim.orders.ship(shippedId, past + 1000);
  sim.orders.ship(refundedId, past + 1000);
  sim.orders.refund(refundedId, past + 2000);
});
afterAll(() => sim?.close());

describe('Reports API 2021-06-30 against the simulator', () => {
  it('builds an account health report that conforms to the vendored schema (GZIP document)', async () => {
    const id = await client.reports.createReport({
      reportType: 'GET_V2_SELLER_PERFORMANCE_REPORT',
      marketplaceIds: [US],
    });
    const report = await client.reports.waitForReport(id, POLL);
    expect(modelErrors(REPORTS_MODEL, 'Report', report)).toBe('');
    expect(report.processingStatus).toBe('DONE');
    const doc = await client.reports.getReportDocument(report.reportDocumentId!);
    expect(modelErrors(REPORTS_MODEL, 'ReportDocument', doc)).toBe('');
    expect(doc.compressionAlgorithm).toBe('GZIP');
    const text = await client.reports.download(report.reportDocumentId!);
    const json = JSON.parse(text);
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(fs.readFileSync(AHR_SCHEMA, 'utf8')));
    expect(validate(json) ? '' : JSON.stringify(validate.errors)).toBe('');
    const figures = parsePerformanceReport(text, US);
    // One of the two shipped MFN orders in the 60-day window was refunded: 1-star feedback, a defect.
    expect(figures.odr_mfn).toMatchObject({ order_count: 4, defects: 1, negative_feedback: 1, status: 'BAD' });
    expect(figures.odr_mfn.rate).toBe(0.25);
    expect(figures.account_status).toBe('AT_RISK');
    expect(figures.ahr_status).toBe('WARNED');
  });

  it('lists feedback of the shipped orders, tab-separated', async () => {
    const r = await client.reports.fetchReport(
      { reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [US], dataStartTime: new Date(0).toISOString() },
      POLL,
    );
    expect(r.status).toBe('DONE');
    if (r.status !== 'DONE') return;
    const rows = parseFeedbackReport(r.content, 'NA');
    expect(rows.map((x) => x.order_id).sort()).toEqual([refundedId, shippedId].sort());
    expect(rows.find((x) => x.order_id === refundedId)!.rating).toBe(1);
    expect(rows[0]!.feedback_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('retries a 429 of createReport and creates one report', async () => {
    const before = simReports(sim).created.get('GET_SELLER_FEEDBACK_DATA') ?? 0;
    const calls = sim.counters.requests.get('createReport') ?? 0;
    sim.inject({ kind: 'throttle', count: 1, operation: 'createReport' });
    const r = await client.reports.fetchReport({ reportType: 'GET_SELLER_FEEDBACK_DATA', marketplaceIds: [US] }, POLL);
    expect(r.status).toBe('DONE');
    expect(sim.counters.requests.get('createReport')).toBe(calls + 2);
    expect(simReports(sim).created.get('GET_SELLER_FEEDBACK_DATA')).toBe(before + 1);
  });

  it('ends FATAL with the error document Amazon wrote', async () => {
    simReports(sim).fatalNext = { message: 'The seller is not eligible for this report.', count: 1 };
    const r = await client.reports.fetchReport(
      { reportType: 'GET_V2_SELLER_PERFORMANCE_REPORT', marketplaceIds: [US] },
      POLL,
    );
    expect(r.status).toBe('FATAL');
    if (r.status === 'FATAL') expect(r.message).toBe('The seller is not eligible for this report.');
  });

  it('refuses an unknown report type with Amazon 400', async () => {
    const err = await client.reports
      .createReport({ reportType: 'GET_NOTHING', marketplaceIds: [US] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpApiError);
    expect((err as SpApiError).kind).toBe('rejected');
  });
});
