import {
  problemCloseBody,
  problemCompensateBody,
  problemDetail,
  problemIdQuery,
  problemListQuery,
  problemPage,
  problemReportBody,
  problemTransitionBody,
} from '@console/shared/schemas/problem';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import {
  callerOf,
  closeProblem,
  compensateProblem,
  problemDetail as detailOf,
  problemList,
  reportProblem,
  stepProblem,
} from './problem.service.js';

/** Problem parcels 问题件 (`/index/problem_package`, issue 18 §4, docs/logistics.md "Problem parcels (§4)"). */
export async function problemRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const access = { access: 'logistics.problem' as const };
  const caller = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return { auth, actor: actorOf(req, auth), c: callerOf(deps, auth.user, auth.tenantId) };
  };
  /** The detail after a step, with the carrier's warning (if any) in the message. */
  const after = async (c: ReturnType<typeof callerOf>, id: number, msg: string, warning = '') =>
    ok(await detailOf(deps, c, id), warning ? `${msg}(新运单暂未取得跟踪号:${warning})` : msg);

  app.get(
    '/logistics/problem/list',
    { schema: { querystring: problemListQuery, response: replies(problemPage) }, config: access },
    async (req) => ok(await problemList(deps, caller(req).c, req.query)),
  );
  app.get(
    '/logistics/problem/detail',
    { schema: { querystring: problemIdQuery, response: replies(problemDetail) }, config: access },
    async (req) => ok(await detailOf(deps, caller(req).c, req.query.id)),
  );
  app.post(
    '/logistics/problem/report',
    { schema: { body: problemReportBody, response: replies(problemDetail) }, config: access },
    async (req) => {
      const { actor, c } = caller(req);
      const r = await reportProblem(deps, actor, c, req.body);
      return after(c, r.id, '问题件已登记', r.warning);
    },
  );
  app.post(
    '/logistics/problem/transition',
    { schema: { body: problemTransitionBody, response: replies(problemDetail) }, config: access },
    async (req) => {
      const { actor, c } = caller(req);
      const r = await stepProblem(deps, actor, c, req.body);
      return after(c, req.body.id, '已更新', r.warning);
    },
  );
  app.post(
    '/logistics/problem/compensate',
    {
      schema: { body: problemCompensateBody, response: replies(problemDetail) },
      config: { access: 'logistics.problemHandle' as const },
    },
    async (req) => {
      const { actor, c } = caller(req);
      await compensateProblem(deps, actor, c, req.body);
      return after(c, req.body.id, '已赔偿');
    },
  );
  app.post(
    '/logistics/problem/close',
    { schema: { body: problemCloseBody, response: replies(problemDetail) }, config: access },
    async (req) => {
      const { actor, c } = caller(req);
      await closeProblem(deps, actor, c, req.body);
      return after(c, req.body.id, '问题件已关闭');
    },
  );
}
