import { z } from 'zod';
import { defineJob, type ServerModule } from '../../lib/server-module.js';
import { translateRoutes } from './translate.routes.js';
import { translateJobRoutes } from './translate-job.routes.js';
import { runTranslateJob, TRANSLATE_QUEUE } from './translate-job.service.js';

/** Machine translation: calls, corrections, glossary, usage and the product translation job. */
export const serverModule: ServerModule = {
  name: 'translate',
  routes: [translateRoutes, translateJobRoutes],
  jobs: [
    defineJob({
      kind: TRANSLATE_QUEUE,
      payload: z.object({ id: z.string() }),
      run: (deps, p) => runTranslateJob(deps, p.id),
    }),
  ],
};
