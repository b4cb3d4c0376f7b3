import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheetRows } from '../src/lib/sheet-reader.js';
import { EXPORT_MAX } from '../src/modules/finance/finance.service.js';
import { statementWorkbook } from '../src/modules/finance/finance-export.js';
import { SYNC_EXPORT_LIMIT } from '../src/modules/goods/goods-export.service.js';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
import { signIn, useTestApp } from './harness.js';
import { withEventLoopDelay } from './support/event-loop.js';
import { sampleStatementRows } from './support/heavy-fixtures.js';

/**
 * Issue 27 §3: a file built for a request (the goods export answered at once, the finance
 * statement) is built in slices, so other requests are answered meanwhile. The imports, the
 * sensitive-word check and the label batch have their own tests (import-bombs.test.ts,
 * goods-library/sensitive.test.ts, logistics/label-pdf.test.ts); `npm run bench:imports` prints
 * the worst delay of each at its limit.
 */
const t = useTestApp();

describe('goods export answered at once, at its limit', () => {
  it(`${SYNC_EXPORT_LIMIT} products of two variations each: the workbook is written without holding the event loop`, async () => {
    const main = await buildTenant(t.db);
    const ids: number[] = [];
    for (let i = 0; i < SYNC_EXPORT_LIMIT; i++) {
      const g = await buildGoods(t.db, main, {
        baseInfo: { sku: `EL-${i}` },
        parentageTable: {
          theme: 'Color',
          attrs: ['颜色'],
          children: [
            { sku: `EL-${i}-R`, values: { 颜色: '红色' }, quantity: 1, images: [] },
            { sku: `EL-${i}-B`, values: { 颜色: '蓝色' }, quantity: 2, images: [] },
          ],
        },
      });
      ids.push(g.id);
    }
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const run = await withEventLoopDelay(() =>
      t.app.inject({
        method: 'POST',
        url: '/PDD/amazon-user/exportSelectTableData',
        cookies: s.cookies,
        headers: s.headers,
        payload: { ids: ids.join(',') },
      }),
    );
    expect(run.result.headers['content-type'], run.result.body.slice(0, 200)).toContain('spreadsheetml');
    expect(run.maxDelayMs, `worst event-loop delay (the export took ${run.ms.toFixed(0)} ms)`).toBeLessThan(300);
    const rows = await readSheetRows(run.result.rawPayload, 'xlsx', { maxRows: 10_000, maxCells: 1_000_000 });
    expect(rows.length).toBeGreaterThanOrEqual(SYNC_EXPORT_LIMIT * 2 + 1);
    expect(rows.some((r) => r.cells.includes('EL-999-B'))).toBe(true);
  });
});

describe('finance statement export at its limit', () => {
  it(`${EXPORT_MAX} rows: the workbook is written without holding the event loop`, async () => {
    const rows = sampleStatementRows(EXPORT_MAX, 7);
    const run = await withEventLoopDelay(() => statementWorkbook(rows, 'Asia/Shanghai'));
    expect(run.maxDelayMs, `worst event-loop delay (the export took ${run.ms.toFixed(0)} ms)`).toBeLessThan(300);
    const read = await readSheetRows(run.result, 'xlsx', {
      maxRows: EXPORT_MAX,
      maxCells: EXPORT_MAX * 14 + 14, // 14 columns (订单ID and 亚马逊订单号 since issue 29)
      maxFileBytes: 64 << 20,
      maxBytes: 256 << 20,
    });
    expect(read).toHaveLength(EXPORT_MAX + 1);
    expect(read[0]?.cells[2]).toBe('金额');
    expect(read[1]?.cells.slice(1, 3)).toEqual(['物流费', '-0.01']);
    expect(read.at(-1)?.cells[9]).toBe(`WB${EXPORT_MAX - 1}`);
    // Amounts are numbers shown with two decimals (a small export, read by exceljs).
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await statementWorkbook(rows.slice(0, 3), 'UTC')) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('财务明细')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(3).value).toBe(-0.01);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('0.00');
  });
});
