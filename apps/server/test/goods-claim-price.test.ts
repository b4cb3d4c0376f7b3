import { describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

describe('price settings', () => {
  it('answers every country with dated default rates, saves over the loaded version, refuses a stale save', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const info = (await call(t.app, s, 'GET', '/PDD/amazon-user/priceInfoData')).data;
    expect(info.price_country).toHaveLength(15);
    expect(info.rates_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.price_country.find((c: { country_code: string }) => c.country_code === 'us')).toMatchObject({
      currency: 'USD',
      margin: 30,
      rounding: 'up99',
    });
    // Untouched rates are the shipped defaults, as old as rates_as_of.
    expect(info.price_country.every((c: { default_rate: boolean }) => c.default_rate)).toBe(true);
    expect(info.version).toBe(0);
    const us = { country_code: 'us', exchange_rate: '7.2', margin: 25, shipping: 800, rounding: 'none' };
    const saved = await call(t.app, s, 'POST', '/PDD/amazon-user/savePriceInfo', {
      price_country: [us],
      quantityRange: [100, 100],
      version: 0,
    });
    expect(saved.data.version).toBe(1);
    const again = (await call(t.app, s, 'GET', '/PDD/amazon-user/priceInfoData')).data;
    expect(again.price_country.find((c: { country_code: string }) => c.country_code === 'us')).toMatchObject({
      ...us,
      default_rate: false,
    });
    expect(again.price_country.find((c: { country_code: string }) => c.country_code === 'de').default_rate).toBe(true);
    expect(again.quantityRange).toEqual([100, 100]);
    const stale = await call(t.app, s, 'POST', '/PDD/amazon-user/savePriceInfo', {
      price_country: [us],
      quantityRange: [1, 2],
      version: 0,
    });
    expect(stale).toMatchObject({ http: 409, msg: '数据已被他人修改,请刷新后重试', data: { code: 'STALE_VERSION' } });
    // New products draw their default stock from the saved range.
    const created = await call(t.app, s, 'POST', '/PDD/amazon-user/insertGoods_v2', {
      goodsData: { commonData: { descs: [{ key: 'en', title: 'Stock' }] } },
    });
    const product = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${created.data.id}`)).data;
    expect(product.goodsData.baseInfo.quantity).toBe(100);
  });

  it('validates rates, margins and ranges', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const row = { country_code: 'us', exchange_rate: '7.2', margin: 25, shipping: 800, rounding: 'none' };
    const save = (price_country: unknown[], quantityRange = [1, 2]) =>
      call(t.app, s, 'POST', '/PDD/amazon-user/savePriceInfo', { price_country, quantityRange, version: 0 });
    expect((await save([{ ...row, exchange_rate: 'abc' }])).msg).toBe('汇率格式不正确');
    expect((await save([{ ...row, exchange_rate: '0' }])).msg).toBe('汇率必须大于0');
    expect((await save([{ ...row, margin: -1 }])).msg).toBe('利润率不能小于0');
    expect((await save([{ ...row, rounding: 'x' }])).msg).toBe('取整方式不合法');
    expect((await save([row], [5, 2])).msg).toBe('库存范围不正确');
  });

  it('settings belong to the user', async () => {
    const main = await buildTenant(t.db);
    const w = await buildUser(t.db, main, { auth: 2 });
    const a = await signIn(t.app, main.account, TEST_PASSWORD);
    const b = await signIn(t.app, w.account, TEST_PASSWORD);
    const us = { country_code: 'us', exchange_rate: '9', margin: 1, shipping: 1, rounding: 'none' };
    await call(t.app, a, 'POST', '/PDD/amazon-user/savePriceInfo', {
      price_country: [us],
      quantityRange: [1, 2],
      version: 0,
    });
    const theirs = (await call(t.app, b, 'GET', '/PDD/amazon-user/priceInfoData')).data;
    expect(theirs.version).toBe(0);
    expect(theirs.price_country.find((c: { country_code: string }) => c.country_code === 'us').exchange_rate).not.toBe(
      '9',
    );
  });
});

describe('claims', () => {
  // Its own database, so that the first account (uid 1) is the platform operator.
  const c = useTestApp();
  it('the platform publishes; a tenant claims a product once, getting its own copy', async () => {
    const platform = await buildTenant(c.db); // uid 1: internal in tests
    expect(platform.id).toBe(1);
    const published = await buildGoods(c.db, platform, { commonData: { descs: [{ key: 'en', title: 'Claim me' }] } });
    const hidden = await buildGoods(c.db, platform);
    const sp = await signIn(c.app, platform.account, TEST_PASSWORD);
    expect(
      (await call(c.app, sp, 'POST', '/PDD/claim/publish', { ids: String(published.id), claimable: true })).data
        .affected,
    ).toBe(1);
    // The operator's own list marks what it published.
    const own = (await call(c.app, sp, 'GET', '/PDD/amazon-user/productList')).data.list;
    expect(own.map((r: { id: number; claimable: boolean }) => [r.id, r.claimable])).toEqual([
      [Number(hidden.id), false],
      [Number(published.id), true],
    ]);

    const seller = await buildTenant(c.db);
    const ss = await signIn(c.app, seller.account, TEST_PASSWORD);
    const list = (await call(c.app, ss, 'GET', '/PDD/claim/list')).data;
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([Number(published.id)]);
    expect(list.list[0].claimed_goods_id).toBeNull();
    expect((await call(c.app, ss, 'POST', '/PDD/claim/claimGoods', { id: Number(hidden.id) })).http).toBe(404);

    const claims = await Promise.all(
      [1, 2, 3].map(() => call(c.app, ss, 'POST', '/PDD/claim/claimGoods', { id: Number(published.id) })),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.http === 409).every((c) => c.msg === '该商品已认领过')).toBe(true);
    const mine = (await call(c.app, ss, 'GET', '/PDD/amazon-user/productList')).data;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ title: 'Claim me', audit_status: 'willAudit' });
    expect((await call(c.app, ss, 'GET', '/PDD/claim/list')).data.list[0].claimed_goods_id).toBe(mine.list[0].id);

    // The platform deletes the product for good: the seller's claim of it goes (the former
    // cascade of a key across tenants, now done by the delete), the seller's copy stays.
    const ids = String(published.id);
    expect((await call(c.app, sp, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids, is_delete: 1 })).status).toBe(200);
    expect((await call(c.app, sp, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids, is_delete: 2 })).status).toBe(200);
    const claimRows = await c.db.selectFrom('goods_claims').select('tenant_id').where('source_id', '=', published.id);
    expect(await claimRows.execute()).toEqual([]);
    expect((await call(c.app, ss, 'GET', '/PDD/amazon-user/productList')).data.total).toBe(1);
  });

  it("the platform's images are visible to every signed-in tenant; another tenant's are not", async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const seller = await buildTenant(c.db);
    const other = await buildTenant(c.db);
    const id = '0b7c3e9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    for (const tenant of [1, other.id]) {
      const dir = path.join(c.deps.config.dataDir, 'files', `t${tenant}`, '2026', '11');
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${id}.png`), 'png-bytes');
    }
    const ss = await signIn(c.app, seller.account, TEST_PASSWORD);
    const get = (tenant: number) =>
      c.app.inject({ method: 'GET', url: `/PDD/files/t${tenant}/2026/11/${id}.png`, cookies: ss.cookies });
    expect((await get(1)).statusCode).toBe(200);
    expect((await get(other.id)).statusCode).toBe(404);
  });

  it('only the platform operator may publish, and only its own products', async () => {
    await buildTenant(c.db);
    const seller = await buildTenant(c.db);
    const g = await buildGoods(c.db, seller);
    const ss = await signIn(c.app, seller.account, TEST_PASSWORD);
    expect((await call(c.app, ss, 'POST', '/PDD/claim/publish', { ids: String(g.id), claimable: true })).http).toBe(
      403,
    );
  });
});
