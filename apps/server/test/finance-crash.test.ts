import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/finance/ledger-check.js';
import { buildTenant } from './factories.js';
import { useTestApp } from './harness.js';
import { runLedgerLoad } from './support/ledger-load.js';

const t = useTestApp();
const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../src/cli/admin.ts');
const CHILD = path.resolve(import.meta.dirname, 'support/ledger-crash-child.ts');
/** Acknowledged postings to wait for before the kill (the child would send 3,000 operations). */
const KILL_AFTER = 200;

describe('ledger crash safety', () => {
  it('SIGKILL of the posting process mid-load: every acknowledged entry is there once, ledger-check is clean, the restart posts no duplicate', async () => {
    const tenants = (await Promise.all(Array.from({ length: 3 }, () => buildTenant(t.db)))).map((x) => x.id);
    const acks = new Map<string, number>();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: t.url, LOAD_TENANTS: tenants.join(','), LOAD_PREFIX: 'crash' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const [tag, key, id] = line.split(' ');
        if (tag === 'ACK') acks.set(key!, Number(id));
      }
      if (acks.size >= KILL_AFTER) child.kill('SIGKILL');
    });
    expect(await exited).toBe('SIGKILL');
    expect(acks.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Every acknowledged entry is there exactly once, under its key.
    const rows = await sql<{ id: number; idem_key: string }>`select id, idem_key from ledger_entries`.execute(t.db);
    const byKey = new Map(rows.rows.map((r) => [r.idem_key, r.id]));
    expect(byKey.size).toBe(rows.rows.length);
    for (const [key, id] of acks) expect(byKey.get(key), key).toBe(id);
    // The operator's command says the same.
    const cli = await run(process.execPath, ['--import', 'tsx', CLI, 'ledger-check'], {
      env: { ...process.env, DATABASE_URL: t.url },
    });
    expect(cli.stdout).toMatch(/^ledger-check: \d+ accounts, \d+ entries, \d+ lines: clean$/m);

    // Restart: the same operations again (the retries a client makes after the crash).
    const again = await runLedgerLoad(t.db, {
      clients: 20,
      ops: 600,
      tenants,
      retryRate: 0.2,
      seed: 7,
      prefix: 'crash',
    });
    expect(again.duplicates).toEqual([]);
    for (const [key, id] of acks) if (again.entries.has(key)) expect(again.entries.get(key), key).toBe(id);
    const after = await sql<{ n: number; keys: number }>`
      select count(*)::int as n, count(distinct idem_key)::int as keys from ledger_entries`.execute(t.db);
    expect(after.rows[0]!.n).toBe(after.rows[0]!.keys);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  }, 60_000);
});
