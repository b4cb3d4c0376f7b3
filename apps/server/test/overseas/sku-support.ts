import ExcelJS from 'exceljs';
import type { TestContext } from '../harness.js';

/** An .xlsx of `rows` (the first row the header) as the import body's base64 content. */
export async function xlsxBase64(rows: (string | number | null)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SKU');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

/** The rows of an exported .xlsx as text cells. */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** A 海关编码 of the tenant (the customs module's table). */
export async function addHsCode(t: TestContext, tenantId: number, code: string) {
  await t.db
    .insertInto('customs_hs_codes')
    .values({
      tenant_id: tenantId,
      creator_id: tenantId,
      hs_code: code,
      name_cn: '服装',
      name_en: 'Clothes',
      unit: '件',
      value_rule: 'order',
      value_ratio: null,
      value_fixed: null,
      value_currency: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** A warehouse of the operator, made directly (warehouse.test.ts covers its API). */
export async function addWarehouse(t: TestContext, code: string) {
  return t.db
    .insertInto('overseas_warehouses')
    .values({ code, name: `${code} 仓`, country: 'DE', address: '{}', carriers: [], created_by: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
}
