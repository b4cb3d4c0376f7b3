/**
 * Load generator thread of bench/order-list.ts: POSTs one JSON body `n` times with
 * `concurrency` in flight over keep-alive connections (request i with tokens[i % k]) and answers
 * each duration in ms, the first failure and the thread's CPU time for the load. A thread of its own, so the clients' work does not
 * share the server's event loop (real clients are browsers on other machines).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

const pools = new Map();

/** This thread's CPU time so far, in ms (utime + stime; USER_HZ is 100). */
function threadCpuMs() {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

parentPort.on('message', async ({ origin, path, body, tokens, n, concurrency }) => {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
    pools.set(origin, pool);
  }
  const cpu0 = threadCpuMs();
  const durations = [];
  let failure = '';
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        const res = await pool.request({
          method: 'POST',
          path,
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' },
          body,
        });
        const j = await res.body.json();
        durations.push(performance.now() - t0);
        if (j.status !== 200 || !j.data?.list?.length) failure ||= `${j.status} ${j.msg} rows ${j.data?.list?.length}`;
      }
    }),
  );
  parentPort.postMessage({ durations, failure, cpuMs: threadCpuMs() - cpu0 });
});
