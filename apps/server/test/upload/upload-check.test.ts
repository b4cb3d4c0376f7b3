import { marketplace } from '@console/shared/constants/marketplaces';
import { describe, expect, it } from 'vitest';
import { buildGoods, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn } from '../harness.js';
import { homeGoods, runUntilDone, saveGoods, simOf, tenantWithShop, useUploadApp } from './upload-support.js';

/**
 * The check before sending (issue 28 §2, docs/upload.md "Checks before sending"):
 * `POST /upload/check` answers per product x marketplace what the pipeline would do, writing
 * nothing; `POST /upload/create` with `hold` / `only_ready` sends the ready pairs only.
 */
const { t, img } = useUploadApp(20);

const U = '/PDD/upload/';

interface Pair {
  goods_id: number;
  marketplace: string;
  ready: boolean;
  notes: string[];
  issues: {
    code: string;
    severity: string;
    message_zh: string;
    hint?: string;
    variation?: string;
    field: { kind: string; lang?: string; country?: string; attr?: string } | null;
  }[];
}

async function check(s: Session, body: Record<string, unknown>) {
  return call(t.app, s, 'POST', `${U}check`, { upload_type: 'good', ...body });
}

const pairOf = (list: Pair[], goodsId: number, mp: string) =>
  list.find((p) => p.goods_id === goodsId && p.marketplace === mp)!;
const codes = (p: Pair) => p.issues.map((i) => `${i.severity}:${i.code}`);

/** What the tenant has written that a check must never write. */
async function written(tenantId: number) {
  const n = async (table: 'seller_skus' | 'upload_items' | 'listings' | 'upload_queues') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    skus: await n('seller_skus'),
    items: await n('upload_items'),
    listings: await n('listings'),
    queues: await n('upload_queues'),
  };
}

