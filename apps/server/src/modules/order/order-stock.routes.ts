import { deletedData } from '@console/shared/schemas/common';
import { orderItemStepData } from '@console/shared/schemas/order';
import {
  stockDeleteBody,
  stockFillBody,
  stockListBody,
  stockListData,
  stockLogBody,
  stockLogData,
  stockMoveBody,
  stockMoveData,
  stockProduct,
  stockSaveBody,
  stockUnfillBody,
} from '@console/shared/schemas/order-stock';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import {
  fillFromStock,
  moveStock,
  removeStock,
  saveStock,
  stockList,
  stockLog,
  unfillFromStock,
} from './order-stock.service.js';

/**
 * Stock-up (备货商品, 入库记录, 出库记录; issue 17 §2, docs/orders.md "Stock-up"): everyone who
 * reads orders sees stock (buyers check it before purchasing); the warehouse roles move it.
 */
export async function orderStockRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const read = { access: 'order.read' as const };
  const change = { access: 'order.stock' as const };

  app.post(
    '/order/stock/list',
    { schema: { body: stockListBody, response: replies(stockListData) }, config: read },
    async (req) => ok(await stockList(deps, authOf(req).tenantId, req.body)),
  );

  app.post(
    '/order/stock/log',
    { schema: { body: stockLogBody, response: replies(stockLogData) }, config: read },
    async (req) => ok(await stockLog(deps, authOf(req).tenantId, req.body)),
  );

  app.post(
    '/order/stock/save',
    { schema: { body: stockSaveBody, response: replies(stockProduct) }, config: change },
    async (req) => ok(await saveStock(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  app.post(
    '/order/stock/delete',
    { schema: { body: stockDeleteBody, response: replies(deletedData) }, config: change },
    async (req) => ok(await removeStock(deps, actorOf(req, authOf(req)), req.body.id), '删除成功'),
  );

  app.post(
    '/order/stock/in',
    { schema: { body: stockMoveBody, response: replies(stockMoveData) }, config: change },
    async (req) => ok(await moveStock(deps, actorOf(req, authOf(req)), 'in', req.body), '入库成功'),
  );

  app.post(
    '/order/stock/out',
    { schema: { body: stockMoveBody, response: replies(stockMoveData) }, config: change },
    async (req) => ok(await moveStock(deps, actorOf(req, authOf(req)), 'out', req.body), '出库成功'),
  );

  app.post(
    '/order/stock/fill',
    { schema: { body: stockFillBody, response: replies(orderItemStepData) }, config: change },
    async (req) => {
      const auth = authOf(req);
      return ok(await fillFromStock(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '已从库存出库');
    },
  );

  app.post(
    '/order/stock/unfill',
    { schema: { body: stockUnfillBody, response: replies(orderItemStepData) }, config: change },
    async (req) => {
      const auth = authOf(req);
      return ok(await unfillFromStock(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '已撤销出库');
    },
  );
}
