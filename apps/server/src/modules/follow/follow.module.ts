import type { ServerModule } from '../../lib/server-module.js';
import { followRoutes } from './follow.routes.js';
import { followCheckJob } from './follow-check.job.js';
import { followLookupJob } from './follow-lookup.job.js';
import { followPushJob } from './follow-push.job.js';
import { followRepriceJob } from './follow-reprice.job.js';
import { followSandboxRoutes } from './follow-sandbox.routes.js';

/** Follow-selling: candidate pool, follow queue and follow offers (issue 15 §1-§2, docs/follow.md). */
export const serverModule: ServerModule = {
  name: 'follow',
  routes: [followRoutes, followSandboxRoutes],
  jobs: [followLookupJob, followPushJob, followCheckJob, followRepriceJob],
};