describe('upload check: per product x marketplace, before anything is sent', () => {
  it('names what stops each pair (texts, price, product type, required attributes) with the field and what to do, and writes nothing', async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const ready = await saveGoods(t.app, s, homeGoods('CHK-OK', img.base));
    // English only, priced for the UK and Germany.
    const english = await saveGoods(
      t.app,
      s,
      homeGoods('CHK-EN', img.base, { langs: ['en'], countries: ['en', 'de'] }),
    );
    // A drinking cup: Amazon has no such type in France; in Germany its required attributes are empty.
    const cupData = homeGoods('CHK-CUP', img.base);
    cupData.template = { product_type: 'DRINKING_CUP', marketplace: 'de' };
    cupData.extraAttrs = {} as typeof cupData.extraAttrs;
    const cup = await saveGoods(t.app, s, cupData);
    const noTypeData = homeGoods('CHK-NOTYPE', img.base) as Record<string, unknown>;
    delete noTypeData.template;
    delete noTypeData.extraAttrs;
    const noType = await saveGoods(t.app, s, noTypeData);
    const before = await written(tenant.id);

    const r = await check(s, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      ids: [ready.id, english.id, cup.id, noType.id].join(','),
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 4, checked: 4, ready: 2, held: 6, translate_configured: false });
    const list = r.data.list as Pair[];
    expect(list).toHaveLength(8);

    for (const mp of ['de', 'fr']) expect(pairOf(list, ready.id, mp)).toMatchObject({ ready: true, issues: [] });

    // German: no title, and no bullets or description (HOME requires them), each with its field
    // and what to do without a translation provider.
    const de = pairOf(list, english.id, 'de');
    expect(de.ready).toBe(false);
    expect(codes(de)).toEqual(['ERROR:C003', 'ERROR:90220', 'ERROR:90220']);
    expect(de.issues[0]).toMatchObject({
      message_zh: '缺少该站点语言的标题',
      field: { kind: 'title', lang: 'de' },
    });
    expect(de.issues[0]!.hint).toContain('英语页签点「复制到其他语言」');
    expect(de.issues[0]!.hint).toContain('直接在德语页签填写标题');
    expect(de.issues[0]!.hint).toContain('TRANSLATE_PROVIDER');
    expect(de.issues[0]!.hint).toContain('/goods/admin/translation');
    expect(de.issues.slice(1).map((i) => i.field?.kind)).toEqual(['bullet_points', 'product_description']);
    expect(de.issues[1]!.hint).toContain('直接在德语页签填写五点描述');
    // France: no French texts and no French price.
    const fr = pairOf(list, english.id, 'fr');
    expect(codes(fr)).toEqual(expect.arrayContaining(['ERROR:C003', 'ERROR:C004']));
    expect(fr.issues.find((i) => i.code === 'C004')).toMatchObject({
      message_zh: '缺少该站点国家的价格',
      field: { kind: 'price', country: 'fr' },
    });

    // The cup: not offered in France; in Germany its required attributes are missing.
    expect(pairOf(list, cup.id, 'fr')).toMatchObject({
      ready: false,
      issues: [expect.objectContaining({ code: 'C002', severity: 'ERROR' })],
    });
    const cupDe = pairOf(list, cup.id, 'de');
    expect(cupDe.ready).toBe(false);
    expect(cupDe.issues.some((i) => i.code === '90220' && i.field?.kind === 'attribute' && i.field.attr)).toBe(true);

    // No product type at all.
    expect(pairOf(list, noType.id, 'de').issues).toEqual([
      expect.objectContaining({ code: 'C001', message_zh: expect.stringContaining('产品类型') }),
    ]);

    // Nothing was written: no seller SKU, item, ledger row or queue.
    expect(await written(tenant.id)).toEqual(before);
  });

  it('flags images under the minimum, sensitive words and a missing EAN, and the pipeline stops the same items', async () => {
    const { tenant, s, shop } = await tenantWithShop(t, false);
    const small = homeGoods('CHK-IMG', img.base);
    small.images = [
      { url: `${img.base}/ok/small.png`, width: 400, height: 300 },
      { url: `${img.base}/ok/mid.png`, width: 800, height: 800 },
    ] as unknown as typeof small.images;
    (small.baseInfo as Record<string, unknown>).product_id = '4006381333931';
    const word = await call(t.app, s, 'POST', '/PDD/goods/sensitive/create', { lang: 'all', words: ['forbidden'] });
    expect(word.status, word.msg).toBe(200);
    const sensitive = homeGoods('CHK-WORD', img.base);
    sensitive.commonData.descs[1]!.title = 'Vase forbidden edition';
    (sensitive.baseInfo as Record<string, unknown>).product_id = '4006381333948';
    const noEan = homeGoods('CHK-NOEAN', img.base);
    const [a, b, c] = [
      await buildGoods(t.db, tenant, small as never),
      await buildGoods(t.db, tenant, sensitive as never),
      await buildGoods(t.db, tenant, noEan as never),
    ];
    const ids = [a.id, b.id, c.id].map(Number);

    const r = await check(s, { shop_id: shop.id, marketplaces: ['de'], ids });
    expect(r.status, r.msg).toBe(200);
    const list = r.data.list as Pair[];

    const img1 = pairOf(list, ids[0]!, 'de');
    expect(img1.ready).toBe(false);
    expect(img1.issues[0]).toMatchObject({
      code: 'C021',
      severity: 'ERROR',
      message_zh: '主图最长边只有400像素,亚马逊要求至少500像素',
      field: { kind: 'images' },
    });
    expect(img1.notes).toEqual([]);

    const word1 = pairOf(list, ids[1]!, 'de');
    expect(word1.issues).toEqual([
      expect.objectContaining({
        code: 'C023',
        severity: 'ERROR',
        message_zh: '含敏感词「forbidden」,请修改后再上传',
        field: expect.objectContaining({ kind: 'title', lang: 'de' }),
      }),
    ]);
    // The image host's pictures have no stored size: said, not checked.
    expect(word1.notes[0]).toContain('1张图片的尺寸未知');

    // No EAN, an empty pool, no exemption: what to do.
    const ean = pairOf(list, ids[2]!, 'de');
    expect(ean.issues).toEqual([
      expect.objectContaining({ code: 'C006', field: expect.objectContaining({ kind: 'ean' }) }),
    ]);
    expect(ean.issues[0]!.hint).toContain('EAN库没有可用码');
    // A product without variations: its EAN is the 产品ID of 基础信息.
    expect(ean.issues[0]!.field).toMatchObject({ kind: 'ean', label: '基础信息 / 产品ID(EAN)' });

    // The pipeline stops the same three: nothing of them reaches Amazon.
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids,
    });
    expect(created).toMatchObject({ status: 200, data: { items: 3, invalid: 3, held: 0 } });
    const items = await t.db
      .selectFrom('upload_items')
      .select(['goods_id', 'status', 'issues'])
      .where('queue_id', '=', created.data.queue_id)
      .orderBy('goods_id')
      .execute();
    expect(items.map((i) => i.status)).toEqual(['invalid', 'invalid', 'invalid']);
    const itemCodes = items.map((i) => (i.issues as { code: string; severity: string }[]).map((x) => x.code));
    expect(itemCodes[0]).toContain('C021');
    expect(itemCodes[1]).toContain('C023');
    expect(itemCodes[2]).toContain('C006');
  });

  it('with a free code in the pool, a missing EAN says a save assigns it', async () => {
    const { tenant, s, shop } = await tenantWithShop(t, false);
    const imported = await call(t.app, s, 'POST', '/PDD/goods/ean/import', { text: '4006381333955' });
    expect(imported.status, imported.msg).toBe(200);
    const g = await buildGoods(t.db, tenant, homeGoods('CHK-POOL', img.base) as never);
    const r = await check(s, { shop_id: shop.id, marketplaces: ['de'], ids: [Number(g.id)] });
    const p = (r.data.list as Pair[])[0]!;
    expect(p.issues[0]).toMatchObject({ code: 'C006' });
    expect(p.issues[0]!.hint).toContain('EAN库还有1个可用码');
  });

  it("checks at most 200 products and says so; another tenant's ids are not found; roles and bad input are refused", async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const ids: number[] = [];
    for (let i = 0; i < 201; i++)
      ids.push(Number((await buildGoods(t.db, tenant, homeGoods(`CAP-${i}`, img.base) as never)).id));
    const r = await check(s, { shop_id: shop.id, marketplaces: ['de'], ids });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 201, checked: 200, ready: 200, held: 0 });
    expect(r.msg).toContain('只检查了前200个');
    expect((r.data.list as Pair[]).some((p) => p.goods_id === ids[200])).toBe(false);

    // Another tenant: its products are not found (alone: nothing to check; mixed: left out).
    const other = await tenantWithShop(t);
    const theirs = Number((await buildGoods(t.db, other.tenant, homeGoods('THEIRS', img.base) as never)).id);
    const alone = await check(s, { shop_id: shop.id, marketplaces: ['de'], ids: [theirs] });
    expect(alone).toMatchObject({ status: 400, msg: '没有可上传的商品(回收站中的商品不能上传)' });
    const mixed = await check(s, { shop_id: shop.id, marketplaces: ['de'], ids: [ids[0], theirs] });
    expect(mixed.status).toBe(200);
    expect((mixed.data.list as Pair[]).map((p) => p.goods_id)).toEqual([ids[0]]);
    // ...and its shop is not ours.
    expect((await check(s, { shop_id: other.shop.id, marketplaces: ['de'], ids: [ids[0]] })).status).toBe(404);

    // A buyer may not upload, so may not check either.
    const buyer = await buildUser(t.db, tenant, { auth: 3 });
    const bs = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await check(bs, { shop_id: shop.id, marketplaces: ['de'], ids: [ids[0]] })).status).toBe(403);

    // Bad input: clear Chinese messages.
    expect(await check(s, { shop_id: shop.id, marketplaces: [], ids: [ids[0]] })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('请选择站点'),
    });
    expect(await check(s, { shop_id: shop.id, marketplaces: ['de'] })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('请选择商品或按筛选条件上传'),
    });
    expect(await check(s, { shop_id: shop.id, marketplaces: ['us'], ids: [ids[0]] })).toMatchObject({
      status: 400,
      msg: '店铺未开通站点: 美国',
    });
    expect((await check(s, { shop_id: shop.id, marketplaces: ['de'], ids: [ids[0]], upload_type: 'x' })).status).toBe(
      400,
    );
  });
});

