import type { ServerModule } from '../../lib/server-module.js';
import { gatherRoutes } from './gather.routes.js';

/** The collection plugin (issue 31 §5): extension download, collection tokens, collect (docs/plugin.md). */
export const serverModule: ServerModule = { name: 'gather', routes: [gatherRoutes] };
