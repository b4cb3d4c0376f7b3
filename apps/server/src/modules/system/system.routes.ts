import { PRODUCT_NAME } from '@console/shared/constants/app';
import { isInternal } from '@console/shared/permissions/can';
import { type TraderSetting, traderSetting } from '@console/shared/schemas/account';
import { operaLogPage as operaLogPageSchema, operaLogQuery } from '@console/shared/schemas/system';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { operaLogPage } from './opera-log.service.js';
import { findTraderSettingByHost } from './trader-settings.repository.js';

/** Trader branding and the operation log. */
export async function systemRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;

  app.get(
    '/trader_setting/getTraderSetting',
    {
      schema: { response: replies(traderSetting), summary: 'Branding of the trader serving this host name' },
      config: { access: 'public' },
    },
    async (req) => {
      const row = await findTraderSettingByHost(deps.db, req.hostname.toLowerCase());
      const data: TraderSetting = row ?? { title: PRODUCT_NAME, logo: '', logo_small: '', fav_icon: '' };
      return ok(data);
    },
  );

  app.get(
    '/opera-log/list',
    {
      schema: {
        querystring: operaLogQuery,
        response: replies(operaLogPageSchema),
        summary: 'Operation log of the tenant',
      },
      config: { access: 'system.operaLog.read' },
    },
    async (req) => {
      const { user, tenantId } = authOf(req);
      const all = isInternal(subjectOf(user), { internalIds: deps.config.internalIds });
      const { list, total } = await operaLogPage(deps, all ? null : tenantId, req.query);
      return ok({
        list,
        total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );
}
