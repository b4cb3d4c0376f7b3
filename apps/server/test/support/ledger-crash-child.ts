/**
 * The posting process of the crash test (finance-crash.test.ts): runs the ledger load against
 * DATABASE_URL and prints `ACK <key> <entry id>` after each acknowledged posting, until killed.
 */
import { createDatabase } from '../../src/db/database.js';
import { runLedgerLoad } from './ledger-load.js';

const db = createDatabase(process.env.DATABASE_URL!, { max: 10 });
await runLedgerLoad(db, {
  clients: 20,
  ops: Number(process.env.LOAD_OPS ?? 3_000),
  tenants: process.env.LOAD_TENANTS!.split(',').map(Number),
  retryRate: 0.2,
  seed: 7,
  prefix: process.env.LOAD_PREFIX!,
  onAck: (a) => process.stdout.write(`ACK ${a.key} ${a.entryId}\n`),
});
process.stdout.write('DONE\n');
await db.destroy();
