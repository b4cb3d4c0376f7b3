/**
 * Benchmark of the storefront's catalog pages (issue 33 §2, docs/site.md "Catalog pages"): a site
 * with 10,000 published products in 40 categories (direct SQL inserts), then time to first byte
 * p50/p95 of product pages (cached and uncached), category pages (cached and uncached) and search
 * pages (new queries and repeated ones) with N concurrent clients in a thread of their own, the event loop's longest turn during
 * each load, and the gzip size of each page kind. Prints the figures; not a test.
 * Targets: cached product page p95 < 20 ms, uncached < 80 ms, HTML < 60 KB gzip.
 *
 *   npm run bench:site                         (concurrency 8, 2,000 requests per load)
 *   npm run bench:site -- --clients=16 --requests=4000
 *
 * Data in `.bench-data/site` (a fresh embedded PostgreSQL each run) or BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { ensureJwtSecret } from '../apps/server/src/db/seed.js';
import { clearPageCache } from '../apps/server/src/modules/site/storefront/page-cache.js';
import { clearSearchCache } from '../apps/server/src/modules/site/storefront/search-cache.js';
import { fmt, pct } from './load-clients.js';
import { PRODUCTS, seedSite } from './site-seed.js';
import { benchDatabase } from './support.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const CLIENTS = Number(arg('clients') ?? 8);
const REQUESTS = Number(arg('requests') ?? 2000);

async function main() {
  const { url, stop } = await benchDatabase('.bench-data/site', 'bench');
  const db = createDatabase(url, { max: 10 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
  const worker = new Worker(new URL('./site-load-worker.mjs', import.meta.url), { execArgv: [] });
  const app = await (async () => {
    await migrateToLatest(db);
    const config = { ...loadConfig({}), dataDir, workers: false };
    return buildApp({ db, config, jwtSecret: await ensureJwtSecret(db) });
  })();
  try {
    const t0 = performance.now();
    const { tops, childSlugs } = await seedSite(db);
    console.log(`seeded ${PRODUCTS.toLocaleString()} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const base = '/s/bench-site';
    const elDelay = monitorEventLoopDelay({ resolution: 5 });
    const run = async (label: string, paths: string[], n = REQUESTS) => {
      elDelay.reset();
      elDelay.enable();
      const res = await new Promise<{ times: number[]; failure: string | null }>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage({ origin, paths, n, concurrency: CLIENTS });
      });
      elDelay.disable();
      if (res.failure) throw new Error(`${label}: ${res.failure}`);
      const turn = (elDelay.max / 1e6).toFixed(1);
      console.log(`${label.padEnd(34)} TTFB ${fmt(res.times, true)}; longest loop turn ${turn} ms`);
      return pct(res.times, 95);
    };
    const langs = ['en', 'de', 'fr'];
    const productPaths = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `${base}/${langs[i % 3]}/p/product-${from + i}`);
    // Warm-up (JIT, connections): pages not measured afterwards.
    await run('warm-up', productPaths(9001, 300), 300);
    clearPageCache();
    const uncachedProduct = await run('product page, uncached', productPaths(1, Math.min(REQUESTS, 8000)));
    const hot = productPaths(8501, 200);
    await run('(filling the cache)', hot, hot.length);
    const cachedProduct = await run('product page, cached', hot);
    clearPageCache();
    const categoryPaths: string[] = [];
    for (const slug of [...childSlugs, ...tops])
      for (const sort of ['newest', 'price_asc', 'price_desc'])
        for (let p = 1; p <= 8; p++) categoryPaths.push(`${base}/en/c/${slug}?page=${p}&sort=${sort}`);
    await run('category page, uncached', categoryPaths, Math.min(REQUESTS, categoryPaths.length));
    const hotCats = categoryPaths.slice(0, 100);
    await run('(filling the cache)', hotCats, hotCats.length);
    await run('category page, cached', hotCats);
    // Search: every request a query not asked before (ids from the database: common words with
    // thousands of matches, numbers with a few, words without any), then six queries again and again
    // (their ids from the 30 s search cache; cards and HTML are made every time).
    clearSearchCache();
    const kinds = ['lamp', 'chair', 'rug', 'bench', 'table', 'mug'];
    const distinct = Array.from({ length: Math.min(REQUESTS, 1000) }, (_, i) => {
      const q =
        i % 4 === 0
          ? `${kinds[i % 6]} ${i}`
          : i % 4 === 1
            ? `bench ${i * 7}`
            : i % 4 === 2
              ? `${i} ${kinds[i % 5]}`
              : `none-${i}`;
      return `${base}/${langs[i % 3]}/search?q=${encodeURIComponent(q)}`;
    });
    // Every piece of two letters or more of the common words: hundreds to thousands of matches each.
    const pieces = new Set<string>();
    for (const w of [...kinds, 'bank', 'banc'])
      for (let a = 0; a < w.length; a++) for (let b = a + 2; b <= w.length; b++) pieces.add(w.slice(a, b));
    for (const q of pieces) for (const lang of langs) distinct.push(`${base}/${lang}/search?q=${q}`);
    await run('search page, new queries', distinct, distinct.length);
    const words = ['lamp', 'bench 12', 'chair', 'bench 9999', 'nothing-like-this', 'rug'];
    await run(
      'search page, repeated queries',
      words.map((w) => `${base}/en/search?q=${encodeURIComponent(w)}`),
      Math.min(REQUESTS, 1000),
    );
    console.log('\nHTML size (gzip):');
    for (const [kind, p] of [
      ['product', `${base}/en/p/product-42`],
      ['category (top level, page 1)', `${base}/en/c/dept-1`],
      ['search', `${base}/en/search?q=lamp`],
      ['home', `${base}/en/`],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: p });
      const gz = zlib.gzipSync(res.body).length;
      console.log(`  ${kind.padEnd(30)} ${(res.body.length / 1024).toFixed(1)} KB, gzip ${(gz / 1024).toFixed(1)} KB`);
    }
    console.log(
      `\ntargets: cached product p95 ${cachedProduct.toFixed(1)} ms (< 20), uncached ${uncachedProduct.toFixed(1)} ms (< 80); ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    worker.postMessage('close');
    await app.close();
    await db.destroy();
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
