import { downloadDocument, type TransferOptions } from './document-transfer.js';
import { sleep } from './http-retry.js';
import { shape } from './shape.js';
import { SpApiError } from './sp-api.errors.js';
import type { SpApiHttp } from './sp-api.http.js';

/**
 * Reports API 2021-06-30 (`vendor/amazon-sp-api/models/reports-api-model/reports_2021-06-30.json`):
 * createReport, getReport, getReportDocument and the document's pre-signed URL. The types are
 * the model's definitions (same names). `fetchReport` runs the whole cycle: create, poll until
 * DONE / CANCELLED / FATAL, read the document (gunzipped when `compressionAlgorithm` is GZIP).
 */

/** `Report.processingStatus`. */
export type ReportProcessingStatus = 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';

/** `Report`. */
export interface Report {
  reportId: string;
  reportType: string;
  processingStatus: ReportProcessingStatus;
  createdTime: string;
  marketplaceIds?: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  reportScheduleId?: string;
  processingStartTime?: string;
  processingEndTime?: string;
  reportDocumentId?: string;
}

/** `CreateReportSpecification`. */
export interface CreateReportSpecification {
  reportType: string;
  marketplaceIds: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  reportOptions?: Record<string, string>;
}

/** `ReportDocument`. */
export interface ReportDocument {
  reportDocumentId: string;
  url: string;
  compressionAlgorithm?: 'GZIP';
}

/** How a finished report ended: its data, or Amazon's reason it has none. */
export type FetchedReport =
  | { status: 'DONE'; report: Report; content: string }
  | { status: 'CANCELLED'; report: Report }
  /** `message`: the error document's text when Amazon wrote one (FATAL reports often do). */
  | { status: 'FATAL'; report: Report; message: string };

/** Polling of `fetchReport` (times at time scale 1). */
export interface PollOptions {
  /** First wait between getReport calls (default 2 s); grows 1.5x per poll up to `maxPollMs`. */
  firstPollMs?: number;
  /** Longest wait between polls (default 60 s). */
  maxPollMs?: number;
  /** Give up after this long (default 30 minutes): throws `timeout`. */
  timeoutMs?: number;
}

const REPORTS = '/reports/2021-06-30';
const FINISHED = new Set<ReportProcessingStatus>(['DONE', 'CANCELLED', 'FATAL']);

/** Reports API 2021-06-30. */
export class ReportsApi {
  constructor(
    private readonly http: SpApiHttp,
    private readonly transfer: TransferOptions,
    /** The scheduler's time scale: polling waits are divided by it. */
    private readonly scale = 1,
  ) {}

  /** createReport (202): the id of the report Amazon starts preparing. */
  async createReport(spec: CreateReportSpecification): Promise<string> {
    const r = await this.http.send({
      operation: 'createReport',
      method: 'POST',
      path: `${REPORTS}/reports`,
      body: spec,
      check: shape<{ reportId: string }>({ reportId: 'string' }, '报告'),
    });
    return r.body.reportId;
  }

  /** getReport: its processing status and, when DONE (or FATAL with an error document), the document id. */
  async getReport(reportId: string): Promise<Report> {
    const r = await this.http.send({
      operation: 'getReport',
      method: 'GET',
      path: `${REPORTS}/reports/${encodeURIComponent(reportId)}`,
      check: shape<Report>(
        { reportId: 'string', reportType: 'string', processingStatus: 'string', createdTime: 'string' },
        '报告',
      ),
    });
    return r.body;
  }

  /** getReportDocument: the pre-signed download URL (valid 5 minutes) and its compression. */
  async getReportDocument(reportDocumentId: string): Promise<ReportDocument> {
    const r = await this.http.send({
      operation: 'getReportDocument',
      method: 'GET',
      path: `${REPORTS}/documents/${encodeURIComponent(reportDocumentId)}`,
      check: shape<ReportDocument>(
        { reportDocumentId: 'string', url: 'string', 'compressionAlgorithm?': 'string' },
        '报告文档',
      ),
    });
    return r.body;
  }

  /** Downloads a report document as text (UTF-8, unzipped). */
  async download(reportDocumentId: string): Promise<string> {
    const doc = await this.getReportDocument(reportDocumentId);
    return (await downloadDocument(doc.url, doc.compressionAlgorithm, this.transfer)).toString('utf8');
  }

  /** Polls getReport until the report is DONE, CANCELLED or FATAL (bounded by `timeoutMs`). */
  async waitForReport(reportId: string, opts: PollOptions = {}): Promise<Report> {
    const deadline = performance.now() + (opts.timeoutMs ?? 30 * 60_000) / this.scale;
    let wait = opts.firstPollMs ?? 2000;
    for (;;) {
      const report = await this.getReport(reportId);
      if (FINISHED.has(report.processingStatus)) return report;
      if (performance.now() + wait / this.scale > deadline) {
        throw SpApiError.of('timeout', { operation: 'getReport', detail: '报告生成超时' });
      }
      await sleep(wait / this.scale);
      wait = Math.min(opts.maxPollMs ?? 60_000, Math.round(wait * 1.5));
    }
  }

  /**
   * Polls an existing report to its end and reads its document (a run that created the
   * report before a crash resumes here instead of creating a second one).
   */
  async finishReport(reportId: string, opts: PollOptions = {}): Promise<FetchedReport> {
    const report = await this.waitForReport(reportId, opts);
    if (report.processingStatus === 'CANCELLED') return { status: 'CANCELLED', report };
    if (report.processingStatus === 'FATAL') {
      let message = '';
      if (report.reportDocumentId) message = (await this.download(report.reportDocumentId)).trim().slice(0, 2000);
      return { status: 'FATAL', report, message };
    }
    if (!report.reportDocumentId) {
      throw SpApiError.of('malformed', { operation: 'getReport', detail: '报告已完成但没有文档' });
    }
    return { status: 'DONE', report, content: await this.download(report.reportDocumentId) };
  }

  /** The whole cycle: createReport, poll, download. */
  async fetchReport(spec: CreateReportSpecification, opts: PollOptions = {}): Promise<FetchedReport> {
    return this.finishReport(await this.createReport(spec), opts);
  }
}
