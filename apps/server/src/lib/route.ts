import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose schemas are zod schemas (types flow from schema to handler). */
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

/** The app with the zod type provider, for route modules. */
export function zodApp(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
