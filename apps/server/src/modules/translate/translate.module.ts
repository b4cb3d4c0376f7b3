import type { ServerModule } from '../../lib/server-module.js';
import { translateRoutes } from './translate.routes.js';
import { goodsTranslateJob } from './translate-job.job.js';
import { translateJobRoutes } from './translate-job.routes.js';

/** Machine translation: calls, corrections, glossary, usage and the product translation job. */
export const serverModule: ServerModule = {
  name: 'translate',
  routes: [translateRoutes, translateJobRoutes],
  jobs: [goodsTranslateJob],
};
