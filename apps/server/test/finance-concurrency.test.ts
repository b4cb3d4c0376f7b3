import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as ledger from '../src/modules/finance/ledger.service.js';
import { checkLedger } from '../src/modules/finance/ledger-check.js';
import { buildTenant } from './factories.js';
import { useTestApp } from './harness.js';
import { runLedgerLoad } from './support/ledger-load.js';

const t = useTestApp();

/**
 * Issue 16 §4 asks for 50 clients sending 10,000 operations with 20% retried; CI runs it scaled
 * down to 50 clients x 1,200 operations (20% retried, half of them at the same moment) to stay
 * well under 20 s on the 2-core machine. `npm run bench:ledger` runs the full 10,000.
 */
const CLIENTS = 50;
const OPS = 1_200;

describe('ledger under concurrency', () => {
  it('50 clients, mixed approvals, deductions, freezes and releases with 20% retries: exact balances, no duplicate, balanced', async () => {
    const operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
    const tenants = await Promise.all(Array.from({ length: 4 }, () => buildTenant(t.db)));
    const r = await runLedgerLoad(t.db, {
      clients: CLIENTS,
      ops: OPS,
      tenants: tenants.map((x) => x.id),
      retryRate: 0.2,
      seed: 16,
      prefix: 'conc',
      approvals: { deps: t.deps, operator },
    });
    expect(r.duplicates).toEqual([]);
    expect(r.retried).toBeGreaterThan(OPS * 0.1);
    expect(r.acked).toBeGreaterThan(OPS / 2);
    for (const tenant of tenants) {
      const b = await ledger.balancesOf(t.db, tenant.id);
      expect({ available: b.available, frozen: b.frozen }).toEqual(r.expected.get(tenant.id));
    }
    // Exactly the acknowledged entries exist, one per key; no balance ever went below zero.
    const rows = await sql<{ n: number; keys: number }>`
      select count(*)::int as n, count(distinct idem_key)::int as keys from ledger_entries`.execute(t.db);
    expect(rows.rows[0]).toEqual({ n: r.acked, keys: r.acked });
    const approved = await sql<{
      n: number;
    }>`select count(*)::int as n from finance_topups where status = 1 and entry_id is not null`.execute(t.db);
    const topupEntries = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_entries where op = 'topup'`.execute(t.db);
    expect(approved.rows[0]!.n).toBe(topupEntries.rows[0]!.n);
    const negative = await sql<{ n: number }>`
      select count(*)::int as n from ledger_lines l join ledger_accounts a on a.id = l.account_id
      where a.kind in ('available', 'frozen', 'deposit') and l.balance_after < 0`.execute(t.db);
    expect(negative.rows[0]!.n).toBe(0);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  }, 60_000);
});
