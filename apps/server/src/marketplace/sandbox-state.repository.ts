import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import './marketplace.tables.js';
import type { SimSnapshot } from './simulator/sim-server.js';

/** The sandbox Amazon's saved state, if any. */
export async function loadSandboxState(db: Database): Promise<SimSnapshot | undefined> {
  const row = await db.selectFrom('sandbox_state').select('state').where('id', '=', 1).executeTakeFirst();
  return row?.state;
}

/** Replaces the saved state. */
export async function saveSandboxState(db: Database, state: SimSnapshot): Promise<void> {
  await db
    .insertInto('sandbox_state')
    .values({ id: 1, state: JSON.stringify(state), saved_at: sql`now()` })
    .onConflict((oc) => oc.column('id').doUpdateSet({ state: (eb) => eb.ref('excluded.state'), saved_at: sql`now()` }))
    .execute();
}
