import type { ServerModule } from '../../lib/server-module.js';
import { reportsRefreshJob, reportsScheduled } from './reports.job.js';
import { reportsRoutes } from './reports.routes.js';
import { reportsSandboxRoutes } from './reports-sandbox.routes.js';

/** 卖家绩效 and 卖家反馈 from the Reports API (issue 31 §4, docs/reports.md). */
export const serverModule: ServerModule = {
  name: 'reports',
  routes: [reportsRoutes, reportsSandboxRoutes],
  jobs: [reportsRefreshJob, reportsScheduled],
};
