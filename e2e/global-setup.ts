import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from './support/chromium';
import { freePort } from './support/own-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    dataDir: string;
    /** The run's one Chromium (files connect to it: launchBrowser in support/browser.ts). */
    browserWsEndpoint: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const ADMIN_PASSWORD = 'e2e-Admin-123';

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newestMtime(join(path, name)));
  }
  return max;
}

/** Builds the web app when dist is missing or older than its sources. */
function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(WEB, 'dist/index.html')).mtimeMs;
  } catch {
    built = 0;
  }
  const sources = Math.max(
    newestMtime(join(WEB, 'src')),
    newestMtime(join(WEB, 'index.html')),
    newestMtime(join(WEB, 'vite.config.ts')),
    newestMtime(join(ROOT, 'packages/shared/src')),
  );
  if (built > sources) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    // vitest sets NODE_ENV=test, which would make Vite emit a development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

async function waitReady(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/PDD/trader_setting/getTraderSetting`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer within 120 s:\n${log()}`);
}

/** One built web app, one real server (fresh data dir) and one Chromium for the whole e2e run. */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'dqzs-e2e-'));
  const port = await freePort();
  const pgPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      WORKERS: '1', // background jobs (large exports, translation) run in the e2e server
      // Machine translation through the built-in simulator; every text is marked [演示] (e2e/translation.test.ts).
      TRANSLATE_PROVIDER: 'demo',
      TEST_HOOKS: '1',
      // Only the orders a test makes (the sandbox's own orders arrive at once and every 5 minutes
      // by default, docs/orders.md "Sandbox orders", and would change the tests' order counts).
      SANDBOX_ORDERS_PER_HOUR: '0',
      // The sandbox checks listing images by fetching them; e2e/upload.test.ts serves its image on 127.0.0.1.
      FETCH_ALLOW_LOOPBACK: '1',
      // 1688采购 through the built-in 1688 simulator (its authorize page on loopback; e2e/orders.test.ts).
      ALI1688: 'demo',
      // No hourly seller-report fetch in the shared server: it would spend the sandbox shops'
      // report quota and post messages in the middle of other files' tests (docs/reports.md).
      SELLER_REPORT_HOURS: '0',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // One Chromium for the whole run, started while the server starts.
  const browserServer = chromium.launchServer(chromiumLaunchOptions());
  browserServer.catch(() => undefined);
  await waitReady(baseUrl, child, () => output);

  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', dataDir);
  project.provide('browserWsEndpoint', (await browserServer).wsEndpoint());

  return async () => {
    await (await browserServer.catch(() => undefined))?.close();
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
