// 海外仓 SKUs (issue 30 §2): the SKU master's warehouse facts, stock per warehouse, import and export.
import { describe, expect, it } from 'vitest';
import { postMovement } from '../../src/inventory/inventory.service.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { addHsCode, addWarehouse, readXlsx, xlsxBase64 } from './sku-support.js';

const t = useTestApp();
const S = '/PDD/overseas/sku/';
const HEADER = [
  'SKU',
  '中文名称',
  '英文名称',
  '商品库SKU',
  '条码',
  '重量(g)',
  '长(cm)',
  '宽(cm)',
  '高(cm)',
  '申报价值',
  '申报币种',
  '海关编码',
  '带电',
  '补货点',
  '图片',
] as const;
type Column = (typeof HEADER)[number];

/** A sheet row in the columns of `HEADER`; a column not given is an empty cell. */
const sheetRow = (cells: Partial<Record<Column, string | number>>) => HEADER.map((c) => cells[c] ?? '');

/** The import's full row: every column filled (currency in lower case, size in cm). */
const CUP = {
  SKU: 'IMP-1',
  中文名称: '杯子',
  英文名称: 'Cup',
  商品库SKU: 'SHIRT-RED',
  条码: '123',
  '重量(g)': 300,
  '长(cm)': 10.5,
  '宽(cm)': 8,
  '高(cm)': 12,
  申报价值: '9.99',
  申报币种: 'usd',
  海关编码: '6109100000',
  带电: '否',
  补货点: 5,
} satisfies Partial<Record<Column, string | number>>;

async function world() {
  const op = await buildTenant(t.db); // uid 1: the operator
  const a = await buildTenant(t.db);
  const b = await buildTenant(t.db);
  const admin = await signIn(t.app, a.account, TEST_PASSWORD);
  const other = await signIn(t.app, b.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) => signIn(t.app, (await buildUser(t.db, a, { auth })).account, TEST_PASSWORD);
  const goods = await buildGoods(t.db, a, {
    baseInfo: { sku: 'SHIRT' },
    parentageTable: { theme: 'color', attrs: ['color'], children: [{ sku: 'SHIRT-RED', values: { color: 'red' } }] },
  });
  const otherGoods = await buildGoods(t.db, b, { baseInfo: { sku: 'B-ONLY' } });
  await addHsCode(t, a.id, '6109100000');
  const wh = await addWarehouse(t, 'DE-01');
  return { op, a, b, admin, other, as, goodsId: goods.id, otherGoodsId: otherGoods.id, warehouseId: wh.id };
}
let shared: ReturnType<typeof world> | undefined;
const get = () => (shared ??= world());

const sku = (over: Record<string, unknown> = {}) => ({
  sku: 'OS-1',
  title: '红色T恤',
  name_en: 'Red shirt',
  barcode: '4006381333931',
  weight_g: 250,
  length_mm: 300,
  width_mm: 200,
  height_mm: 25,
  declared_value_minor: 1299,
  declared_currency: 'EUR',
  hs_code: '6109100000',
  battery: false,
  pictures: ['https://img.example.com/a.jpg', '/files/images/b.jpg'],
  reorder_point: 10,
  ...over,
});

