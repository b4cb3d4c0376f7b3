import type { ServerModule } from '../../lib/server-module.js';
import { ali1688Refresh } from './ali1688.job.js';
import { ali1688Routes } from './ali1688.routes.js';

/** 1688采购: a tenant's connection of its own 1688 buyer account (issue 31 §4, docs/ali1688.md). */
export const serverModule: ServerModule = {
  name: 'ali1688',
  routes: [ali1688Routes],
  jobs: [ali1688Refresh],
};
