/**
 * Load generator thread of bench/goods-list.ts: sends `n` GET requests with `concurrency` in
 * flight over keep-alive connections; request i goes to urls[i % k] with tokens[i % k] (k
 * clients, round robin). Posts back each duration in ms and the thread's CPU time.
 * It runs in its own thread so the clients' work does not share the server's event loop (real
 * clients are browsers on other machines). It uses undici's Pool rather than fetch: fetch's web
 * streams cost about 1.4 ms of CPU per request, taken from the same two cores as the server.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { urls, tokens, n, concurrency } = workerData;
const origin = new URL(urls[0]).origin;
const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });

/** GET url; resolves the parsed JSON body. */
async function getJson(url, token) {
  const u = new URL(url);
  const res = await pool.request({
    method: 'GET',
    path: u.pathname + u.search,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.body.json();
}

/** This thread's CPU time so far, in ms (utime + stime; USER_HZ is 100). */
function threadCpuMs() {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const cpu0 = threadCpuMs();
const times = [];
let next = 0;
let failure = null;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < n && !failure) {
      const i = next++;
      const t0 = performance.now();
      const k = i % tokens.length;
      const body = await getJson(urls[k], tokens[k]);
      times.push(performance.now() - t0);
      if (body.status !== 200) failure = JSON.stringify(body).slice(0, 300);
    }
  }),
);
await pool.close();
parentPort.postMessage({ times, failure, cpuMs: threadCpuMs() - cpu0 });
