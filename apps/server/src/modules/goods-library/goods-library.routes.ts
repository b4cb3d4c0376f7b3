import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from './category.routes.js';
import { eanRoutes } from './ean.routes.js';
import { pointsRoutes } from './points.routes.js';
import { searchTermsRoutes } from './search-terms.routes.js';
import { sensitiveRoutes } from './sensitive.routes.js';
import { templateRoutes } from './template.routes.js';

/** Every route of the goods libraries (issue 4): templates, EAN pool, sensitive words, points, search terms, categories. */
export async function goodsLibraryRoutes(app: FastifyInstance) {
  await app.register(templateRoutes);
  await app.register(eanRoutes);
  await app.register(sensitiveRoutes);
  await app.register(pointsRoutes);
  await app.register(searchTermsRoutes);
  await app.register(categoryRoutes);
}
