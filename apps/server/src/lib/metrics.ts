import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md "Health and metrics"). Counters are
 * process-wide and always counted (an increment costs nothing); they are only exposed at
 * `GET /PDD/metrics` when `METRICS=1`. The gauges read their values when scraped, from the
 * source the app sets (`setMetricsSource`): its connection pool and its job queues.
 */
export const metricsRegistry = new Registry();

/** HTTP requests by route pattern (never the raw address: bounded label values), method and status. */
export const httpRequests = new Counter({
  name: 'console_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'console_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Job runs by kind (queue) and outcome: `done`, or `error` (the handler threw; pg-boss retries or fails it). */
export const jobRuns = new Counter({
  name: 'console_job_runs_total',
  help: 'Background job runs by queue and outcome (done, error)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** SP-API attempts by operation and outcome (2xx, 4xx, 429, 5xx, timeout, network). */
export const spApiCalls = new Counter({
  name: 'console_spapi_calls_total',
  help: 'Amazon SP-API HTTP attempts by operation and outcome',
  labelNames: ['operation', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const spApiThrottles = new Counter({
  name: 'console_spapi_throttles_total',
  help: 'Amazon SP-API answers 429 (throttled) by operation',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});

/** Ledger entries written by the finance posting service, by operation (replays not counted). */
export const ledgerPostings = new Counter({
  name: 'console_ledger_postings_total',
  help: 'Money ledger entries posted, by operation',
  labelNames: ['op'] as const,
  registers: [metricsRegistry],
});

/** What the scrape-time gauges read: the app's pool and queues. */
export interface MetricsSource {
  pool(): { total: number; idle: number; waiting: number } | undefined;
  /** Messages per queue waiting (created or retry) and running (active). */
  queues(): Promise<{ queue: string; queued: number; active: number }[]>;
}

let source: MetricsSource | null = null;

/** The app whose pool and queues the gauges show (the last app built with metrics on). */
export function setMetricsSource(s: MetricsSource | null): void {
  source = s;
}

/** Whether `s` is the current source (an app closing clears only its own). */
export function isMetricsSource(s: MetricsSource): boolean {
  return source === s;
}

new Gauge({
  name: 'console_db_pool_connections',
  help: 'Database pool connections by state (total, idle, waiting clients)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const p = source?.pool();
    if (!p) return;
    this.set({ state: 'total' }, p.total);
    this.set({ state: 'idle' }, p.idle);
    this.set({ state: 'waiting' }, p.waiting);
  },
});

new Gauge({
  name: 'console_job_queue_depth',
  help: 'Background job messages by queue and state (queued: waiting to run, active: running)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const q of (await source?.queues()) ?? []) {
      this.set({ queue: q.queue, state: 'queued' }, q.queued);
      this.set({ queue: q.queue, state: 'active' }, q.active);
    }
  },
});

let defaultsOn = false;

/** Process metrics (CPU, memory, event-loop lag, GC) with the `console_` prefix, started once when metrics are on. */
export function startProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'console_' });
}

/** The outcome label of one SP-API attempt: its status class, 429 apart, or the transport failure. */
export function spApiOutcome(a: { status: number } | string): string {
  if (typeof a === 'string') return a;
  if (a.status === 429) return '429';
  return `${Math.floor(a.status / 100)}xx`;
}