describe('warehouse SKUs', () => {
  it('saves a SKU linked to a library variation, lists it with stock per warehouse, refuses deleting it once it moved', async () => {
    const w = await get();
    const c = await call(t.app, w.admin, 'POST', `${S}save`, sku({ goods_id: w.goodsId, goods_sku: 'SHIRT-RED' }));
    expect(c.http, c.msg).toBe(200);
    expect(c.data).toMatchObject({
      sku: 'OS-1',
      goods_sku: 'SHIRT-RED',
      length_mm: 300,
      declared_value_minor: 1299,
      version: 1,
      stock: [],
      on_hand: 0,
    });
    const id = c.data.id;
    // The variation must be the product's; the HS code the tenant's.
    expect(
      await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'OS-2', goods_id: w.goodsId, goods_sku: 'B-ONLY' })),
    ).toMatchObject({
      http: 400,
      msg: '商品SKU B-ONLY 不是该商品或其变体的SKU',
    });
    expect(await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'OS-2', goods_sku: 'SHIRT-RED' }))).toMatchObject({
      http: 400,
      msg: '请先选择商品SKU所属的商品',
    });
    expect(await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'OS-2', hs_code: '9999999999' }))).toMatchObject({
      http: 400,
      msg: '海关编码 9999999999 不存在,请先在海关编码中添加',
    });

    // Stock arrives in the warehouse through the ledger; the list sums it per warehouse.
    await t.db.transaction().execute((trx) =>
      postMovement(trx, {
        tenantId: w.a.id,
        stockId: id,
        at: { kind: 'overseas', warehouseId: w.warehouseId },
        op: 'in',
        quantity: 7,
        reason: 'receipt',
        by: w.a.id,
      }),
    );
    await t.db.transaction().execute((trx) =>
      postMovement(trx, {
        tenantId: w.a.id,
        stockId: id,
        at: { kind: 'overseas', warehouseId: w.warehouseId },
        op: 'reserve',
        quantity: 2,
        reason: '',
        by: w.a.id,
      }),
    );
    const l = await call(t.app, w.admin, 'POST', `${S}list`, { keyword: 'os-1', has_stock: true });
    expect(l.http, l.msg).toBe(200);
    expect(l.data.total).toBe(1);
    expect(l.data.list[0]).toMatchObject({
      on_hand: 7,
      available: 5,
      stock: [{ warehouse_id: w.warehouseId, code: 'DE-01', on_hand: 7, reserved: 2, available: 5 }],
    });
    const empty = await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'OS-EMPTY', hs_code: '' }));
    expect(empty.http, empty.msg).toBe(200);
    expect(
      (await call(t.app, w.admin, 'POST', `${S}list`, { has_stock: true })).data.list.map(
        (x: { sku: string }) => x.sku,
      ),
    ).toEqual(['OS-1']);
    expect((await call(t.app, w.admin, 'POST', `${S}list`, {})).data.total).toBe(2);

    // Update with its version; a stale version is refused with the current one.
    const u = await call(
      t.app,
      w.admin,
      'POST',
      `${S}save`,
      sku({ id, version: 1, title: '红色T恤 L', battery: true }),
    );
    expect(u.http, u.msg).toBe(200);
    expect(u.data).toMatchObject({ title: '红色T恤 L', battery: true, goods_id: null, version: 2, on_hand: 7 });
    const stale = await call(t.app, w.admin, 'POST', `${S}save`, sku({ id, version: 1, title: 'x' }));
    expect(stale.http).toBe(409);
    expect(stale.data).toMatchObject({ version: 2 });
    expect(await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'OS-EMPTY' }))).toMatchObject({
      http: 400,
      msg: 'SKU OS-EMPTY 已存在',
    });

    expect(await call(t.app, w.admin, 'POST', `${S}delete`, { id })).toMatchObject({
      http: 400,
      msg: '该SKU已有库存流水,不能删除',
    });
    expect(await call(t.app, w.admin, 'POST', `${S}delete`, { id: empty.data.id })).toMatchObject({
      http: 200,
      data: { deleted: 1 },
    });
    expect((await call(t.app, w.admin, 'POST', `${S}get`, { id: empty.data.id })).http).toBe(404);
    const got = await call(t.app, w.admin, 'POST', `${S}get`, { id });
    expect(got.data).toMatchObject({ sku: 'OS-1', on_hand: 7 });

    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', w.a.id)
      .where('action', 'like', 'overseas.%')
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual([
      'overseas.sku.create',
      'overseas.sku.create',
      'overseas.sku.update',
      'overseas.sku.delete',
    ]);
  });

  it('keeps tenants apart and refuses the roles without warehouse.use', async () => {
    const w = await get();
    const mine = await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'TEN-1' }));
    const id = mine.data.id;
    expect((await call(t.app, w.other, 'POST', `${S}get`, { id })).http).toBe(404);
    expect((await call(t.app, w.other, 'POST', `${S}delete`, { id })).http).toBe(404);
    expect((await call(t.app, w.other, 'POST', `${S}save`, sku({ id, version: 1, hs_code: '' }))).http).toBe(404);
    expect((await call(t.app, w.other, 'POST', `${S}list`, { keyword: 'TEN-1' })).data.total).toBe(0);
    // Another tenant's product cannot be linked.
    expect(
      await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'TEN-2', goods_id: w.otherGoodsId })),
    ).toMatchObject({ http: 404, msg: '商品不存在' });
    for (const auth of [1, 2] as const) {
      expect((await call(t.app, await w.as(auth), 'POST', `${S}list`, {})).http).toBe(200);
    }
    const trader = await buildTenant(t.db, { auth: 5 });
    for (const s of [await w.as(3), await w.as(6), await signIn(t.app, trader.account, TEST_PASSWORD)]) {
      for (const path of ['list', 'save', 'delete', 'get', 'import', 'export']) {
        expect(
          (await call(t.app, s, 'POST', `${S}${path}`, path === 'list' || path === 'export' ? {} : { id })).http,
          path,
        ).toBe(403);
      }
    }
  });

  it('refuses bad input with a clear message', async () => {
    const w = await get();
    const bad: [Record<string, unknown>, string][] = [
      [{ sku: '' }, ''],
      [{ sku: 'A B' }, 'SKU不能包含空格或逗号'],
      [{ title: '' }, ''],
      [{ barcode: '12 34' }, '条码只能包含字母、数字和-'],
      [{ weight_g: 0 }, '重量(g)不能小于1'],
      [{ length_mm: 1.5 }, '长(mm)必须为整数'],
      [{ declared_value_minor: -1 }, '申报价值不能小于0'],
      [{ declared_currency: 'XXX' }, '申报币种不存在'],
      [{ pictures: ['javascript:alert(1)'] }, '图片必须是http(s)网址或已上传的图片'],
      [{ pictures: Array.from({ length: 11 }, (_, i) => `https://x.example/${i}.jpg`) }, '图片最多10张'],
      [{ reorder_point: -1 }, '补货点不能小于0'],
      [{ battery: 'yes' }, ''],
      [{ goods_id: 'abc' }, '商品ID必须为数字'],
    ];
    for (const [over, msg] of bad) {
      const r = await call(t.app, w.admin, 'POST', `${S}save`, sku({ sku: 'BAD-1', ...over }));
      expect(r.http, JSON.stringify(over)).toBe(400);
      if (msg) expect(r.msg, JSON.stringify(over)).toContain(msg);
    }
    expect(await call(t.app, w.admin, 'POST', `${S}save`, sku({ id: 1, sku: 'BAD-1' }))).toMatchObject({
      http: 400,
      msg: '请提供版本',
    });
  });

  it('imports an .xlsx all or nothing, listing every bad row by number; exports what it imports', async () => {
    const w = await get();
    const file = async (rows: (string | number | null)[][], name = 'sku.xlsx') => ({
      file: { name, content: await xlsxBase64(rows) },
    });
    const badFile = await file([
      [...HEADER],
      sheetRow({ ...CUP, 图片: 'https://img.example.com/c.jpg' }),
      sheetRow({ SKU: 'IMP-2' }),
      sheetRow({ SKU: 'IMP-3', 中文名称: '盘子', 商品库SKU: 'NO-SUCH' }),
      sheetRow({ SKU: 'IMP-4', 中文名称: '碗', '重量(g)': 'heavy' }),
      sheetRow({ SKU: 'IMP-1', 中文名称: '重复' }),
      sheetRow({ SKU: 'IMP-5', 中文名称: '刀', 申报价值: '1.234', 申报币种: 'EUR', 带电: '也许' }),
    ]);
    const refused = await call(t.app, w.admin, 'POST', `${S}import`, badFile);
    expect(refused.http).toBe(400);
    expect(refused.msg).toContain('5行有误');
    expect(refused.data.rows.map((r: { row: number; message: string }) => [r.row, r.message])).toEqual([
      [3, expect.stringContaining('中文名称')],
      [4, '商品库中没有SKU NO-SUCH'],
      [5, '重量(g)必须为数字'],
      [6, 'SKU与第2行重复'],
      [7, '带电只能填 是 或 否'],
    ]);
    expect((await call(t.app, w.admin, 'POST', `${S}list`, { keyword: 'IMP-' })).data.total).toBe(0);

    // Not an xlsx, a header without the required columns, a file of another kind.
    const junk = { file: { name: 'x.xlsx', content: Buffer.from('not a zip at all').toString('base64') } };
    expect(await call(t.app, w.admin, 'POST', `${S}import`, junk)).toMatchObject({
      http: 400,
      msg: '文件不是有效的xlsx文件',
    });
    expect(await call(t.app, w.admin, 'POST', `${S}import`, await file([['名称'], ['x']]))).toMatchObject({
      http: 400,
      msg: '表头缺少列: SKU、中文名称',
    });
    expect(await call(t.app, w.admin, 'POST', `${S}import`, await file([[...HEADER]], 'a.csv'))).toMatchObject({
      http: 400,
      msg: '只支持 .xlsx 文件',
    });

    const good = await file([
      [...HEADER],
      sheetRow({ ...CUP, 图片: 'https://img.example.com/c.jpg\nhttps://img.example.com/d.jpg' }),
      sheetRow({ SKU: 'TEN-1', 中文名称: '改名', 带电: '是' }),
    ]);
    const ok = await call(t.app, w.admin, 'POST', `${S}import`, good);
    expect(ok, ok.msg).toMatchObject({ http: 200, data: { created: 1, updated: 1 } });
    const imp = (await call(t.app, w.admin, 'POST', `${S}list`, { keyword: 'IMP-1' })).data.list[0];
    expect(imp).toMatchObject({
      goods_id: w.goodsId,
      goods_sku: 'SHIRT-RED',
      length_mm: 105,
      width_mm: 80,
      declared_value_minor: 999,
      declared_currency: 'USD',
      battery: false,
      reorder_point: 5,
    });
    expect(imp.pictures).toHaveLength(2);
    expect((await call(t.app, w.admin, 'POST', `${S}list`, { keyword: 'TEN-1' })).data.list[0]).toMatchObject({
      title: '改名',
      battery: true,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: `${S}export`,
      headers: w.admin.headers,
      cookies: w.admin.cookies,
      payload: { keyword: 'IMP-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]?.slice(0, HEADER.length)).toEqual(HEADER);
    // As imported; the currency upper-cased, numbers as text.
    const exported = { ...CUP, 申报币种: 'USD', '重量(g)': '300', '长(cm)': '10.5', '宽(cm)': '8', '高(cm)': '12' };
    expect(rows[1]?.slice(0, 13)).toEqual(sheetRow(exported).slice(0, 13));
    // The export imports again unchanged (it updates the SKU it came from).
    const again = await call(t.app, w.admin, 'POST', `${S}import`, {
      file: { name: 'export.xlsx', content: res.rawPayload.toString('base64') },
    });
    expect(again, again.msg).toMatchObject({ http: 200, data: { created: 0, updated: 1 } });
  });
});
