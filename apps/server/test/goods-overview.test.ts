import { calendarDay } from '@console/shared/constants/time-zone';
import { describe, expect, it } from 'vitest';
import { setTenantTimeZone } from '../src/modules/account/tenant-time-zone.repository.js';
import { businessDay, fillDays } from '../src/modules/goods/goods-overview.service.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

describe('goods/overview (商品首页)', () => {
  it('counts the tenant’s products by status, type, day and what they still lack; EANs; the newest first', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const img = [{ url: '/PDD/files/t1/a.jpg' }];
    const price = [{ country_code: 'us', price: 1999 }];
    const a = await buildGoods(t.db, main, { baseInfo: { type: 4 }, images: img, priceTable: price });
    await buildGoods(t.db, main, { baseInfo: { type: 4 }, auditStatus: 'hasAudit', priceTable: price });
    await buildGoods(t.db, main, {
      baseInfo: { type: 2 },
      images: img,
      commonData: { descs: [{ key: 'de', title: 'Nur deutsch' }] },
      parentageTable: { theme: 'Color', attrs: ['color'], children: [{ sku: 'V1', values: { color: 'Red' } }] },
    });
    const binned = await buildGoods(t.db, main, { baseInfo: { type: 2 } });
    await t.db.updateTable('goods').set({ is_delete: 1 }).where('id', '=', binned.id).execute();
    await t.db
      .insertInto('goods_eans')
      .values(
        ['4006381333931', '4006381333948', '4006381333955'].map((code, i) => ({
          tenant_id: main.id,
          creator_id: main.id,
          code,
          gtin: `0${code}`,
          kind: 'EAN13',
          status: i === 0 ? 'used' : 'free',
        })),
      )
      .execute();
    // Another tenant's products and codes are not counted.
    const other = await buildTenant(t.db);
    await buildGoods(t.db, other, { baseInfo: { type: 4 } });

    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'GET', '/PDD/goods/overview');
    expect(r.status).toBe(200);
    const o = r.data;
    expect(o.counts).toEqual({ all: 3, hasAudit: 1, willAudit: 2, useless: 0, recycled: 1 });
    expect(o.by_type).toEqual([
      { type: 2, n: 1 },
      { type: 4, n: 2 },
    ]);
    expect(o.incomplete).toEqual({
      no_image: 1,
      no_price: 1,
      no_en_title: 1,
      variation_without_ean: 1,
      small_main_image: 0,
    });
    expect(o.eans).toEqual({ free: 2, used: 1 });
    expect(o.created_per_day).toHaveLength(14);
    // The chart counts what 商品总数 counts: the product in the recycle bin is not among them.
    expect(o.created_per_day.at(-1)).toEqual({ day: businessDay(new Date()), n: 3 });
    expect(o.created_per_day.slice(0, -1).every((d: { n: number }) => d.n === 0)).toBe(true);
    expect(o.recent).toHaveLength(3);
    expect(o.recent.at(-1)).toMatchObject({ id: Number(a.id), thumbnail: img[0]!.url, type: 4 });

    // The list's 待完善 filter finds exactly the products counted, with status counts and neighbours.
    const lacking = async (lack: string) =>
      (await call(t.app, s, 'GET', `/PDD/amazon-user/productList?lack=${lack}`)).data as {
        total: number;
        list: { id: number; sku: string }[];
        counts: { all: number };
      };
    for (const [lack, n] of [
      ['image', 1],
      ['price', 1],
      ['en_title', 1],
      ['ean', 1],
    ] as const) {
      const page = await lacking(lack);
      expect([lack, page.total, page.counts.all, page.list.length]).toEqual([lack, n, n, n]);
    }
    expect((await lacking('image')).list[0]?.id).not.toBe(Number(a.id));
    const both = await call(t.app, s, 'GET', '/PDD/amazon-user/productList?lack=price&type=2');
    expect(both.data.total).toBe(1);
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/productList?lack=video')).msg).toBe('待完善条件不合法');
  });

  it('an empty library answers zeros; buyers and signed-out callers are refused', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const o = (await call(t.app, s, 'GET', '/PDD/goods/overview')).data;
    expect(o.counts).toEqual({ all: 0, hasAudit: 0, willAudit: 0, useless: 0, recycled: 0 });
    expect(o.recent).toEqual([]);
    expect(o.created_per_day.every((d: { n: number }) => d.n === 0)).toBe(true);
    const buyer = await signIn(t.app, (await buildUser(t.db, main, { auth: 3 })).account, TEST_PASSWORD);
    expect((await call(t.app, buyer, 'GET', '/PDD/goods/overview')).http).toBe(403);
  });
});

describe('the tenant calendar of the chart', () => {
  it('counts days in China time by default, not in UTC; a tenant in another zone counts in its own', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    // A minute either side of today's midnight in China: the same day in UTC (16:00 UTC is midnight).
    const now = new Date();
    const midnight = Date.parse(`${businessDay(now)}T00:00:00+08:00`);
    const late = new Date(midnight - 60_000);
    const early = new Date(Math.min(midnight + 60_000, now.getTime()));
    for (const at of [late, early]) {
      const g = await buildGoods(t.db, main, {});
      await t.db.updateTable('goods').set({ created_at: at }).where('id', '=', g.id).execute();
    }
    const china = (await call(t.app, s, 'GET', '/PDD/goods/overview')).data;
    expect(china.time_zone).toBe('Asia/Shanghai');
    expect(china.created_per_day.slice(-2)).toEqual([
      { day: businessDay(late), n: 1 },
      { day: businessDay(early), n: 1 },
    ]);
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/getUserInfo', {})).data.time_zone).toBe('Asia/Shanghai');

    await setTenantTimeZone(t.db, main.id, 'UTC');
    const utc = (await call(t.app, s, 'GET', '/PDD/goods/overview')).data;
    expect(utc.time_zone).toBe('UTC');
    const day = calendarDay(late, 'UTC');
    expect(calendarDay(early, 'UTC')).toBe(day);
    expect(utc.created_per_day.filter((d: { n: number }) => d.n > 0)).toEqual([{ day, n: 2 }]);
    // Child accounts show times in their tenant's zone.
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/getUserInfo', {})).data.time_zone).toBe('UTC');
    // Another tenant keeps its own calendar.
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect((await call(t.app, other, 'GET', '/PDD/goods/overview')).data.time_zone).toBe('Asia/Shanghai');
  });
});

describe('business days', () => {
  it('are China calendar days: 17:00 UTC is already the next day', () => {
    expect(businessDay(new Date('2026-11-24T15:59:00Z'))).toBe('2026-11-24');
    expect(businessDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
  });

  it('fills the last n days oldest first with zeros where nothing was created', () => {
    const now = new Date('2026-03-02T04:00:00Z'); // 12:00 in China
    expect(fillDays(now, 3, [{ day: '2026-03-01', n: 5 }])).toEqual([
      { day: '2026-02-28', n: 0 },
      { day: '2026-03-01', n: 5 },
      { day: '2026-03-02', n: 0 },
    ]);
  });
});
