/**
 * A worker process of the dead-worker test (jobs-dead-worker.test.ts): runs the test's job
 * kinds of JOB_PREFIX against DATABASE_URL, each of which prints `RUNNING <kind>` and never
 * ends; the test then kills (or freezes) this process.
 */
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { startJobQueue } from '../../src/jobs/job-queue.js';
import { behaviour, deadWorkerJobs } from './dead-worker-jobs.js';

behaviour.hang = true;
const db = createDatabase(process.env.DATABASE_URL!, { max: 5 });
const config = loadConfig(process.env);
await startJobQueue(db, deadWorkerJobs(process.env.JOB_PREFIX!).all, {
  workers: true,
  deps: { db, config, jwtSecret: new Uint8Array(32) },
  onError: (err) => process.stderr.write(`job queue error: ${err.message}\n`),
});
process.stdout.write('READY\n');
