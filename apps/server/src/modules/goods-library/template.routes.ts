import {
  categoryTempData,
  categoryTempQuery,
  productTypeQuery,
  productTypesData,
  tempAttrData,
  tempAttrQuery,
} from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { getTemplateAttributes, listCategoryTemplates, searchProductTypes } from './template.service.js';

/** Category templates from Amazon product type definitions (spec section 7 `categoryTemplate/*`). */
export async function templateRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };

  app.get(
    '/categoryTemplate/getCategoryTemp',
    { schema: { querystring: categoryTempQuery, response: replies(categoryTempData) }, config },
    async (req) => ok(await listCategoryTemplates(deps, authOf(req).tenantId, req.query.marketplace, req.log)),
  );

  app.get(
    '/categoryTemplate/getProductType',
    { schema: { querystring: productTypeQuery, response: replies(productTypesData) }, config },
    async (req) =>
      ok(await searchProductTypes(deps, authOf(req).tenantId, req.query.keyword, req.query.marketplace, req.log)),
  );

  app.get(
    '/categoryTemplate/getTempAttr',
    { schema: { querystring: tempAttrQuery, response: replies(tempAttrData) }, config },
    async (req) =>
      ok(
        await getTemplateAttributes(deps, authOf(req).tenantId, req.query.productType, req.query.marketplace, req.log),
      ),
  );
}
