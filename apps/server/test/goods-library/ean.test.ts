import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { assignEans, releaseEans } from '../../src/modules/goods-library/ean.service.js';
import { checkEan, gs1CheckDigit } from '../../src/modules/goods-library/ean-codes.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const t = useTestApp();
let tenant: UserRow;
let other: UserRow;
let worker: Session;
let otherAdmin: Session;

/** A valid code of `length` digits starting with `prefix`. */
function ean(prefix: string, length = 13): string {
  const body = prefix.padEnd(length - 1, '0');
  return `${body}${gs1CheckDigit(body)}`;
}

async function poolOf(tenantId: number) {
  return t.db.selectFrom('goods_eans').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  other = await buildTenant(t.db);
  worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  otherAdmin = await signIn(t.app, other.account, TEST_PASSWORD);
});

describe('check digits', () => {
  it('accepts EAN-13, UPC-A and EAN-8 with the right check digit', () => {
    expect(checkEan('4006381333931')).toEqual({ code: '4006381333931', kind: 'EAN13', gtin: '04006381333931' });
    expect(checkEan('036000291452')).toEqual({ code: '036000291452', kind: 'UPCA', gtin: '00036000291452' });
    expect(checkEan(' 96385074 ')).toEqual({ code: '96385074', kind: 'EAN8', gtin: '00000096385074' });
  });

  it('refuses wrong check digits, lengths and characters with a reason', () => {
    expect(checkEan('4006381333932')).toEqual({ error: '校验位错误,应为1' });
    expect(checkEan('036000291453')).toEqual({ error: '校验位错误,应为2' });
    expect(checkEan('96385075')).toEqual({ error: '校验位错误,应为4' });
    expect(checkEan('12345')).toEqual({ error: '位数不正确(5位),应为EAN-13、UPC-A(12位)或EAN-8' });
    expect(checkEan('36000291452')).toMatchObject({ error: expect.stringContaining('可能丢失了开头的0') });
    expect(checkEan('40063813339A1')).toEqual({ error: '只能包含数字' });
    expect(checkEan('4.00638E+12')).toMatchObject({ error: expect.stringContaining('科学计数法') });
  });
});

