import type { SkuExportBody, SkuImportBody, SkuImportRowError } from '@console/shared/schemas/overseas-sku';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import {
  exportSkus,
  findSkusByText,
  insertSku,
  libraryHolders,
  overseasBalances,
  updateSku,
} from './overseas-sku.repository.js';
import { linkProblems, presentSku } from './overseas-sku.service.js';
import { readSkuSheet, SKU_IMPORT_MAX, skuWorkbook } from './overseas-sku.sheet.js';

/** Most SKUs one export writes. */
export const SKU_EXPORT_MAX = 20_000;

/**
 * Imports SKUs from an .xlsx, all or nothing (docs/overseas.md "SKUs"): every row is checked
 * first (cells, duplicates, library SKU, HS code); one bad row refuses the file with every bad
 * row listed (400, `data.rows`). Then, in one transaction, a SKU the tenant has is updated and
 * a new one created.
 */
export async function importSkus(deps: AppDeps, actor: Actor, body: SkuImportBody) {
  const { rows, errors } = await readSkuSheet(body.file);
  const holders = await libraryHolders(
    deps.db,
    actor.tenantId,
    rows.flatMap((r) => (r.fields.goods_sku ? [r.fields.goods_sku] : [])),
  );
  const bad: SkuImportRowError[] = [...errors];
  const good = rows.filter((r) => {
    if (!r.fields.goods_sku) return true;
    const goodsId = holders.get(r.fields.goods_sku.toLowerCase());
    if (goodsId === undefined) {
      bad.push({ row: r.row, sku: r.fields.sku, message: `商品库中没有SKU ${r.fields.goods_sku}` });
      return false;
    }
    r.fields.goods_id = goodsId;
    return true;
  });
  const problems = await linkProblems(
    deps.db,
    actor.tenantId,
    good.map((r) => r.fields),
  );
  for (const [i, message] of problems) bad.push({ row: good[i]!.row, sku: good[i]!.fields.sku, message });
  if (bad.length > 0) {
    bad.sort((a, b) => a.row - b.row);
    const first = bad[0]!;
    throw badRequest(`导入失败,${bad.length}行有误(第${first.row}行: ${first.message}),未导入任何SKU`, { rows: bad });
  }
  if (rows.length > SKU_IMPORT_MAX) throw badRequest(`一次最多导入${SKU_IMPORT_MAX}个SKU`);
  return deps.db.transaction().execute(async (trx) => {
    const existing = new Map(
      (
        await findSkusByText(
          trx,
          actor.tenantId,
          rows.map((r) => r.fields.sku),
        )
      ).map((r) => [r.sku, Number(r.id)]),
    );
    let created = 0;
    let updated = 0;
    for (const r of rows) {
      const id = existing.get(r.fields.sku);
      if (id === undefined) {
        await insertSku(trx, { ...r.fields, tenant_id: actor.tenantId, created_by: actor.userId });
        created++;
      } else {
        await updateSku(trx, actor.tenantId, id, null, r.fields);
        updated++;
      }
    }
    await audit(trx, actor, {
      action: 'overseas.sku.import',
      targetType: 'stock',
      targetId: 0,
      after: { file: body.file.name, created, updated },
    });
    return { created, updated };
  });
}

/** The filtered SKUs with their overseas stock as .xlsx. */
export async function exportSkuSheet(deps: AppDeps, tenantId: number, f: SkuExportBody): Promise<Buffer> {
  const rows = await exportSkus(deps.db, tenantId, f, SKU_EXPORT_MAX);
  const ids = rows.map((r) => Number(r.id));
  const balances: Awaited<ReturnType<typeof overseasBalances>> = [];
  for (let i = 0; i < ids.length; i += 1000) {
    balances.push(...(await overseasBalances(deps.db, tenantId, ids.slice(i, i + 1000))));
  }
  return skuWorkbook(rows.map((r) => presentSku(r, balances)));
}
