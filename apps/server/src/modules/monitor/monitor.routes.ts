import { affectedData, deletedData, savedVersionData } from '@console/shared/schemas/common';
import {
  alertHandleBody,
  alertListData,
  alertListQuery,
  caseDetailData,
  caseDetailQuery,
  caseListData,
  caseListQuery,
  caseStatusBody,
  monitorAddBody,
  monitorAddData,
  monitorCheckData,
  monitorDetailData,
  monitorDetailQuery,
  monitorIdsBody,
  monitorListData,
  monitorListQuery,
  monitorOverviewData,
  monitorSettingsBody,
  monitorSettingsData,
  monitorShopsData,
  monitorUpdateBody,
} from '@console/shared/schemas/monitor';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { parseAnyOfferChanged } from '../../marketplace/notifications/any-offer-changed.js';
import { closeSandboxSqs } from '../../marketplace/sandbox-sqs.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import {
  addWatches,
  alertListPage,
  checkNow,
  type MonitorCaller,
  markAlertsHandled,
  monitorShops,
  overview,
  receiveOfferNotification,
  removeWatches,
  saveMonitorSettings,
  settingsOf,
  updateWatch,
  watchDetail,
  watchListPage,
} from './monitor.service.js';
import { caseDetail, casesPage, changeCaseStatus } from './monitor-cases.service.js';
import { isLoopback, tokenValid } from './monitor-notify.js';

/**
 * The ASIN monitor (跟卖监控, 监控首页) and follow-sale removal (跟卖移除), issue 15 §3-§4,
 * docs/monitor.md; all `monitor.use` (admins, group leaders, workers and the monitor user auth 6).
 */
export async function monitorRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'monitor.use' as const };
  const caller = (req: FastifyRequest): MonitorCaller => {
    const auth = authOf(req);
    return { actor: actorOf(req, auth), user: auth.user };
  };
  const tenant = (req: FastifyRequest) => authOf(req).tenantId;

  // The sandbox Amazon's SQS queue (started by the first sandbox subscription) stops with the server.
  fastify.addHook('onClose', () => closeSandboxSqs(deps.config));

  app.get('/monitor/overview', { schema: { response: replies(monitorOverviewData) }, config: use }, async (req) =>
    ok(await overview(deps, caller(req))),
  );
  app.get('/monitor/shops', { schema: { response: replies(monitorShopsData) }, config: use }, async (req) =>
    ok(await monitorShops(deps, caller(req))),
  );
  app.get(
    '/monitor/asin/list',
    { schema: { querystring: monitorListQuery, response: replies(monitorListData) }, config: use },
    async (req) => ok(await watchListPage(deps, caller(req), req.query)),
  );
  app.post(
    '/monitor/asin/add',
    { schema: { body: monitorAddBody, response: replies(monitorAddData) }, config: use },
    async (req) => ok(await addWatches(deps, caller(req), req.body)),
  );
  app.post(
    '/monitor/asin/update',
    { schema: { body: monitorUpdateBody, response: replies(savedVersionData) }, config: use },
    async (req) => ok(await updateWatch(deps, caller(req), req.body)),
  );
  app.post(
    '/monitor/asin/delete',
    { schema: { body: monitorIdsBody, response: replies(deletedData) }, config: use },
    async (req) => ok(await removeWatches(deps, caller(req), req.body.ids)),
  );
  app.post(
    '/monitor/asin/check',
    { schema: { body: monitorIdsBody, response: replies(monitorCheckData) }, config: use },
    async (req) => ok(await checkNow(deps, tenant(req), req.body.ids)),
  );
  app.get(
    '/monitor/asin/detail',
    { schema: { querystring: monitorDetailQuery, response: replies(monitorDetailData) }, config: use },
    async (req) => ok(await watchDetail(deps, tenant(req), req.query.id, req.query.days)),
  );
  app.get(
    '/monitor/alert/list',
    { schema: { querystring: alertListQuery, response: replies(alertListData) }, config: use },
    async (req) => ok(await alertListPage(deps, tenant(req), req.query)),
  );
  app.post(
    '/monitor/alert/handle',
    { schema: { body: alertHandleBody, response: replies(affectedData) }, config: use },
    async (req) => ok(await markAlertsHandled(deps, caller(req), req.body.ids)),
  );
  app.get(
    '/monitor/case/list',
    { schema: { querystring: caseListQuery, response: replies(caseListData) }, config: use },
    async (req) => ok(await casesPage(deps, tenant(req), req.query)),
  );
  app.get(
    '/monitor/case/detail',
    { schema: { querystring: caseDetailQuery, response: replies(caseDetailData) }, config: use },
    async (req) => ok(await caseDetail(deps, tenant(req), req.query.id)),
  );
  app.post(
    '/monitor/case/status',
    { schema: { body: caseStatusBody, response: replies(savedVersionData) }, config: use },
    async (req) => ok(await changeCaseStatus(deps, caller(req), req.body)),
  );
  app.get('/monitor/settings', { schema: { response: replies(monitorSettingsData) }, config: use }, async (req) =>
    ok(await settingsOf(deps, tenant(req))),
  );
  app.post(
    '/monitor/settings',
    { schema: { body: monitorSettingsBody, response: replies(monitorSettingsData) }, config: use },
    async (req) => ok(await saveMonitorSettings(deps, caller(req), req.body)),
  );

  // ANY_OFFER_CHANGED from a relay of one's own on this machine, the alternative to the SQS
  // consumer (docs/monitor.md "Notifications through SQS").
  app.post(
    '/monitor/notify/any-offer-changed',
    {
      schema: {
        body: z.unknown(),
        response: replies(z.object({ applied: z.number().int(), duplicates: z.number().int() })),
        hide: true,
      },
      config: { access: 'public' },
      bodyLimit: 1_048_576,
    },
    async (req) => {
      if (!isLoopback(req.ip) || !tokenValid(deps, req.headers['x-notification-token']))
        // 404, not 403: a caller without the token learns nothing (and the route guard's 401/403 stay its own).
        throw new AppError(404, '通知来源未授权');
      const parsed = parseAnyOfferChanged(req.body);
      if (!parsed.ok) throw badRequest(parsed.error);
      return ok(await receiveOfferNotification(deps, parsed.value));
    },
  );
}
