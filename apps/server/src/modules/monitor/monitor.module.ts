import type { ServerModule } from '../../lib/server-module.js';
import { monitorRoutes } from './monitor.routes.js';
import { monitorNotifyJob } from './monitor-notify.job.js';
import { monitorPollJob } from './monitor-poll.job.js';

/** ASIN monitor and follow-sale removal (issue 15 §3-§4, docs/monitor.md). */
export const serverModule: ServerModule = {
  name: 'monitor',
  routes: [monitorRoutes],
  jobs: [monitorPollJob, monitorNotifyJob],
};
