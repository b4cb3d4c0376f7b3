import { isInternal } from '@console/shared/permissions/can';
import {
  accountStatsData,
  orderStatsData,
  performanceStatsData,
  STATS_KIND_LABELS,
  statsExportQuery,
  statsQuery,
} from '@console/shared/schemas/statistics';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { orderStats } from './order-stats.service.js';
import { accountStats, performanceStats } from './statistics.service.js';
import { statsWorkbook } from './statistics-export.js';
import { statsRange } from './stats-range.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The statistics screens' permission, as their menu entries (company and personal admins). */
const access = 'role.companyOrPersonalAdmin' as const;

/**
 * Whose accounts 账号统计 counts: every tenant for the platform operator's admins (internal company),
 * else the caller's company (docs/statistics.md "Scope").
 */
function accountScope(deps: AppDeps, user: UserRow, tenantId: number): number | null {
  return isInternal(subjectOf(user), { internalIds: deps.config.internalIds }) ? null : tenantId;
}

/** 系统 statistics (issue 31 §1): 账号统计, 订单统计, 员工绩效 and their .xlsx export. */
export async function statisticsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;

  app.get(
    '/amazon-user/accountStatistical',
    {
      schema: { querystring: statsQuery, response: replies(accountStatsData), summary: '账号统计' },
      config: { access },
    },
    async (req) => {
      const { user, tenantId } = authOf(req);
      return ok(await accountStats(deps, accountScope(deps, user, tenantId), statsRange(req.query)));
    },
  );

  app.get(
    '/amazon-user/orderStatistical',
    {
      schema: { querystring: statsQuery, response: replies(orderStatsData), summary: '订单统计' },
      config: { access },
    },
    async (req) => ok(await orderStats(deps, authOf(req).tenantId, statsRange(req.query))),
  );

  app.get(
    '/amazon-user/performanceStatistical',
    {
      schema: { querystring: statsQuery, response: replies(performanceStatsData), summary: '员工绩效' },
      config: { access },
    },
    async (req) => ok(await performanceStats(deps, authOf(req).tenantId, statsRange(req.query))),
  );

  app.get(
    '/amazon-user/statisticalExport',
    {
      schema: { querystring: statsExportQuery, response: fileReplies([XLSX]), summary: '统计导出(.xlsx)' },
      config: { access },
    },
    async (req, reply) => {
      const { user, tenantId } = authOf(req);
      const range = statsRange(req.query);
      const kind = req.query.kind;
      const tz = await tenantTimeZone(deps.db, tenantId);
      const book =
        kind === 'order'
          ? await statsWorkbook({ kind, data: await orderStats(deps, tenantId, range) }, tz)
          : kind === 'account'
            ? await statsWorkbook(
                { kind, data: await accountStats(deps, accountScope(deps, user, tenantId), range) },
                tz,
              )
            : await statsWorkbook({ kind, data: await performanceStats(deps, tenantId, range) }, tz);
      const name = `${STATS_KIND_LABELS[kind]}.xlsx`;
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(book);
    },
  );
}
