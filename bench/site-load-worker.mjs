/**
 * Load generator thread of bench/site.ts: each message {origin, paths, n, concurrency} sends `n`
 * GET requests (request i to paths[i % k]) with `concurrency` in flight over keep-alive
 * connections and answers the time to first byte of each (undici's `request` resolves when the
 * response head arrives) and the first failure (a status other than 200). Its own thread, so the
 * clients do not share the server's event loop.
 */
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

const pools = new Map();
const poolOf = (origin, connections) => {
  if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections, pipelining: 1 }));
  return pools.get(origin);
};

async function runLoad({ origin, paths, n, concurrency }) {
  const pool = poolOf(origin, concurrency);
  const times = [];
  let next = 0;
  let failure = null;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n && !failure) {
        const path = paths[next++ % paths.length];
        const t0 = performance.now();
        const res = await pool.request({ method: 'GET', path, headers: { accept: 'text/html' } });
        times.push(performance.now() - t0);
        await res.body.text();
        if (res.statusCode !== 200) failure = `${res.statusCode} ${path}`;
      }
    }),
  );
  return { times, failure };
}

parentPort.on('message', async (msg) => {
  if (msg === 'close') {
    await Promise.all([...pools.values()].map((p) => p.close()));
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage(await runLoad(msg));
  } catch (err) {
    parentPort.postMessage({ times: [], failure: String(err) });
  }
});
