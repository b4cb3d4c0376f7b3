import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { poolStatsOf } from '../db/database.js';
import { notFound, unauthorized } from '../lib/app-error.js';
import {
  httpDuration,
  httpRequests,
  isMetricsSource,
  type MetricsSource,
  metricsRegistry,
  setMetricsSource,
  startProcessMetrics,
} from '../lib/metrics.js';
import { fileReplies } from '../lib/route.js';
import { queueDepths } from './health.repository.js';

/** Route label of requests no route matched (404s, probes of random addresses): one value, not their URLs. */
const UNMATCHED = 'unmatched';

/** Whether the `Authorization: Bearer <token>` header holds `token` (constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * With `METRICS=1`: counts every request by its route pattern (`/PDD/goods/:id`, never the
 * address asked for) and times it, and sets this app as the source of the pool and queue gauges.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { config, db } = app.deps;
  if (!config.metrics) return;
  startProcessMetrics();
  const source: MetricsSource = { pool: () => poolStatsOf(db), queues: () => queueDepths(db) };
  setMetricsSource(source);
  app.addHook('onClose', async () => {
    if (isMetricsSource(source)) setMetricsSource(null);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    httpRequests.inc({ route, method: req.method, status: String(reply.statusCode) });
    httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /PDD/metrics`: the Prometheus text format; 404 unless `METRICS=1`, 401 without the token when one is set. */
export async function metricsRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  app.get(
    '/metrics',
    { schema: { hide: true, response: fileReplies(['text/plain']) }, config: { access: 'public' } },
    async (req, reply) => {
      if (!config.metrics) throw notFound('接口不存在');
      if (config.metricsToken && !bearerMatches(req.headers.authorization, config.metricsToken))
        throw unauthorized('需要指标访问令牌');
      const text = await metricsRegistry.metrics();
      return reply.type(metricsRegistry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
