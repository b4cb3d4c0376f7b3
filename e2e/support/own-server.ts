// A console server of a test's own, started as `npm start` starts it: the defaults of a new
// installation (no time scale, no loopback fetches, no translation provider, no test hooks), a
// fresh data directory and embedded PostgreSQL. For tests that prove what a new seller sees on a
// default install; the shared e2e server (global-setup.ts) runs with test settings.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Settings the shared e2e server sets that a default installation does not have. */
const TEST_SETTINGS = [
  'FETCH_ALLOW_LOOPBACK',
  'TRANSLATE_PROVIDER',
  'TEST_HOOKS',
  'SPAPI_TIME_SCALE',
  'SANDBOX_ORDERS_PER_HOUR',
  'UPLOAD_FEED_THRESHOLD',
  'PUBLIC_URL',
  'DATABASE_URL',
  'NODE_ENV',
  'WORKERS',
];

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  adminPassword: string;
  /** The server's last output (for failure messages). */
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts a server with the defaults of `npm start` and waits until it answers. */
export async function startDefaultServer(): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqzs-default-'));
  const port = await freePort();
  const pgPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminPassword = 'own-Admin-123';
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of TEST_SETTINGS) delete env[k];
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), PG_PORT: String(pgPort), ADMIN_PASSWORD: adminPassword },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not answer within 120 s:\n${output}`);
    const up = await fetch(`${baseUrl}/PDD/trader_setting/getTraderSetting`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    adminPassword,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
