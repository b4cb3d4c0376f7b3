import type { ServerModule } from '../../lib/server-module.js';
import { jobRetention } from './job-retention.job.js';
import { jobsRoutes } from './jobs.routes.js';

/** Background jobs as users see them: the one progress route; the nightly retention of job rows. */
export const serverModule: ServerModule = {
  name: 'jobs',
  routes: [jobsRoutes],
  jobs: [jobRetention],
};
