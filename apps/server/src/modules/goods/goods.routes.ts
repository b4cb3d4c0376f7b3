import {
  assignProductEanBody,
  assignProductEanResult,
  batchCopyBody,
  batchCopyData,
  batchEnTitleData,
  batchUpdateData,
  copyFieldsBody,
  copyFieldsData,
  copyGoodsData,
  delGoodsBody,
  delGoodsData,
  goodsCreator,
  goodsIdQuery,
  goodsListPage,
  goodsOverview as goodsOverviewData,
  goodsRecord,
  insertGoodsBody,
  linkUrlData,
  neighbourData,
  neighbourQuery,
  productListQuery,
  saveGoodsResult,
  setGoodsStatusBody,
  setGoodsStatusData,
} from '@console/shared/schemas/goods';
import { batchEnTitleBody, batchUpdateBody } from '@console/shared/schemas/goods-batch';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import {
  getGoods,
  goodsCopyFields,
  goodsCreators,
  goodsLinkUrl,
  goodsNeighbourId,
  listGoods,
} from './goods.service.js';
import {
  batchCopyGoods,
  batchReplaceEnTitle,
  batchUpdate,
  copyGoods,
  deleteGoods,
  setGoodsStatus,
} from './goods-batch.service.js';
import { goodsOverview } from './goods-overview.service.js';
import { goodsReachOf, requireGoodsInReach } from './goods-reach.js';
import { assignProductEan, saveGoods, saveMessage } from './goods-save.service.js';

/**
 * The product library and editor calls (spec section 7), all tenant-scoped and narrowed to
 * the caller's data scope (issue 13 §5): lists and counts by `creators`, calls on products by
 * id refused as a whole when one of them is out of reach (`requireGoodsInReach`).
 */
