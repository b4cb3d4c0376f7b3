import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/**
 * Real child processes for the crash tests (issue 27 §4: servers and workers killed with
 * `kill -9`): spawn one with its output collected, wait for a condition, find a free port.
 */

/** A spawned child with everything it printed so far and its exit. */
export interface LoggedChild {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns `node <args>` with `env` over this process's environment, collecting stdout and stderr. */
export function spawnLogged(args: string[], env: Record<string, string | undefined>): LoggedChild {
  let out = '';
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Polls `check` every `everyMs` until it holds; throws `timed out waiting for <what>` after `ms`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 60_000,
  everyMs = 50,
): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
