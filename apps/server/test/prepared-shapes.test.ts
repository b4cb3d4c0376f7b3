import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { preparedNameOf, QueryShapes } from '../src/db/query-shapes.js';
import { useTestApp } from './harness.js';

const t = useTestApp();
let db: ReturnType<typeof createDatabase>;
afterAll(() => db?.destroy());

describe('prepared query shapes', () => {
  it('are sent as named statements, parsed once per connection; others stay unnamed', async () => {
    // One connection, so every statement below runs in the same PostgreSQL session.
    db = createDatabase(t.url, { max: 1 });
    const shapes = new QueryShapes();
    const byTenant = (tenant: number, prepare: boolean) =>
      shapes.compiled(
        `users:${prepare}`,
        [tenant],
        (slot) =>
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as(prepare ? 'n' : 'unnamed'))
            .where('tenant_id', '=', slot(0)),
        { prepare },
      );
    const named = byTenant(1, true);
    const name = preparedNameOf(named.sql);
    expect(name).toMatch(/^shape_\d+$/);
    expect(preparedNameOf(byTenant(1, false).sql)).toBeUndefined();

    const counts = [];
    for (const tenant of [1, 2, 3]) counts.push((await db.executeQuery(byTenant(tenant, true))).rows[0]!.n);
    await db.executeQuery(byTenant(1, false));
    expect(counts).toHaveLength(3);
    const session = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(db);
    expect(session.rows).toEqual([{ name, statement: named.sql }]);
  });
});
