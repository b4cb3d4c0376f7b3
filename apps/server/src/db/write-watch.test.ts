import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dummyDb } from './dummy-db.js';
import { WriteWatchPlugin } from './write-watch.js';

function watched() {
  const watch = new WriteWatchPlugin();
  const seen: string[] = [];
  watch.on('users', () => seen.push('users'));
  watch.on('sessions', () => seen.push('sessions'));
  const db = dummyDb([watch]);

  return { db, seen };
}

describe('WriteWatchPlugin', () => {
  it('calls the listeners of a table after an UPDATE or DELETE on it, aliased or not', async () => {
    const { db, seen } = watched();
    await db.updateTable('users').set({ user_name: 'x' }).where('id', '=', 1).execute();
    await db.deleteFrom('sessions as s').where('s.id', '=', 'a').execute();
    expect(seen).toEqual(['users', 'sessions']);
  });

  it('sees a write inside a WITH, and ignores reads, inserts and other tables', async () => {
    const { db, seen } = watched();
    await db.selectFrom('users').selectAll().execute();
    await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').selectAll().execute();
    await db.updateTable('goods').set({ version: 2 }).where('id', '=', 1).execute();
    expect(seen).toEqual([]);
    await db
      .with('gone', (q) => q.updateTable('sessions').set({ revoked_reason: 'x' }).returning('id'))
      .selectFrom('gone')
      .selectAll()
      .execute();
    expect(seen).toEqual(['sessions']);
    await sql`select 1`.execute(db);
    expect(seen).toEqual(['sessions']);
  });
});
