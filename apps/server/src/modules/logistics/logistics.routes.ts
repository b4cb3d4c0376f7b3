import { can } from '@console/shared/permissions/can';
import type { HoldReason } from '@console/shared/schemas/logistics';
import {
  channelCreateBody,
  channelListData,
  channelRow,
  channelUpdateBody,
  consumeListQuery,
  consumePage,
  interceptApproveBody,
  interceptCancelBody,
  interceptChannelBody,
  interceptCounts,
  interceptListQuery,
  labelsQuery,
  parcelIdBody,
  parcelPage,
  parcelStepData,
  parcelSubmitBody,
  quoteBody,
  quoteData,
  readyListQuery,
  readyPage,
  reviewRules,
  reviewRulesBody,
  trackingData,
  waybillCreateBody,
  waybillIdBody,
  waybillIdQuery,
  waybillListQuery,
  waybillPage,
  waybillRow,
  waybillStepData,
} from '@console/shared/schemas/logistics';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { closeCarrier } from '../../logistics/carrier-sandbox.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { createChannel, managedChannels, quoteAll, tenantChannels, updateChannel } from './channel.service.js';
import { consumeList } from './consume.service.js';
import {
  cancelWaybillKeepingFailure,
  interceptCounts as countsOf,
  createWaybillKeepingFailure,
  dismissParcelError,
  dismissWaybillError,
  shipWaybillKeepingFailure,
} from './intercept.service.js';
import { logisticsConfirmJob } from './logistics.jobs.js';
import { lockParcel } from './logistics.repository.js';
import {
  approveParcel,
  cancelParcel,
  changeParcelChannel,
  interceptList,
  readyList,
  rulesOf,
  saveRules,
  submitParcel,
} from './parcel.service.js';
import { labelsPdf, waybillList, waybillTracking } from './waybill.service.js';

/** A parcel's review state after a step. */
async function parcelState(deps: AppDeps, tenantId: number, id: number) {
  const p = await lockParcel(deps.db, tenantId, id);
  if (!p) throw notFound('包裹不存在');
  return {
    id: p.id,
    version: p.version,
    review_status: p.review_status,
    hold_reasons: p.hold_reasons as HoldReason[],
    freight: Number(p.freight),
    is_electric: p.is_electric,
  };
}

