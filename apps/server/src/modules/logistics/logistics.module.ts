import type { ServerModule } from '../../lib/server-module.js';
import { carrierSandboxRoutes } from './carrier-sandbox.routes.js';
import { logisticsConfirmJob, problemWatchJob } from './logistics.jobs.js';
import { logisticsRoutes } from './logistics.routes.js';
import { problemRoutes } from './problem.routes.js';

/** Logistics: channels, freight review, waybills and labels, shipment confirmation, fees (issue 18, docs/logistics.md). */
export const serverModule: ServerModule = {
  name: 'logistics',
  routes: [logisticsRoutes, problemRoutes, carrierSandboxRoutes],
  jobs: [logisticsConfirmJob, problemWatchJob],
};