describe('EAN pool calls', () => {
  it('imports pasted text and reports each line', async () => {
    const text = [
      ean('690100'),
      `${ean('690101')}, ${ean('690102')}`,
      '4006381333932',
      ean('690100'),
      '',
      '036000291452',
    ].join('\n');
    const r = await call(t.app, worker, 'POST', '/PDD/goods/ean/import', { text });
    expect(r.status).toBe(200);
    expect(r.msg).toBe('导入完成: 新增4个,重复1个,无效1个');
    expect(r.data.lines).toEqual([
      { line: 1, code: ean('690100'), result: 'added' },
      { line: 2, code: ean('690101'), result: 'added' },
      { line: 2, code: ean('690102'), result: 'added' },
      { line: 3, code: '4006381333932', result: 'invalid', reason: '校验位错误,应为1' },
      { line: 4, code: ean('690100'), result: 'duplicate', reason: '导入内容中重复' },
      { line: 6, code: '036000291452', result: 'added' },
    ]);
    // The same UPC-A written as an EAN-13 is the same code.
    const again = await call(t.app, worker, 'POST', '/PDD/goods/ean/import', {
      text: `0036000291452\n${ean('690103')}`,
    });
    expect(again.data.lines).toEqual([
      { line: 1, code: '0036000291452', result: 'duplicate', reason: '已在EAN库中' },
      { line: 2, code: ean('690103'), result: 'added' },
    ]);
    const log = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', tenant.id).execute();
    expect(log.filter((l) => l.action === 'goods.ean.import')).toHaveLength(2);
  });

  it('imports a CSV file with a header row and quoted cells', async () => {
    const csv = `\uFEFFEAN,备注\r\n"${ean('690200')}",red\r\n${ean('690201')};"x"\r\n12345\r\n`;
    const r = await call(t.app, worker, 'POST', '/PDD/goods/ean/import', {
      file: { name: 'codes.CSV', content: Buffer.from(csv).toString('base64') },
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ added: 2, duplicate: 0, invalid: 3 });
    expect(r.data.lines.map((l: { line: number; result: string }) => `${l.line}:${l.result}`)).toEqual([
      '2:added',
      '2:invalid',
      '3:added',
      '3:invalid',
      '4:invalid',
    ]);
  });

  it('imports an xlsx file (numbers and text cells, header skipped)', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('EAN');
    sheet.addRow(['EAN码']);
    sheet.addRow([Number(ean('690300'))]);
    sheet.addRow([ean('690301', 12)]);
    sheet.addRow([ean('6903', 8)]);
    sheet.addRow(['6903000000001']);
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const r = await call(t.app, worker, 'POST', '/PDD/goods/ean/import', { file: { name: 'pool.xlsx', content } });
    expect(r.status).toBe(200);
    expect(r.data.lines).toEqual([
      { line: 2, code: ean('690300'), result: 'added' },
      { line: 3, code: ean('690301', 12), result: 'added' },
      { line: 4, code: ean('6903', 8), result: 'added' },
      { line: 5, code: '6903000000001', result: 'invalid', reason: `校验位错误,应为${gs1CheckDigit('690300000000')}` },
    ]);
    const kinds = (await poolOf(tenant.id)).filter((p) => p.code.startsWith('6903') || p.code.startsWith('06903'));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['EAN13', 'EAN8', 'UPCA']);
  });

  it('refuses bad import input with Chinese messages', async () => {
    const cases: [unknown, string][] = [
      [{}, '请粘贴EAN码或上传文件'],
      [{ text: '   ' }, '请粘贴EAN码或上传文件'],
      [{ file: { name: 'a.pdf', content: 'AAAA' } }, '只支持 .xlsx、.csv 或 .txt 文件'],
      [{ file: { name: 'a.xlsx', content: Buffer.from('not a zip').toString('base64') } }, '文件不是有效的xlsx文件'],
      [{ text: 'x', tenant_id: other.id }, '不支持的字段: tenant_id'],
      [{ text: ', ; ,' }, '没有找到任何EAN码'],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, worker, 'POST', '/PDD/goods/ean/import', body)).toMatchObject({ http: 400, msg });
    }
  });

  it('lists the pool with status counts, filters and paging; other tenants see nothing', async () => {
    const r = await call(t.app, worker, 'GET', '/PDD/goods/ean/list?pageSize=2&status=free');
    expect(r.status).toBe(200);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.free).toBe(r.data.total);
    expect(r.data.used).toBe(0);
    expect(r.data.list[0]).toMatchObject({ status: 'free', goods_id: null, sku: null, used_at: null });
    const search = await call(t.app, worker, 'GET', `/PDD/goods/ean/list?keyword=${ean('690201')}`);
    expect(search.data.list.map((e: { code: string }) => e.code)).toEqual([ean('690201')]);
    const theirs = await call(t.app, otherAdmin, 'GET', '/PDD/goods/ean/list');
    expect(theirs.data).toMatchObject({ total: 0, free: 0, used: 0, list: [] });
    expect((await call(t.app, worker, 'GET', '/PDD/goods/ean/list?status=lost')).http).toBe(400);
  });

  it('deletes free codes only; used codes 409, another tenant 404, nothing changed', async () => {
    const pool = await poolOf(tenant.id);
    const [a, b] = pool;
    await t.db.transaction().execute((trx) => assignEans(trx, tenant.id, 1, { goodsId: 77, sku: 'SKU-1' }));
    const usedRow = (await poolOf(tenant.id)).find((p) => p.status === 'used')!;
    expect(usedRow.id).toBe(a!.id);
    const used = await call(t.app, worker, 'POST', '/PDD/goods/ean/delete', { ids: [a!.id, b!.id] });
    expect(used).toMatchObject({ http: 409, msg: `已使用的EAN码不能删除: ${a!.code}` });
    const foreign = await call(t.app, otherAdmin, 'POST', '/PDD/goods/ean/delete', { ids: [b!.id] });
    expect(foreign).toMatchObject({ http: 404, msg: 'EAN码不存在' });
    expect(await poolOf(tenant.id)).toHaveLength(pool.length);
    const ok = await call(t.app, worker, 'POST', '/PDD/goods/ean/delete', { ids: [b!.id, b!.id] });
    expect(ok).toMatchObject({ status: 200, data: { deleted: 1 } });
    expect(await poolOf(tenant.id)).toHaveLength(pool.length - 1);
    expect((await call(t.app, worker, 'POST', '/PDD/goods/ean/delete', { ids: [] })).msg).toBe('请选择要操作的记录');
    const listed = await call(t.app, worker, 'GET', '/PDD/goods/ean/list?status=used');
    expect(listed.data.list).toEqual([expect.objectContaining({ code: a!.code, goods_id: 77, sku: 'SKU-1' })]);
  });
});

