import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** A parsed Set-Cookie. */
export interface Cookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
}

/** Minimal API client with a cookie jar and the CSRF header, like the console does it. */
export class ApiClient {
  readonly cookies = new Map<string, Cookie>();

  constructor(readonly baseUrl: string) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      const lower = attrs.map((a) => a.toLowerCase());
      const expired = lower.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970'));
      if (!value || expired) {
        this.cookies.delete(name);
        continue;
      }
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      this.cookies.set(name, { name, value, path, httpOnly: lower.includes('httponly') });
    }
  }

  private header(): string {
    return [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** Calls the API; resolves the whole envelope. */
  async call<T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown) {
    const uuid = [...this.cookies.values()].find((c) => c.name.endsWith('-uuid'))?.value ?? '';
    const res = await fetch(`${this.baseUrl}/PDD${url}`, {
      method,
      headers: {
        cookie: this.header(),
        ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': uuid } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    this.store(res);
    return (await res.json()) as { status: number; msg: string; data: T };
  }

  /** Signs in; throws unless the answer is a session. */
  async login(account: string, password: string) {
    const env = await this.call<{ uid: number; code?: string }>('POST', '/amazon-user/login', { account, password });
    if (env.status !== 200 || env.data.code) throw new Error(`login ${account} failed: ${env.status} ${env.msg}`);
    return env.data;
  }

  /** Copies the session cookies into a browser context (the apiSignin fixture). */
  async toBrowser(context: BrowserContext) {
    const url = new URL(this.baseUrl);
    await context.addCookies(
      [...this.cookies.values()].map((c) => ({
        name: c.name,
        value: c.value,
        domain: url.hostname,
        path: c.path,
        httpOnly: c.httpOnly,
        sameSite: 'Lax' as const,
      })),
    );
  }
}

let counter = 0;
/** A unique account name for this run. */
export function uniqueAccount(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Creates a child account of the signed-in admin client. */
export async function createChild(admin: ApiClient, auth: number, password = 'child-Pass-1') {
  const account = uniqueAccount(`c${auth}_`);
  const env = await admin.call<{ uid: number }>('POST', '/amazon-user/createChildAccount', {
    account,
    password,
    auth,
    user_name: `子账号${auth}`,
  });
  if (env.status !== 200) throw new Error(`createChildAccount failed: ${env.msg}`);
  return { account, password, uid: env.data.uid };
}

/** Creates a main account (auth 0, 4 or 5) through the operator CLI against the running server's data dir. */
export function createMainAccount(dataDir: string, auth: 0 | 4 | 5, password = 'main-Pass-1', phone?: string) {
  const account = uniqueAccount(`m${auth}_`);
  const args = ['create-account', '--account', account, '--password', password, '--auth', String(auth)];
  if (phone) args.push('--phone', phone);
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
  return { account, password };
}
