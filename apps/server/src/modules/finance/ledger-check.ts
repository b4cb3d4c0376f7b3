import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { defineJob } from '../../lib/server-module.js';
import {
  accountsBelowFloor,
  accountsOffTheirLines,
  entriesOffTheirLines,
  frozenOffFreezes,
  ledgerCounts,
  unbalancedEntries,
} from './ledger-check.repository.js';

/** What a reconciliation found: counts and one English line per difference (empty: clean). */
export interface LedgerCheckReport {
  accounts: number;
  entries: number;
  lines: number;
  problems: string[];
}

/**
 * Recomputes every balance from the entries and compares: account rows against the sum of
 * their lines, entries that do not balance, each entry's recorded tenant changes against its
 * lines, frozen accounts against the held freezes, and balances below their floor. Read in one
 * repeatable-read transaction, so postings running meanwhile never show as differences.
 */
export async function checkLedger(db: Database): Promise<LedgerCheckReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const problems: string[] = [];
      for (const a of await accountsOffTheirLines(trx))
        problems.push(
          `account ${a.id} (tenant ${a.tenant_id} ${a.kind} ${a.currency}): balance ${a.balance}, entries sum to ${a.computed}`,
        );
      for (const e of await unbalancedEntries(trx)) problems.push(`entry ${e.id}: lines sum to ${e.total}, not 0`);
      for (const e of await entriesOffTheirLines(trx))
        problems.push(`entry ${e.id}: recorded changes differ from its lines`);
      for (const f of await frozenOffFreezes(trx))
        problems.push(`tenant ${f.tenant_id} ${f.currency}: frozen ${f.balance}, held freezes sum to ${f.held}`);
      for (const a of await accountsBelowFloor(trx))
        problems.push(
          `account ${a.id} (tenant ${a.tenant_id} ${a.kind}): balance ${a.balance} below its floor (credit limit ${a.credit_limit})`,
        );
      return { ...(await ledgerCounts(trx)), problems };
    });
}

/** The report as the command prints it. */
export function formatLedgerCheck(r: LedgerCheckReport): string {
  const head = `ledger-check: ${r.accounts} accounts, ${r.entries} entries, ${r.lines} lines`;
  return r.problems.length === 0
    ? `${head}: clean`
    : `${head}: ${r.problems.length} difference(s)\n${r.problems.map((p) => `  ${p}`).join('\n')}`;
}

/** Every night at 04:17 Beijing time: the same check as `npm run admin -- ledger-check`; a difference fails the run (logged). */
export const ledgerCheckJob = defineJob({
  kind: 'finance-ledger-check',
  payload: z.object({}),
  schedule: { cron: '17 4 * * *', tz: 'Asia/Shanghai', data: {} },
  async run(ctx) {
    const report = await checkLedger(ctx.deps.db);
    if (report.problems.length > 0) {
      console.error(formatLedgerCheck(report));
      throw new Error(`ledger-check found ${report.problems.length} difference(s)`);
    }
  },
});
