import { jobIdQuery, jobView } from '@console/shared/schemas/jobs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf, requireAccess } from '../../plugins/auth.js';
import { presentJob } from './jobs.presenter.js';
import { getTenantJob, jobReaderId } from './jobs.service.js';

/**
 * GET /jobs/get?id=: status, progress, result and error of one background job of the
 * caller's tenant, whatever its kind (the web app's `useJobProgress` polls it). Signed-in
 * users pass the route; the job's kind then names who may read it (its definition's
 * `access`, 403 otherwise). Another tenant's id is 404, as if it did not exist.
 */
export async function jobsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;

  app.get(
    '/jobs/get',
    { schema: { querystring: jobIdQuery, response: replies(jobView) }, config: { access: 'authenticated' } },
    async (req) => {
      const auth = authOf(req);
      const job = await getTenantJob(deps, auth.tenantId, req.query.id, { userId: jobReaderId(auth.user) });
      requireAccess(fastify, req, fastify.jobs.definitions.get(job.kind)?.access ?? 'authenticated');
      return ok(presentJob(job));
    },
  );
}
