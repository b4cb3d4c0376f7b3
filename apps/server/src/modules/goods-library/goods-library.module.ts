import type { ServerModule } from '../../lib/server-module.js';
import { categoryRoutes } from './category.routes.js';
import { eanRoutes } from './ean.routes.js';
import { pointsRoutes } from './points.routes.js';
import { searchTermsRoutes } from './search-terms.routes.js';
import { sensitiveRoutes } from './sensitive.routes.js';
import { templateRoutes } from './template.routes.js';

/** The goods libraries: templates, EAN pool, sensitive words, points, search terms, categories. */
export const serverModule: ServerModule = {
  name: 'goods-library',
  routes: [templateRoutes, eanRoutes, sensitiveRoutes, pointsRoutes, searchTermsRoutes, categoryRoutes],
};
