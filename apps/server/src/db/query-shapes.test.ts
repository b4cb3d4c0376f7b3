import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dummyDb } from './dummy-db.js';
import { QueryShapes } from './query-shapes.js';

const db = dummyDb();

describe('QueryShapes', () => {
  it('builds a shape once and binds each call its own values, in the places the builder put them', () => {
    const shapes = new QueryShapes();
    let builds = 0;
    const run = (tenant: number, since: number, limit: number) =>
      shapes.compiled('g', [tenant, since, limit], (slot) => {
        builds++;
        return db
          .selectFrom('goods')
          .select('id')
          .where('tenant_id', '=', slot(0))
          .where('created_at', '>=', sql<Date>`to_timestamp(${slot(1)})`)
          .where('is_delete', '=', 0)
          .limit(slot(2));
      });
    const a = run(7, 1_700_000_000, 20);
    const b = run(8, 1_600_000_000, 50);
    expect(builds).toBe(1);
    expect(b.sql).toBe(a.sql);
    expect(a.sql).toContain('to_timestamp($2)');
    expect(a.parameters).toEqual([7, 1_700_000_000, 0, 20]);
    expect(b.parameters).toEqual([8, 1_600_000_000, 0, 50]);
    // The same statement built directly has the same text and values.
    const direct = db
      .selectFrom('goods')
      .select('id')
      .where('tenant_id', '=', 8)
      .where('created_at', '>=', sql<Date>`to_timestamp(${1_600_000_000})`)
      .where('is_delete', '=', 0)
      .limit(50)
      .compile();
    expect(b.sql).toBe(direct.sql);
    expect(b.parameters).toEqual(direct.parameters);
  });

  it('refuses a builder that leaves a value out (it would be bound to the wrong place)', () => {
    const shapes = new QueryShapes();
    expect(() =>
      shapes.compiled('bad', [1, 2], (slot) => db.selectFrom('goods').select('id').where('tenant_id', '=', slot(0))),
    ).toThrow(/2 values but 1 slots/);
    expect(shapes.size).toBe(0);
  });

  it('keeps at most its bound of shapes', () => {
    const shapes = new QueryShapes(3);
    for (let i = 0; i < 5; i++) {
      shapes.compiled(`k${i}`, [i], (slot) => db.selectFrom('goods').select('id').where('id', '=', slot(0)));
    }
    expect(shapes.size).toBe(3);
  });
});
