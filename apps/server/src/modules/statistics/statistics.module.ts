import type { ServerModule } from '../../lib/server-module.js';
import { statisticsRoutes } from './statistics.routes.js';
import { statsDrainJob } from './statistics-drain.job.js';

/** 系统 statistics: 账号统计, 订单统计, 员工绩效 and their export (issue 31 §1, docs/statistics.md). */
export const serverModule: ServerModule = { name: 'statistics', routes: [statisticsRoutes], jobs: [statsDrainJob] };
