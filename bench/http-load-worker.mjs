/**
 * Load generator thread of bench/goods-list.ts: sends `n` GET requests with `concurrency` in
 * flight; request i goes to urls[i % k] with tokens[i % k] (k clients, round robin). Posts back
 * each duration in ms.
 * It runs in its own thread so the clients' work does not share the server's event loop (real
 * clients are browsers on other machines).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { urls, tokens, n, concurrency } = workerData;
const times = [];
let next = 0;
let failure = null;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < n && !failure) {
      const i = next++;
      const t0 = performance.now();
      const k = i % tokens.length;
      const r = await fetch(urls[k], { headers: { authorization: `Bearer ${tokens[k]}` } });
      const body = await r.json();
      times.push(performance.now() - t0);
      if (body.status !== 200) failure = JSON.stringify(body).slice(0, 300);
    }
  }),
);
parentPort.postMessage({ times, failure });