/** Logistics: channels, freight review, waybills, labels, fees (issue 18, docs/logistics.md). */
export async function logisticsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const channel = { access: 'logistics.channel' as const };
  const review = { access: 'logistics.review' as const };
  const ship = { access: 'logistics.ship' as const };
  fastify.addHook('onClose', async () => closeCarrier(deps.config));

  // Channels (operator / trader express).
  app.get('/logistics/channel/list', { schema: { response: replies(channelListData) }, config: channel }, async (req) =>
    ok({ list: await managedChannels(deps, authOf(req).user) }),
  );
  app.post(
    '/logistics/channel/create',
    { schema: { body: channelCreateBody, response: replies(channelRow) }, config: channel },
    async (req) => {
      const auth = authOf(req);
      return ok(await createChannel(deps, actorOf(req, auth), auth.user, req.body), '添加成功');
    },
  );
  app.post(
    '/logistics/channel/update',
    { schema: { body: channelUpdateBody, response: replies(channelRow) }, config: channel },
    async (req) => {
      const auth = authOf(req);
      return ok(await updateChannel(deps, actorOf(req, auth), auth.user, req.body), '修改成功');
    },
  );

  // The tenant's channels and the freight calculator.
  app.get('/logistics/channel/options', { schema: { response: replies(channelListData) }, config: ship }, async (req) =>
    ok({ list: await tenantChannels(deps, authOf(req).tenantId) }),
  );
  app.post(
    '/logistics/channel/quote',
    { schema: { body: quoteBody, response: replies(quoteData) }, config: ship },
    async (req) => ok({ list: await quoteAll(deps, authOf(req).tenantId, req.body) }),
  );

  // Parcels and 运费审核.
  app.post(
    '/logistics/parcel/submit',
    { schema: { body: parcelSubmitBody, response: replies(parcelStepData) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      const mayReview = can(subjectOf(auth.user), 'logistics.review', { internalIds: deps.config.internalIds });
      const r = await submitParcel(deps, actorOf(req, auth), req.body, mayReview);
      return ok(
        { ...(await parcelState(deps, auth.tenantId, r.id)), measure: r.measure },
        r.review_status === 'held' ? '包裹已提交,被运费审核拦截' : '包裹已提交',
      );
    },
  );
  app.get(
    '/logistics/parcel/ready',
    { schema: { querystring: readyListQuery, response: replies(readyPage) }, config: ship },
    async (req) => ok(await readyList(deps, authOf(req).tenantId, req.query)),
  );
  app.get(
    '/logistics/intercept/list',
    { schema: { querystring: interceptListQuery, response: replies(parcelPage) }, config: ship },
    async (req) => ok(await interceptList(deps, authOf(req).tenantId, req.query)),
  );
  app.get(
    '/logistics/intercept/counts',
    { schema: { response: replies(interceptCounts) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      const mayReview = can(subjectOf(auth.user), 'logistics.review', { internalIds: deps.config.internalIds });
      return ok(await countsOf(deps, auth.tenantId, mayReview));
    },
  );
  app.post(
    '/logistics/parcel/dismiss-error',
    { schema: { body: parcelIdBody, response: replies(parcelIdBody) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      return ok(await dismissParcelError(deps, actorOf(req, auth), req.body.id), '已处理');
    },
  );
  app.post(
    '/logistics/intercept/approve',
    { schema: { body: interceptApproveBody, response: replies(parcelStepData) }, config: review },
    async (req) => {
      const auth = authOf(req);
      await approveParcel(deps, actorOf(req, auth), req.body);
      return ok(await parcelState(deps, auth.tenantId, req.body.id), '审核通过');
    },
  );
  app.post(
    '/logistics/intercept/cancel',
    { schema: { body: interceptCancelBody, response: replies(parcelStepData) }, config: review },
    async (req) => {
      const auth = authOf(req);
      await cancelParcel(deps, actorOf(req, auth), req.body);
      return ok(await parcelState(deps, auth.tenantId, req.body.id), '已取消');
    },
  );
  app.post(
    '/logistics/intercept/change-channel',
    { schema: { body: interceptChannelBody, response: replies(parcelStepData) }, config: review },
    async (req) => {
      const auth = authOf(req);
      await changeParcelChannel(deps, actorOf(req, auth), req.body);
      return ok(await parcelState(deps, auth.tenantId, req.body.id), '已更换渠道');
    },
  );
  app.get('/logistics/intercept/rules', { schema: { response: replies(reviewRules) }, config: review }, async (req) =>
    ok(await rulesOf(deps, authOf(req).tenantId)),
  );
  app.post(
    '/logistics/intercept/rules',
    { schema: { body: reviewRulesBody, response: replies(reviewRules) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(await saveRules(deps, actorOf(req, auth), req.body), '修改成功');
    },
  );

  // Waybills and labels.
  app.post(
    '/logistics/waybill/create',
    { schema: { body: waybillCreateBody, response: replies(waybillRow) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      return ok(await createWaybillKeepingFailure(deps, actorOf(req, auth), req.body.parcel_id), '运单已创建');
    },
  );
  app.get(
    '/logistics/waybill/list',
    { schema: { querystring: waybillListQuery, response: replies(waybillPage) }, config: ship },
    async (req) => ok(await waybillList(deps, authOf(req).tenantId, req.query)),
  );
  app.post(
    '/logistics/waybill/ship',
    { schema: { body: waybillIdBody, response: replies(waybillStepData) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      const r = await shipWaybillKeepingFailure(deps, actorOf(req, auth), req.body.id);
      await fastify.jobs.trigger(logisticsConfirmJob, {});
      return ok({ ...r, cancelled: false }, '已发货');
    },
  );
  app.post(
    '/logistics/waybill/cancel',
    { schema: { body: waybillIdBody, response: replies(waybillStepData) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      const r = await cancelWaybillKeepingFailure(deps, actorOf(req, auth), req.body.id);
      return ok({ id: r.id, status: '0' as const, cancelled: true }, '运单已取消');
    },
  );
  app.post(
    '/logistics/waybill/dismiss-error',
    { schema: { body: waybillIdBody, response: replies(waybillIdBody) }, config: ship },
    async (req) => {
      const auth = authOf(req);
      return ok(await dismissWaybillError(deps, actorOf(req, auth), req.body.id), '已处理');
    },
  );
  app.get(
    '/logistics/waybill/tracking',
    { schema: { querystring: waybillIdQuery, response: replies(trackingData) }, config: ship },
    async (req) => ok(await waybillTracking(deps, authOf(req).tenantId, req.query.id)),
  );
  app.get(
    '/logistics/waybill/labels',
    { schema: { querystring: labelsQuery, response: fileReplies(['application/pdf']) }, config: ship },
    async (req, reply) => {
      const pdf = await labelsPdf(deps, authOf(req).tenantId, req.query.ids, req.query.size);
      const name = req.query.ids.length === 1 ? `label-${req.query.ids[0]}.pdf` : `labels-${req.query.ids.length}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(pdf);
    },
  );

  // 消费记录.
  app.get(
    '/logistics/consume/list',
    { schema: { querystring: consumeListQuery, response: replies(consumePage) }, config: { access: 'logistics.fees' } },
    async (req) => ok(await consumeList(deps, authOf(req).tenantId, req.query)),
  );
}
