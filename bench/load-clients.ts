/**
 * The client side shared by the HTTP benchmarks (`order-list.ts`, `warehouse.ts`): percentiles,
 * a loop of `concurrency` callers in flight (the same SQL by hand), and the load generator thread
 * (`order-load-worker.mjs`) that POSTs to the server from outside its event loop.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** The p-th percentile of durations (nearest rank). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** `p50 … ms, p95 … ms`, with the count when `withN`. */
export const fmt = (xs: number[], withN = false) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms${withN ? ` (n=${xs.length})` : ''}`;

/** Runs `n` calls of `one(i)` with `concurrency` in flight; answers each duration in ms. */
export async function load(n: number, concurrency: number, one: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        await one(i);
        out.push(performance.now() - t0);
      }
    }),
  );
  return out;
}

export interface ApiLoadResult {
  durations: number[];
  /** The first failed or empty answer ('' when none). */
  failure: string;
  /** The client thread's CPU for the load. */
  cpuMs: number;
}

/**
 * The load generator thread: `run` POSTs `body` to `path` `n` times with `concurrency` in flight
 * over keep-alive connections (request i with `tokens[i % k]`). One run at a time.
 */
export function httpLoadClient(origin: string, concurrency: number) {
  const worker = new Worker(new URL('./order-load-worker.mjs', import.meta.url), { execArgv: [] });
  return {
    run: (path: string, body: string, tokens: string[], n: number) =>
      new Promise<ApiLoadResult>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage({ origin, path, body, tokens, n, concurrency });
      }),
    close: () => worker.terminate(),
  };
}
