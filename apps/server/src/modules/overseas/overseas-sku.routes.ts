import { deletedData } from '@console/shared/schemas/common';
import {
  overseasSku,
  skuDeleteBody,
  skuExportBody,
  skuGetBody,
  skuImportBody,
  skuImportData,
  skuListBody,
  skuListData,
  skuSaveBody,
} from '@console/shared/schemas/overseas-sku';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { removeSku, saveSku, skuGet, skuList } from './overseas-sku.service.js';
import { exportSkuSheet, importSkus } from './overseas-sku-import.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 海外仓 SKUs (添加SKU, SKU列表; issue 30 §2, docs/overseas.md "SKUs"): the warehouse facts of the
 * tenant's SKU master, with import and export as .xlsx. The roles that keep stock (`warehouse.use`).
 */
export async function overseasSkuRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };

  app.post(
    '/overseas/sku/list',
    { schema: { body: skuListBody, response: replies(skuListData) }, config: use },
    async (req) => ok(await skuList(deps, authOf(req).tenantId, req.body)),
  );

  app.post(
    '/overseas/sku/get',
    { schema: { body: skuGetBody, response: replies(overseasSku) }, config: use },
    async (req) => ok(await skuGet(deps, authOf(req).tenantId, req.body.id)),
  );

  app.post(
    '/overseas/sku/save',
    { schema: { body: skuSaveBody, response: replies(overseasSku) }, config: use },
    async (req) => ok(await saveSku(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  app.post(
    '/overseas/sku/delete',
    { schema: { body: skuDeleteBody, response: replies(deletedData) }, config: use },
    async (req) => ok(await removeSku(deps, actorOf(req, authOf(req)), req.body.id), '删除成功'),
  );

  app.post(
    '/overseas/sku/import',
    { schema: { body: skuImportBody, response: replies(skuImportData) }, config: use },
    async (req) => {
      const r = await importSkus(deps, actorOf(req, authOf(req)), req.body);
      return ok(r, `导入完成: 新增${r.created}个,更新${r.updated}个`);
    },
  );

  app.post(
    '/overseas/sku/export',
    { schema: { body: skuExportBody, response: fileReplies([XLSX]) }, config: use },
    async (req, reply) => {
      const book = await exportSkuSheet(deps, authOf(req).tenantId, req.body);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('海外仓SKU.xlsx')}`)
        .send(book);
    },
  );
}
