import { homeChecklistBody, homeChecklistData, homeReportData } from '@console/shared/schemas/home-report';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { homeReport, setChecklistDismissed } from './home-report.service.js';

/** 首页 (`/index`, issue 31 §1, docs/home.md): the newest figures per role and the getting-started checklist. */
export async function homeRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  // Every signed-in account has a home page; what it holds follows the caller's permissions.
  const config = { access: 'authenticated' as const };

  app.get('/amazon-user/getNewReport', { schema: { response: replies(homeReportData) }, config }, async (req) =>
    ok(await homeReport(deps, authOf(req).user)),
  );

  app.post(
    '/amazon-user/homeChecklist',
    { schema: { body: homeChecklistBody, response: replies(homeChecklistData) }, config },
    async (req) => {
      const r = await setChecklistDismissed(deps, actorOf(req, authOf(req)), req.body.dismissed === 1);
      return ok(r, r.dismissed ? '已关闭新手引导' : '已重新显示新手引导');
    },
  );
}
