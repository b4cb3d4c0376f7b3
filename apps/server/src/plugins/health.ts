import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { migrationNames } from '../db/migrations.js';
import { AppError } from '../lib/app-error.js';
import { ok } from '../lib/envelope.js';
import { replies, zodApp } from '../lib/route.js';
import { appliedMigrationCount } from './health.repository.js';

/**
 * `GET /PDD/health` (liveness: the process answers) and `GET /PDD/ready` (readiness: the
 * database answers, every migration of this version is applied, and the job workers beat when
 * this process runs them). No session, no details in the answer: a failing check is named only
 * in the server's log (docs/operations.md "Health and metrics"). Ready costs one cheap query,
 * shared by every probe within `READY_CACHE_MS`.
 */
export const READY_CACHE_MS = 1000;

const healthData = z.object({ status: z.literal('ok') });
const config = { access: 'public' as const };

export async function healthRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const names = migrationNames();
  let cached: { at: number; failure: Promise<string | null> } | undefined;

  /** Null when ready, else the reason (for the log only). */
  const check = async (): Promise<string | null> => {
    let applied: number;
    try {
      applied = await appliedMigrationCount(deps.db, names);
    } catch (err) {
      return `database unreachable: ${(err as Error).message}`;
    }
    if (applied < names.length) return `${names.length - applied} migration(s) pending`;
    if (!fastify.jobs.workersAlive()) return 'job workers not running';
    return null;
  };

  app.get('/health', { schema: { hide: true, response: replies(healthData) }, config }, async () =>
    ok({ status: 'ok' as const }),
  );

  app.get('/ready', { schema: { hide: true, response: replies(healthData) }, config }, async (req) => {
    const now = Date.now();
    if (!cached || now - cached.at >= READY_CACHE_MS) cached = { at: now, failure: check() };
    const failure = await cached.failure;
    if (!failure) return ok({ status: 'ok' as const });
    req.log.warn({ reason: failure }, 'not ready');
    throw new AppError(503, '服务暂不可用');
  });
}
