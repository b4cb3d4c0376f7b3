import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionUrl, type EmbeddedConnection, startEmbeddedPostgres } from '../src/db/embedded.js';
import { freePort, spawnLogged, waitFor } from './support/processes.js';

/**
 * Issue 27 §4: the embedded PostgreSQL after a `kill -9` of the server, and two servers
 * starting at the same moment with the same preferred port.
 */
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
/** main.ts's parent as `npm start` (scripts/start.mjs) spawns it: through an IPC channel. */
const WRAPPER = path.resolve(import.meta.dirname, 'support/start-wrapper.mjs');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const servers: number[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-embedded-'));
  dirs.push(dir);
  return dir;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/s.test(stat);
}

/** The postmaster's pid from its lock file (0 when there is none). */
const postmasterPid = (dataDir: string) => {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : 0;
};

function start(env: Record<string, string>, script = MAIN) {
  const started = spawnLogged(script === MAIN ? ['--import', 'tsx', MAIN] : [script], {
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PG_PORT: '',
    ...env,
  });
  children.push(started.child);
  return started;
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  // main.ts under a killed wrapper (on the old code it outlived its parent).
  for (const pid of servers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  // A postgres the old code left behind must not outlive the test.
  for (const dir of dirs) {
    const pid = postmasterPid(dir);
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('after kill -9 of the server, the next start stops the orphaned PostgreSQL and starts on the same DATA_DIR without losing data', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), ADMIN_PASSWORD: 'Admin-pass-1' };
    const first = start(env);
    await waitFor(() => first.output().includes('console: http://'), 'the first start');
    const conn = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-connection.json'), 'utf8')) as EmbeddedConnection;
    const client = new pg.Client({ connectionString: connectionUrl(conn) });
    await client.connect();
    await client.query('create table kept (v text)');
    await client.query(`insert into kept values ('written before kill -9')`);
    await client.end();

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeGreaterThan(0);
    expect(alive(orphan), 'kill -9 leaves the embedded PostgreSQL running').toBe(true);

    const second = start(env);
    await waitFor(
      () => second.output().includes('console: http://') || second.child.exitCode !== null,
      'the second start',
    );
    expect(second.output()).toContain('console: http://');
    expect(alive(orphan), 'the orphan was stopped').toBe(false);
    const now = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-connection.json'), 'utf8')) as EmbeddedConnection;
    const again = new pg.Client({ connectionString: connectionUrl(now) });
    await again.connect();
    expect((await again.query('select v from kept')).rows).toEqual([{ v: 'written before kill -9' }]);
    await again.end();
    const res = await fetch(`http://127.0.0.1:${env.PORT}/PDD/amazon-user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'Admin-pass-1' }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);

    const postgres = postmasterPid(dataDir);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(alive(postgres), 'a clean stop stops PostgreSQL too').toBe(false);
  }, 120_000);

  it('kill -9 of the `npm start` parent stops the server and its PostgreSQL with it', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), ADMIN_PASSWORD: 'Admin-pass-1' };
    const parent = start(env, WRAPPER);
    await waitFor(() => parent.output().includes('console: http://'), 'the start');
    const server = Number(/CHILD (\d+)/.exec(parent.output())?.[1]);
    servers.push(server);
    const postgres = postmasterPid(dataDir);
    expect(alive(server) && alive(postgres)).toBe(true);
    parent.child.kill('SIGKILL');
    await waitFor(() => !alive(server) && !alive(postgres), 'the server and PostgreSQL to stop', 30_000);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('two servers starting at the same moment with the same preferred port both start, one on another port', async () => {
    const preferred = await freePort();
    const started = await Promise.allSettled(
      [tempDir(), tempDir()].map((dataDir) =>
        startEmbeddedPostgres({ dataDir, preferredPort: preferred, database: 'postgres' }),
      ),
    );
    const ok = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(
        started.map((r) => (r.status === 'fulfilled' ? 'started' : String(r.reason))),
        'both servers start',
      ).toEqual(['started', 'started']);
      const ports = ok.map((h) => Number(new URL(h.url()).port));
      expect(ports).toContain(preferred);
      expect(new Set(ports).size).toBe(2);
      for (const h of ok) {
        const c = new pg.Client({ connectionString: h.url() });
        await c.connect();
        expect((await c.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        await c.end();
      }
    } finally {
      await Promise.all(ok.map((h) => h.stop()));
    }
  }, 120_000);
});
