import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COOKIE } from '@console/shared/constants/app';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { AppDeps } from '../src/context.js';
import { createDatabase, type Database } from '../src/db/database.js';
import { ensureJwtSecret } from '../src/db/seed.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  deps: AppDeps;
  /** URL of this file's own database (for subprocesses such as the admin CLI). */
  url: string;
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * Gives a test file its own database (a clone of the migrated template) and an app on it.
 * Nothing is shared between files.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const ctx = {} as TestContext;
  const adminUrl = inject('pgAdminUrl');
  const template = inject('templateDb');
  const name = `console_t_${template.slice(-8)}_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name} template ${template}`);
    await client.end();
    const url = withDatabase(adminUrl, name);
    const db = createDatabase(url, { max: 10 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
    // No hourly seller-report fetch (its tick would write report rows in the middle of a test).
    const config: Config = {
      ...loadConfig({}),
      dataDir,
      testHooks: true,
      internalIds: [1],
      sellerReportHours: 0,
      ...overrides,
    };
    const deps: AppDeps = { db, config, jwtSecret: await ensureJwtSecret(db) };
    const app = await buildApp(deps);
    Object.assign(ctx, { app, db, deps, url });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.destroy();
    if (ctx.deps) fs.rmSync(ctx.deps.config.dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return ctx;
}

/** Whatever JSON.parse yields: response bodies are checked field by field in tests. */
type ParsedJson = ReturnType<typeof JSON.parse>;

/** A signed-in client: cookie mode (with CSRF header) or Bearer mode. */
export interface Session {
  uid: number;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  login: Record<string, unknown>;
}

/** Cookies set by a response, as a name -> value map. */
export function cookiesOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** Signs in through the real endpoint. */
export async function signIn(
  app: FastifyInstance,
  account: string,
  password: string,
  mode: 'cookie' | 'bearer' = 'cookie',
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/PDD/amazon-user/login',
    headers: mode === 'bearer' ? { 'x-auth-mode': 'bearer' } : {},
    payload: { account, password },
  });
  const body = res.json();
  if (body.status !== 200 || !body.data.uid) throw new Error(`sign-in of ${account} failed: ${res.body}`);
  if (mode === 'bearer') {
    return {
      uid: body.data.uid,
      headers: { authorization: `Bearer ${body.data.token.token}` },
      cookies: {},
      login: body.data,
    };
  }
  const cookies = cookiesOf(res);
  return {
    uid: body.data.uid,
    cookies,
    headers: { 'x-csrf-token': cookies[COOKIE.uuid] ?? '' },
    login: body.data,
  };
}

/** Calls the API as a session; returns the parsed envelope and the HTTP status. */
export async function call(
  app: FastifyInstance,
  session: Session | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ http: number; status: number; msg: string; data: ParsedJson }> {
  const res = await app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    cookies: session?.cookies ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  const body = isJson ? res.json() : { status: res.statusCode, msg: '', data: res.body };
  return { http: res.statusCode, ...body };
}

export const randomName = (prefix = 'u') => `${prefix}${randomBytes(5).toString('hex')}`;
