import type { AppDeps } from '../context.js';
import { EXPORT_QUEUE, runExportJob } from '../modules/goods/goods-export.service.js';
import { runTranslateJob, TRANSLATE_QUEUE } from '../modules/translate/translate-job.service.js';
import type { JobHandler } from './job-queue.js';

/** Every queue and the function that does its work. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [EXPORT_QUEUE]: (data) => runExportJob(deps, String(data.id)),
    [TRANSLATE_QUEUE]: (data) => runTranslateJob(deps, String(data.id)),
  };
}
