import { priceInfo, savePriceInfoBody, savePriceInfoData } from '@console/shared/schemas/price-settings';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { getPriceInfo, savePriceInfo } from './price-settings.service.js';

/** The user menu's price settings (spec section 7 priceInfoData). */
export async function priceSettingsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.priceSettings' as const };

  app.get('/amazon-user/priceInfoData', { schema: { response: replies(priceInfo) }, config }, async (req) => {
    const auth = authOf(req);
    return ok(await getPriceInfo(deps, auth.tenantId, auth.user.id));
  });

  app.post(
    '/amazon-user/savePriceInfo',
    { schema: { body: savePriceInfoBody, response: replies(savePriceInfoData) }, config: change },
    async (req) => ok(await savePriceInfo(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );
}