describe('upload create: send the ready pairs, hold the rest', () => {
  it('held pairs get no items and nothing of them reaches Amazon; only_ready holds every pair the check stops', async () => {
    const { s, shop } = await tenantWithShop(t);
    const a = await saveGoods(t.app, s, homeGoods('HOLD-A', img.base));
    const b = await saveGoods(t.app, s, homeGoods('HOLD-B', img.base, { langs: ['en', 'fr'] }));
    const checked = await check(s, { shop_id: shop.id, marketplaces: ['de', 'fr'], ids: [a.id, b.id] });
    const hold = (checked.data.list as Pair[])
      .filter((p) => !p.ready)
      .map((p) => ({ goods_id: p.goods_id, marketplace: p.marketplace }));
    expect(hold).toEqual([{ goods_id: b.id, marketplace: 'de' }]);

    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: [a.id, b.id],
      hold,
    });
    expect(created).toMatchObject({ status: 200, data: { goods: 2, items: 3, invalid: 0, held: 1 } });
    expect(created.msg).toContain('暂缓1个商品站点');
    const done = await runUntilDone(t.deps, created.data.queue_id);
    expect(done.status).toBe('done');
    const items = await t.db
      .selectFrom('upload_items')
      .select(['goods_id', 'marketplace', 'status', 'seller_sku'])
      .where('queue_id', '=', created.data.queue_id)
      .execute();
    expect(items.map((i) => `${i.goods_id}|${i.marketplace}|${i.status}`).sort()).toEqual(
      [`${a.id}|de|live`, `${a.id}|fr|live`, `${b.id}|fr|live`].sort(),
    );
    const sim = await simOf(t.deps);
    const bSku = items.find((i) => Number(i.goods_id) === b.id)!.seller_sku;
    expect(sim.submissionsOf(shop.seller_id, marketplace('de').marketplaceId, bSku)).toBe(0);

    // only_ready: the same without naming the pairs.
    const again = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de', 'fr'],
      upload_type: 'good',
      ids: [a.id, b.id],
      only_ready: true,
    });
    expect(again).toMatchObject({ status: 200, data: { items: 3, invalid: 0, held: 1 } });

    // A product held everywhere is left out; all held: nothing to send.
    const oneLeft = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: [a.id, b.id],
      hold: [{ goods_id: b.id, marketplace: 'de' }],
    });
    expect(oneLeft).toMatchObject({ status: 200, data: { goods: 1, items: 1, held: 1 } });
    const none = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: [b.id],
      hold: [{ goods_id: b.id, marketplace: 'de' }],
    });
    expect(none).toMatchObject({ status: 400, msg: '所选商品在所有站点都已暂缓,没有可发送的商品' });
    // A pair with a bad marketplace is bad input.
    const bad = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: [a.id],
      hold: [{ goods_id: a.id, marketplace: 'xx' }],
    });
    expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('站点不存在') });
  });

  it('a large selection mapped by the runner leaves out the held pairs too', async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const ids: number[] = [];
    for (let i = 0; i < 202; i++) {
      const data = homeGoods(`BIG-${i}`, img.base, { langs: i === 7 ? ['en'] : ['en', 'de'], countries: ['de'] });
      ids.push(Number((await buildGoods(t.db, tenant, data as never)).id));
    }
    const created = await call(t.app, s, 'POST', `${U}create`, {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids,
      hold: [{ goods_id: ids[3], marketplace: 'de' }],
      only_ready: true,
    });
    expect(created).toMatchObject({ status: 200, data: { goods: 201, items: 0, held: 1 } });
    const q = await t.db
      .selectFrom('upload_queues')
      .select(['held', 'only_ready'])
      .where('id', '=', created.data.queue_id)
      .executeTakeFirstOrThrow();
    expect(q).toEqual({ held: [`${ids[3]}|de`], only_ready: true });
    // The runner maps the selection (stop once mapped: sending 199 listings is the pipeline's own test).
    const { runDueQueues } = await import('../../src/modules/upload/upload-runner.js');
    for (let i = 0; i < 50; i++) {
      const cur = await t.db
        .selectFrom('upload_queues')
        .select(['expand_cursor', 'goods_ids'])
        .where('id', '=', created.data.queue_id)
        .executeTakeFirstOrThrow();
      if (cur.expand_cursor >= cur.goods_ids.length) break;
      await runDueQueues(t.deps, { id: created.data.queue_id, retryDelayMs: 0 });
    }
    const items = await t.db
      .selectFrom('upload_items')
      .select(['goods_id'])
      .where('queue_id', '=', created.data.queue_id)
      .execute();
    const mapped = new Set(items.map((i) => Number(i.goods_id)));
    expect(mapped.size).toBe(200);
    expect(mapped.has(ids[3]!)).toBe(false);
    expect(mapped.has(ids[7]!)).toBe(false);
  });
});
