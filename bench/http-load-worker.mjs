/**
 * Load generator thread of bench/goods-list.ts. One thread serves every load of a run, so its
 * code is optimised by V8 once (a fresh thread per load spent the measured window compiling
 * undici's parser). Each message {urls, tokens, n, concurrency} sends `n` GET requests with
 * `concurrency` in flight over keep-alive connections; request i goes to urls[i % k] with
 * tokens[i % k] (k clients, round robin). It answers with each duration in ms, the thread's
 * CPU time for that load, and the first failure.
 * It runs in its own thread so the clients' work does not share the server's event loop (real
 * clients are browsers on other machines). It uses undici's Pool rather than fetch: fetch's web
 * streams cost about 1.4 ms of CPU per request, taken from the same two cores as the server.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

/** Keep-alive pools by origin, kept from one load to the next. */
const pools = new Map();

function poolOf(origin, connections) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections, pipelining: 1 });
    pools.set(origin, pool);
  }
  return pool;
}

/** GET url; resolves the parsed JSON body. */
async function getJson(pool, url, token) {
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

async function runLoad({ urls, tokens, n, concurrency }) {
  const pool = poolOf(new URL(urls[0]).origin, concurrency);
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
        const body = await getJson(pool, urls[k], tokens[k]);
        times.push(performance.now() - t0);
        if (body.status !== 200) failure = JSON.stringify(body).slice(0, 300);
      }
    }),
  );
  return { times, failure, cpuMs: threadCpuMs() - cpu0 };
}

parentPort.postMessage({ tid: fs.readlinkSync('/proc/thread-self').split('/').pop() });
parentPort.on('message', async (msg) => {
  if (msg === 'close') {
    await Promise.all([...pools.values()].map((p) => p.close()));
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage(await runLoad(msg));
  } catch (err) {
    parentPort.postMessage({ times: [], cpuMs: 0, failure: String(err) });
  }
});
