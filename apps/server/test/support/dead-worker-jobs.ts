import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../src/lib/server-module.js';

/** How the jobs of the dead-worker test behave in this process. */
export const behaviour = {
  /** The worker child: report the start on stdout, then never end (until killed). */
  hang: false,
  /** Runs that ended, by kind (the surviving test process). */
  runs: new Map<string, number>(),
};

async function run(kind: string) {
  if (behaviour.hang) {
    process.stdout.write(`RUNNING ${kind}\n`);
    await new Promise(() => {});
  }
  behaviour.runs.set(kind, (behaviour.runs.get(kind) ?? 0) + 1);
}

/**
 * Job kinds of the dead-worker test (jobs-dead-worker.test.ts), one set per `prefix`: a job a
 * person starts (with a `jobs` row) and a system kind with the `stately` policy, as the upload
 * pump is.
 */
export function deadWorkerJobs(prefix: string) {
  const tracked = defineJob({
    kind: `${prefix}-tracked`,
    payload: z.object({}),
    run: () => run(`${prefix}-tracked`),
  });
  const stately = defineJob({
    kind: `${prefix}-stately`,
    payload: z.object({}),
    policy: 'stately',
    run: () => run(`${prefix}-stately`),
  });
  return { tracked, stately, all: [tracked, stately] as JobDefinition[] };
}
