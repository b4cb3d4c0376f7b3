import type { ServerModule } from '../../lib/server-module.js';
import { logisticsConfirmJob, problemWatchJob } from './logistics.jobs.js';
import { logisticsRoutes } from './logistics.routes.js';
import { problemRoutes } from './problem.routes.js';

/** Logistics: channels, freight review, waybills and labels, shipment confirmation, fees (issue 18, docs/logistics.md). */
export const serverModule: ServerModule = {
  name: 'logistics',
  routes: [logisticsRoutes, problemRoutes],
  jobs: [logisticsConfirmJob, problemWatchJob],
};
