import { z } from 'zod';
import { deleteJobsBefore, listJobsBefore } from '../../jobs/jobs.repository.js';
import { defineJob, type JobContext } from '../../lib/server-module.js';

/**
 * Days a job row is kept after its last change (finished, or abandoned while queued or
 * running), and with it what the row points to (an export's file). A week covers a download
 * after a long weekend; nobody opens a week-old progress dialog.
 */
export const JOB_RETENTION_DAYS = 7;
/** Rows per round (each round lists, discards files, deletes). */
const ROUND = 500;

/** What a retention run did. */
export interface RetentionResult {
  deleted: number;
}

/**
 * Deletes job rows last changed more than `days` ago, over every tenant, after each kind's
 * `discard` has removed what its rows point to (an export file). A failing discard stops the
 * run with the rows still there, so the next run tries again and no file is orphaned.
 */
export async function runRetention(
  ctx: Pick<JobContext, 'deps' | 'definitions'>,
  days: number,
  now = new Date(),
): Promise<RetentionResult> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = await listJobsBefore(ctx.deps.db, before, ROUND);
    for (const row of rows) {
      const discard = ctx.definitions.get(row.kind)?.discard;
      if (discard) {
        await discard(ctx.deps, { id: row.id, tenantId: row.tenant_id, userId: row.user_id, result: row.result });
      }
    }
    deleted += await deleteJobsBefore(
      ctx.deps.db,
      rows.map((r) => r.id),
      before,
    );
    if (rows.length < ROUND) return { deleted };
  }
}

/** Every night at 03:30 Beijing time: job rows and export files older than JOB_RETENTION_DAYS go. */
export const jobRetention = defineJob({
  kind: 'jobs-retention',
  payload: z.object({ days: z.number().int().min(1) }),
  schedule: { cron: '30 3 * * *', tz: 'Asia/Shanghai', data: { days: JOB_RETENTION_DAYS } },
  async run(ctx, p) {
    await runRetention(ctx, p.days);
  },
});
