/**
 * The server of the in-process HTTP benchmarks (`stats.ts`, `warehouse.ts`, `warehouse-cpu.ts`):
 * the app without job workers on a free loopback port, and a bearer token of the bench account.
 */
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/database.js';

export async function startBenchApp(db: Database, jwtSecret: Uint8Array, account: string, password: string) {
  const config = { ...loadConfig({}), logLevel: 'warn', workers: false };
  const app = await buildApp({ db, config, jwtSecret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${origin}/PDD/amazon-user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
    body: JSON.stringify({ account, password }),
  });
  const token = ((await login.json()) as { data: { token: { token: string } } }).data.token.token;
  return { app, origin, token };
}