describe('assignEans / releaseEans', () => {
  it('never hands out one code twice under concurrent saves; a dry pool hands out what it has', async () => {
    const owner = await buildTenant(t.db);
    const codes = Array.from({ length: 60 }, (_, i) => ean(`7${String(i).padStart(4, '0')}`));
    await t.db
      .insertInto('goods_eans')
      .values(
        codes.map((c) => ({
          tenant_id: owner.id,
          creator_id: owner.id,
          ...(checkEan(c) as { code: string; kind: string; gtin: string }),
        })),
      )
      .execute();
    // 25 concurrent product saves wanting 3 codes each: 75 > 60, so some get fewer.
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        t.db.transaction().execute(async (trx) => {
          const got = await assignEans(trx, owner.id, 3, { goodsId: 1000 + i, sku: `S${i}` });
          await new Promise((r) => setTimeout(r, 5));
          return got;
        }),
      ),
    );
    const won = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<string[]>).value);
    expect(won).toHaveLength(25);
    const handed = won.flat();
    expect(new Set(handed).size).toBe(handed.length);
    expect(handed).toHaveLength(60);
    expect(won.every((w) => w.length <= 3)).toBe(true);
    const rows = await poolOf(owner.id);
    const used = rows.filter((r) => r.status === 'used');
    expect(used.map((r) => r.code).sort()).toEqual([...handed].sort());
    // Each product's codes are recorded against it.
    const byGoods = new Map<number, string[]>();
    for (const r of used) byGoods.set(r.goods_id!, [...(byGoods.get(r.goods_id!) ?? []), r.code]);
    won.forEach((w, i) => {
      expect((byGoods.get(1000 + i) ?? []).sort()).toEqual([...w].sort());
    });

    // Dry pool: nothing left to hand out, nothing taken.
    expect(rows.filter((r) => r.status === 'free')).toHaveLength(0);
    await t.db.transaction().execute(async (trx) => {
      expect(await assignEans(trx, owner.id, 2, { goodsId: 5 })).toEqual([]);
    });
    expect((await poolOf(owner.id)).filter((r) => r.status === 'used')).toHaveLength(60);
  });

  it('releaseEans frees codes (optionally only one product’s), scoped to the tenant', async () => {
    const owner = await buildTenant(t.db);
    const codes = [ean('8100'), ean('8101'), ean('8102')];
    await t.db
      .insertInto('goods_eans')
      .values(
        codes.map((c) => ({
          tenant_id: owner.id,
          creator_id: owner.id,
          ...(checkEan(c) as { code: string; kind: string; gtin: string }),
        })),
      )
      .execute();
    const first = await t.db.transaction().execute((trx) => assignEans(trx, owner.id, 2, { goodsId: 1 }));
    expect(first).toEqual([codes[0], codes[1]]);
    expect(await t.db.transaction().execute((trx) => releaseEans(trx, other.id, first))).toBe(0);
    expect(await t.db.transaction().execute((trx) => releaseEans(trx, owner.id, first, 2))).toBe(0);
    expect(await t.db.transaction().execute((trx) => releaseEans(trx, owner.id, [codes[0]!], 1))).toBe(1);
    const again = await t.db.transaction().execute((trx) => assignEans(trx, owner.id, 2, { goodsId: 3 }));
    expect(again).toEqual([codes[0], codes[2]]);
  });
});
