import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { goodsDataSchema } from '@console/shared/schemas/goods';
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';
import { toWrite } from '../../src/modules/goods/goods.service.js';
import { freePort, type LoggedChild, spawnLogged, waitFor } from './processes.js';

/**
 * Real console server processes (`main.ts`) for the multi-process test (issue 32 §3): each
 * listens on its own port and is called over HTTP, as a load balancer would.
 */
const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

/** A started server process. */
export interface ServerProcess extends LoggedChild {
  name: string;
  base: string;
}

/** The parsed envelope of an answer and its HTTP status. */
export interface Answer<T = unknown> {
  http: number;
  status: number;
  msg: string;
  /** The envelope's data as the caller expects it (not checked: the test's assertions are). */
  data: T;
}

/** Spawns `main.ts` with `env` (over this process's environment) on a free port. */
export async function spawnServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const started = spawnLogged(['--import', 'tsx', MAIN], { LOG_LEVEL: 'warn', ...env, PORT: String(port) });
  return { ...started, name, base: `http://127.0.0.1:${port}` };
}

/** Waits until the server prints its address (it listens), or fails with what it printed. */
export async function listening(s: ServerProcess, ms = 120_000): Promise<void> {
  let exited = false;
  void s.exited.then(() => {
    exited = true;
  });
  await waitFor(() => exited || s.output().includes('console: http://'), `server ${s.name} to listen`, ms, 100).catch(
    (err: Error) => {
      throw new Error(`${err.message}; it printed:\n${s.output()}`);
    },
  );
  if (exited) throw new Error(`server ${s.name} exited at start:\n${s.output()}`);
}

/** Calls the API of a server as a Bearer session (or anonymously). */
export async function api<T = unknown>(
  s: ServerProcess,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${s.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const parsed = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { status: res.status, msg: '' };
  return { http: res.status, status: parsed.status, msg: parsed.msg, data: (parsed.data ?? text) as T };
}

/** Signs in on a server in Bearer mode; answers the access token. */
export async function signInOn(s: ServerProcess, account: string, password: string): Promise<string> {
  const res = await fetch(`${s.base}/PDD/amazon-user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { status: number; data: { token: { token: string } } };
  if (body.status !== 200) throw new Error(`sign-in of ${account} on ${s.name} failed: ${JSON.stringify(body)}`);
  return body.data.token.token;
}

/** Kills a server (SIGKILL) and waits for its exit. */
export async function killServer(s: ServerProcess): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGKILL');
  await s.exited;
}

/** Stops a server gracefully (SIGTERM) and answers its exit code. */
export async function stopServer(s: ServerProcess): Promise<number | null> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return s.child.exitCode;
  s.child.kill('SIGTERM');
  return s.exited;
}

/** Kills whatever is still running (afterAll, also after a failure). */
export function killAll(children: ChildProcess[]): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** `n` products of a tenant in one statement (the multi-process export needs more than 1,000 fast). */
export async function buildManyGoods(db: Database, tenant: UserRow, n: number, prefix: string): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    ...toWrite(
      goodsDataSchema.parse({
        baseInfo: { sku: `${prefix}-${i}` },
        commonData: { descs: [{ key: 'en', title: `Product ${prefix} ${i}` }] },
      }),
    ),
    tenant_id: tenant.id,
    creator_id: tenant.id,
    audit_status: 'willAudit',
  }));
  const ids = await db.insertInto('goods').values(rows).returning('id').execute();
  return ids.map((r) => Number(r.id));
}
