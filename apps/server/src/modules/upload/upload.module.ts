import type { ServerModule } from '../../lib/server-module.js';
import { listingRecheckJob, uploadPumpJob } from './upload.jobs.js';
import { uploadRoutes } from './upload.routes.js';
import { uploadSandboxRoutes } from './upload-sandbox.routes.js';

/** The upload pipeline: queues, feeds, the error feed and the listing ledger (issue 14 §4, docs/upload.md). */
export const serverModule: ServerModule = {
  name: 'upload',
  routes: [uploadRoutes, uploadSandboxRoutes],
  jobs: [uploadPumpJob, listingRecheckJob],
};