export async function goodsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  const idBody = z.strictObject({ id: goodsIdQuery.shape.id });
  const reachOf = (req: FastifyRequest) => goodsReachOf(deps.db, authOf(req).user);
  /** The caller's reach, after refusing the call when one of `ids` is out of it. */
  const reachFor = async (req: FastifyRequest, ids: readonly number[] | undefined) => {
    const reach = await reachOf(req);
    await requireGoodsInReach(deps.db, reach, ids ?? []);
    return reach;
  };

  app.get(
    '/amazon-user/productList',
    { schema: { querystring: productListQuery, response: replies(goodsListPage) }, config },
    async (req) => {
      const { tenantId, creators } = await reachOf(req);
      return ok(await listGoods(deps, tenantId, { ...req.query, creators }));
    },
  );

  app.get('/goods/overview', { schema: { response: replies(goodsOverviewData) }, config }, async (req) => {
    const { tenantId, creators } = await reachOf(req);
    return ok(await goodsOverview(deps, tenantId, new Date(), creators));
  });

  app.get(
    '/amazon-user/goodsCreators',
    { schema: { response: replies(z.array(goodsCreator)) }, config },
    async (req) => {
      const { tenantId, creators } = await reachOf(req);
      return ok(await goodsCreators(deps, tenantId, creators));
    },
  );

  app.get(
    '/amazon-user/getProduct',
    { schema: { querystring: goodsIdQuery, response: replies(goodsRecord) }, config },
    async (req) => {
      await reachFor(req, [req.query.id]);
      return ok(await getGoods(deps, authOf(req).tenantId, req.query.id));
    },
  );

  for (const [path, dir] of [
    ['/amazon-user/getProductPreviewId', 'prev'],
    ['/amazon-user/getProductNextId', 'next'],
  ] as const) {
    app.get(
      path,
      { schema: { querystring: neighbourQuery, response: replies(neighbourData) }, config },
      async (req) => {
        const { id, ...filter } = req.query;
        const { tenantId, creators } = await reachOf(req);
        return ok({ id: await goodsNeighbourId(deps, tenantId, { ...filter, creators }, id, dir) });
      },
    );
  }

  app.post(
    '/amazon-user/insertGoods_v2',
    { schema: { body: insertGoodsBody, response: replies(saveGoodsResult) }, config },
    async (req) => {
      const auth = authOf(req);
      if (req.body.id !== undefined) await reachFor(req, [req.body.id]);
      const saved = await saveGoods(deps, actorOf(req, auth), auth.user, req.body);
      return ok(saved, saveMessage(saved.warnings, saved.assignedEans.length));
    },
  );

  app.post(
    '/amazon-user/assignProductEan',
    { schema: { body: assignProductEanBody, response: replies(assignProductEanResult) }, config },
    async (req) => {
      const auth = authOf(req);
      await reachFor(req, [req.body.id]);
      const r = await assignProductEan(deps, actorOf(req, auth), auth.user, req.body);
      return ok(r, `已从EAN库分配: ${r.product_id}`);
    },
  );

  app.post(
    '/amazon-user/delGoodsMutl',
    { schema: { body: delGoodsBody, response: replies(delGoodsData) }, config },
    async (req) => {
      await reachFor(req, req.body.ids);
      const r = await deleteGoods(deps, actorOf(req, authOf(req)), req.body.ids, req.body.is_delete);
      return ok(r, '操作成功');
    },
  );

  app.post(
    '/amazon-user/setGoodsStatus',
    { schema: { body: setGoodsStatusBody, response: replies(setGoodsStatusData) }, config: { access: 'goods.audit' } },
    async (req) => {
      await reachFor(req, req.body.ids);
      const status = req.body.status as Parameters<typeof setGoodsStatus>[3];
      const r = await setGoodsStatus(deps, actorOf(req, authOf(req)), req.body.ids, status);
      return ok(r, r.refused.length ? `已处理${r.affected}个,${r.refused.length}个未处理` : '操作成功');
    },
  );

  app.post(
    '/amazon-user/copyOneBenRenProduct',
    { schema: { body: idBody, response: replies(copyGoodsData) }, config },
    async (req) => {
      await reachFor(req, [req.body.id]);
      return ok(await copyGoods(deps, actorOf(req, authOf(req)), req.body.id), '复制成功');
    },
  );

  // Not in the specification (which copies one by one): the batch copy of the normal tag set,
  // guarded on the server by the permission that shows the button (docs/api-goods.md).
  app.post(
    '/amazon-user/batchCopyGoods',
    { schema: { body: batchCopyBody, response: replies(batchCopyData) }, config: { access: 'goods.batchCopy' } },
    async (req) => {
      await reachFor(req, req.body.ids);
      const r = await batchCopyGoods(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok(r, `已复制${r.copies.length}个商品`);
    },
  );

  app.post(
    '/amazon-user/batchUpdate2',
    { schema: { body: batchUpdateBody, response: replies(batchUpdateData) }, config },
    async (req) => {
      const { fields, ...sel } = req.body;
      const { creators } = await reachFor(req, sel.ids);
      return ok(await batchUpdate(deps, actorOf(req, authOf(req)), { ...sel, creators }, fields), '批量修改成功');
    },
  );

  app.post(
    '/amazon-user/batchUpdateEnTitle',
    { schema: { body: batchEnTitleBody, response: replies(batchEnTitleData) }, config },
    async (req) => {
      const { ids, filter, ...opts } = req.body;
      const { creators } = await reachFor(req, ids);
      const r = await batchReplaceEnTitle(deps, actorOf(req, authOf(req)), { ids, filter, creators }, opts);
      const skipped = 'skipped' in r && r.skipped ? `,${r.skipped}个商品替换后将没有任何标题和SKU,未替换` : '';
      return ok(r, opts.preview ? `共${r.matched}个商品匹配` : `已替换${r.matched}个商品${skipped}`);
    },
  );

  app.post(
    '/goods/getCopyFields',
    { schema: { body: copyFieldsBody, response: replies(copyFieldsData) }, config },
    async (req) => {
      await reachFor(req, [req.body.id]);
      return ok(await goodsCopyFields(deps, authOf(req).tenantId, req.body));
    },
  );

  app.post(
    '/goods/getOneBaseInfoLinkUrl',
    { schema: { body: idBody, response: replies(linkUrlData) }, config },
    async (req) => {
      await reachFor(req, [req.body.id]);
      return ok(await goodsLinkUrl(deps, authOf(req).tenantId, req.body.id));
    },
  );
}
