import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

const t = useTestApp();
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
let child: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): { output: () => string; exited: Promise<number | null> } {
  let out = '';
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
  return { output: () => out, exited };
}

async function waitFor(check: () => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterEach(() => {
  child?.kill('SIGKILL');
});

describe('npm start (main.ts)', () => {
  it('on an empty database creates admin with a random password printed once, serves, and stops on SIGTERM', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: t.url, PORT: String(port), ADMIN_PASSWORD: '' };
    const first = start(env);
    await waitFor(() => first.output().includes('console: http://'));
    const password = /Initial password of account "admin": (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const res = await fetch(`http://127.0.0.1:${port}/PDD/amazon-user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password }),
    });
    const body = (await res.json()) as { data: { uid: number } };
    expect(body.data.uid).toBe(1);
    child!.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A second start finds the account: no new password is printed.
    const second = start(env);
    await waitFor(() => second.output().includes('console: http://'));
    expect(second.output()).not.toContain('Initial password');
    child!.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('refuses a bad configuration with a clear message', async () => {
    const bad = start({ DATABASE_URL: t.url, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT must be a non-negative integer');
  }, 30_000);
});
