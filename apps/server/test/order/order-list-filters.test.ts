import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../harness.js';
import { seededRandom } from '../support/seeded-random.js';
import { orderWorld } from './order-support.js';

/**
 * The order list against a plain query (issue 17 §3): its statements are compiled once per
 * filter shape and then only get new values (`db/query-shapes.ts`), so every filter, every
 * combination and each reader's scope must give the plain query's rows, total and tab counts.
 */
const t = useTestApp();
const O = '/PDD/order/';

/** Seeded random numbers, so a failure can be replayed with TEST_SEED. */
const { seed: SEED, rand, pick } = seededRandom();

const STATUSES = ['Pending', 'Unshipped', 'Shipped', 'Canceled', 'refund'] as const;
const SITES = ['de', 'fr'] as const;
const DAY = 86_400;

interface Filter {
  status?: string;
  marketplace?: string;
  fulfillment_channel?: string;
  express_status?: string;
  startTime?: number;
  endTime?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

describe('order list filters give the plain query', () => {
  it('for random combinations of every filter, pages and the worker scope', async () => {
    const w = await orderWorld(t, { name: '筛选店', sellerPrefix: 'F' });
    const now = Math.floor(Date.now() / 1000);
    for (let n = 0; n < 40; n++) {
      await w.addOrder({
        amazonOrderId: w.amazonId('305', n),
        purchaseDate: new Date((now - Math.floor(rand() * 60) * DAY) * 1000),
        totalMinor: 1000 + n,
        items: [
          {
            amazonItemId: `F${w.tenant.id}-${n}`,
            asin: `B0F${String(n % 7).padStart(7, '0')}`,
            sku: `FS-${n % 5}`,
            title: `T${n}`,
            quantity: 1,
            priceMinor: 1000,
          },
        ],
      });
    }
    const worker = await w.as(2, 'worker');
    const workerId = w.user('worker').id;
    // Vary what the sync would have set: status, site, channel, express status, assignee.
    const ids = (
      await sql<{ id: string }>`select id from orders where tenant_id = ${w.tenant.id} order by id`.execute(t.db)
    ).rows;
    for (const { id } of ids) {
      await sql`update orders set status = ${pick(STATUSES)}, marketplace = ${pick(SITES)},
                  fulfillment_channel = ${pick(['0', '1'])}, express_status = ${pick(['0', '1', '2', '3'])},
                  assigned_to = ${rand() < 0.4 ? workerId : null}
                where id = ${id}`.execute(t.db);
    }
    const admin = await w.as(0);

    const plain = async (f: Filter, assignedTo?: number) => {
      const r = await sql<{ id: string; status: string }>`
        select o.id, o.status from orders o
         where o.tenant_id = ${w.tenant.id}
           and (${f.marketplace ?? null}::text is null or o.marketplace = ${f.marketplace ?? null})
           and (${f.fulfillment_channel ?? null}::text is null or o.fulfillment_channel = ${f.fulfillment_channel ?? null})
           and (${f.express_status ?? null}::text is null or o.express_status = ${f.express_status ?? null})
           and (${f.startTime ?? null}::bigint is null or o.purchase_date >= to_timestamp(${f.startTime ?? null}::bigint))
           and (${f.endTime ?? null}::bigint is null or o.purchase_date <= to_timestamp(${f.endTime ?? null}::bigint))
           and (${f.keyword ?? null}::text is null or o.amazon_order_id = ${f.keyword ?? null}
                or exists (select 1 from order_items i where i.order_id = o.id
                            and (i.asin = upper(${f.keyword ?? null}) or i.seller_sku = ${f.keyword ?? null})))
           and (${assignedTo ?? null}::int is null or o.assigned_to = ${assignedTo ?? null})
         order by o.purchase_date desc, o.id desc`.execute(t.db);
      return r.rows.map((x) => ({ id: Number(x.id), status: x.status }));
    };

    for (let i = 0; i < 40; i++) {
      const f: Filter = { page: pick([1, 1, 2]), pageSize: pick([5, 10, 20]) };
      if (rand() < 0.5) f.status = pick(STATUSES);
      if (rand() < 0.5) f.marketplace = pick(SITES);
      if (rand() < 0.3) f.fulfillment_channel = pick(['0', '1']);
      if (rand() < 0.3) f.express_status = pick(['0', '1', '2', '3']);
      if (rand() < 0.4) f.startTime = now - Math.floor(rand() * 60) * DAY;
      if (rand() < 0.2) f.endTime = now - Math.floor(rand() * 30) * DAY;
      if (rand() < 0.25)
        f.keyword = pick([
          `FS-${Math.floor(rand() * 5)}`,
          `b0f${String(Math.floor(rand() * 7)).padStart(7, '0')}`,
          w.amazonId('305', Math.floor(rand() * 40)),
        ]);
      const asWorker = rand() < 0.3;
      const label = `seed ${SEED}: ${JSON.stringify(f)}${asWorker ? ' as worker' : ''}`;
      const res = await call(t.app, asWorker ? worker : admin, 'POST', `${O}list`, f);
      expect(res.status, `${label}: ${res.msg}`).toBe(200);
      const matches = await plain(f, asWorker ? workerId : undefined);
      const counts = Object.fromEntries(STATUSES.map((s) => [s, matches.filter((m) => m.status === s).length]));
      expect(res.data.counts, label).toEqual({ all: matches.length, ...counts });
      const tab = f.status ? matches.filter((m) => m.status === f.status) : matches;
      expect(res.data.total, label).toBe(tab.length);
      const page = tab.slice((f.page - 1) * f.pageSize, f.page * f.pageSize).map((m) => m.id);
      expect(
        res.data.list.map((o: { id: number }) => o.id),
        label,
      ).toEqual(page);
    }
  });
});
