// Finding and running pg_dump / pg_restore. pg_dump refuses a server of a newer major version,
// so a tool is used only when its major is at least the server's; the embedded PostgreSQL
// package ships no pg_dump, and then the built-in dump is used (docs/operations.md).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface PgTool {
  file: string;
  major: number;
  version: string;
}

/** Folders searched for a tool: PG_BIN, PATH, then Debian's /usr/lib/postgresql/<major>/bin and /usr/pgsql-<major>/bin. */
function candidateDirs(env: NodeJS.ProcessEnv): string[] {
  const dirs: string[] = [];
  if (env.PG_BIN) dirs.push(env.PG_BIN);
  dirs.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const base of ['/usr/lib/postgresql', '/usr']) {
    const names = fs.existsSync(base) ? fs.readdirSync(base) : [];
    for (const n of names) {
      if (base === '/usr/lib/postgresql' && /^\d+$/.test(n)) dirs.push(path.join(base, n, 'bin'));
      if (base === '/usr' && /^pgsql-\d+$/.test(n)) dirs.push(path.join(base, n, 'bin'));
    }
  }
  return [...new Set(dirs)];
}

function versionOf(file: string): Promise<PgTool | undefined> {
  return new Promise((resolve) =>
    execFile(file, ['--version'], { timeout: 10_000 }, (err, out) => {
      const m = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(String(out));
      resolve(err || !m ? undefined : { file, major: Number(m[1]), version: `${m[1]}${m[2] ?? ''}` });
    }),
  );
}

/**
 * The tool (`pg_dump` or `pg_restore`) for a server of `serverMajor`: the same major if there
 * is one, else the lowest newer one; undefined when only older ones (or none) are installed.
 */
export async function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PgTool | undefined> {
  const found: PgTool[] = [];
  for (const dir of candidateDirs(env)) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    const tool = await versionOf(file);
    if (tool && !found.some((f) => fs.realpathSync(f.file) === fs.realpathSync(tool.file))) found.push(tool);
  }
  return found.filter((t) => t.major >= serverMajor).sort((a, b) => a.major - b.major)[0];
}

/** Runs a tool; its stderr becomes the error message when it fails. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      if (err.length < 20_000) err += String(d);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/**
 * Connection of a URL as libpq environment variables, so the password never shows in a
 * process list.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...(u.searchParams.get('sslmode') ? { PGSSLMODE: u.searchParams.get('sslmode')! } : {}),
  };
}
