import { can } from '@console/shared/permissions/can';
import {
  overseasWarehouse,
  warehouseListBody,
  warehouseListData,
  warehouseSaveBody,
  warehouseToggleBody,
} from '@console/shared/schemas/overseas-warehouse';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { saveWarehouse, toggleWarehouse, warehouseList } from './overseas-warehouse.service.js';

/**
 * 海外仓 warehouses (issue 30 §2, docs/overseas.md "Warehouses"): tenants read the active ones for
 * their pickers; the operator's admins (`warehouse.operate`) list all, create, change and toggle.
 */
export async function overseasWarehouseRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };
  const operate = { access: 'warehouse.operate' as const };

  app.post(
    '/overseas/warehouse/list',
    { schema: { body: warehouseListBody, response: replies(warehouseListData) }, config: use },
    async (req) => {
      const operator = can(subjectOf(authOf(req).user), 'warehouse.operate', { internalIds: deps.config.internalIds });
      return ok(await warehouseList(deps, operator, req.body.active_only));
    },
  );

  app.post(
    '/overseas/warehouse/save',
    { schema: { body: warehouseSaveBody, response: replies(overseasWarehouse) }, config: operate },
    async (req) => ok(await saveWarehouse(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  app.post(
    '/overseas/warehouse/toggle',
    { schema: { body: warehouseToggleBody, response: replies(overseasWarehouse) }, config: operate },
    async (req) =>
      ok(await toggleWarehouse(deps, actorOf(req, authOf(req)), req.body), req.body.active ? '已启用' : '已停用'),
  );
}
