import { deletedData, nullData, savedVersionData } from '@console/shared/schemas/common';
import {
  addCandidatesBody,
  candidateCostBody,
  candidateListData,
  candidateListQuery,
  deleteCandidatesBody,
  importCandidatesBody,
  jobStartedData,
  lookupStartedData,
  offerCheckBody,
  offerListData,
  offerListQuery,
  offerRepriceBody,
  offerStopBody,
  offerUpdateBody,
  priceRuleBody,
  priceRuleData,
  pushBody,
  pushData,
  refreshCandidatesBody,
  retryBody,
  searchCatalogBody,
  searchCatalogData,
} from '@console/shared/schemas/follow';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { findOffers } from './follow.repository.js';
import {
  addCandidates,
  candidatePage,
  type FollowCaller,
  importCandidates,
  priceRuleOf,
  pushCandidates,
  refreshCandidates,
  removeCandidates,
  savePriceRuleFor,
  searchCatalog,
  setCost,
} from './follow.service.js';
import { followCheckJob } from './follow-check.job.js';
import { offerPage, retryOffers, setReprice, stopOffer, updateOffer } from './follow-offers.service.js';

/**
 * Follow-selling (issue 15 §1-§2, docs/follow.md): 跟卖候选池 (`/follow/follow-sale/push`),
 * 跟卖上传记录 (`/follow/follow-sale/queue`) and 跟卖商品 (`/follow/index`), all `follow.use`.
 */
export async function followRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'follow.use' as const };
  const caller = (req: FastifyRequest): FollowCaller => {
    const auth = authOf(req);
    return { actor: actorOf(req, auth), user: auth.user, jobs: fastify.jobs };
  };

  app.post(
    '/follow/candidate/add',
    { schema: { body: addCandidatesBody, response: replies(lookupStartedData) }, config: use },
    async (req) => ok(await addCandidates(deps, caller(req), req.body)),
  );
  app.post(
    '/follow/candidate/import',
    { schema: { body: importCandidatesBody, response: replies(lookupStartedData) }, config: use },
    async (req) => ok(await importCandidates(deps, caller(req), req.body)),
  );
  app.post(
    '/follow/candidate/refresh',
    { schema: { body: refreshCandidatesBody, response: replies(lookupStartedData) }, config: use },
    async (req) => ok(await refreshCandidates(deps, caller(req), req.body)),
  );
  app.post(
    '/follow/candidate/search',
    { schema: { body: searchCatalogBody, response: replies(searchCatalogData) }, config: use },
    async (req) => ok(await searchCatalog(deps, caller(req), req.body)),
  );
  app.get(
    '/follow/candidate/list',
    { schema: { querystring: candidateListQuery, response: replies(candidateListData) }, config: use },
    async (req) => ok(await candidatePage(deps, authOf(req).tenantId, req.query)),
  );
  app.post(
    '/follow/candidate/cost',
    { schema: { body: candidateCostBody, response: replies(nullData) }, config: use },
    async (req) => ok(await setCost(deps, actorOf(req, authOf(req)), req.body.id, req.body.cost)),
  );
  app.post(
    '/follow/candidate/delete',
    { schema: { body: deleteCandidatesBody, response: replies(deletedData) }, config: use },
    async (req) => ok(await removeCandidates(deps, actorOf(req, authOf(req)), req.body.ids)),
  );
  app.get('/follow/price-rule/get', { schema: { response: replies(priceRuleData) }, config: use }, async (req) =>
    ok(await priceRuleOf(deps, authOf(req).tenantId)),
  );
  app.post(
    '/follow/price-rule/save',
    { schema: { body: priceRuleBody, response: replies(priceRuleData) }, config: use },
    async (req) => ok(await savePriceRuleFor(deps, actorOf(req, authOf(req)), req.body)),
  );
  app.post('/follow/push', { schema: { body: pushBody, response: replies(pushData) }, config: use }, async (req) =>
    ok(await pushCandidates(deps, caller(req), req.body)),
  );
  app.get(
    '/follow/queue/list',
    { schema: { querystring: offerListQuery, response: replies(offerListData) }, config: use },
    async (req) => ok(await offerPage(deps, caller(req), 'queue', req.query)),
  );
  app.post(
    '/follow/queue/retry',
    { schema: { body: retryBody, response: replies(pushData) }, config: use },
    async (req) => ok(await retryOffers(deps, caller(req), req.body.ids)),
  );
  app.get(
    '/follow/offer/list',
    { schema: { querystring: offerListQuery, response: replies(offerListData) }, config: use },
    async (req) => ok(await offerPage(deps, caller(req), 'products', req.query)),
  );
  app.post(
    '/follow/offer/update',
    { schema: { body: offerUpdateBody, response: replies(savedVersionData) }, config: use },
    async (req) => ok(await updateOffer(deps, actorOf(req, authOf(req)), req.body)),
  );
  app.post(
    '/follow/offer/stop',
    { schema: { body: offerStopBody, response: replies(savedVersionData) }, config: use },
    async (req) => ok(await stopOffer(deps, actorOf(req, authOf(req)), req.body)),
  );
  app.post(
    '/follow/offer/reprice',
    { schema: { body: offerRepriceBody, response: replies(savedVersionData) }, config: use },
    async (req) => ok(await setReprice(deps, actorOf(req, authOf(req)), req.body)),
  );
  app.post(
    '/follow/offer/check',
    { schema: { body: offerCheckBody, response: replies(jobStartedData) }, config: use },
    async (req) => {
      const c = caller(req);
      const rows = await findOffers(deps.db, c.actor.tenantId, req.body.ids);
      if (rows.length !== req.body.ids.length) throw notFound('跟卖商品不存在');
      const job = await c.jobs.enqueue(followCheckJob, c.actor, { ids: req.body.ids }, { total: rows.length });
      return ok({ job_id: job.id });
    },
  );
}
