import { goodsFilterSchema } from '@console/shared/schemas/goods';
import { orderListBody } from '@console/shared/schemas/order';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { preparedNameOf, QueryShapes } from '../src/db/query-shapes.js';
import { listGoodsPage } from '../src/modules/goods/goods.repository.js';
import { orderPageQuery } from '../src/modules/order/order.repository.js';
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

describe('list pages keep one generic plan', () => {
  it('the first pages of products and orders are planned once per connection, not on every run', async () => {
    const one = createDatabase(t.url, { max: 1 });
    try {
      const goodsFilter = goodsFilterSchema.parse({});
      const orderFilter = orderListBody.parse({ status: 'Unshipped' });
      // PostgreSQL plans a named statement for its values five times, then keeps a generic plan
      // when that is no dearer; LIMIT and OFFSET as parameters made it plan every run.
      for (let i = 0; i < 8; i++) {
        await listGoodsPage(one, 1 + (i % 3), goodsFilter, { page: 1, pageSize: 20 });
        await one.executeQuery(orderPageQuery(one, 1 + (i % 3), orderFilter, {}));
      }
      const plans = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(one);
      const of = (table: string) => plans.rows.find((r) => r.statement.includes(`from "${table}"`))!;
      for (const table of ['goods', 'orders']) {
        expect(of(table), table).toBeDefined();
        expect(Number(of(table).generic_plans), table).toBeGreaterThan(0);
        expect(Number(of(table).custom_plans), table).toBeLessThanOrEqual(5);
      }
    } finally {
      await one.destroy();
    }
  });
});
