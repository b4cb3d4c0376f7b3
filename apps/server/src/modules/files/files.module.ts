import type { ServerModule } from '../../lib/server-module.js';
import { filesRoutes } from './files.routes.js';

/** Image upload, serving, zip and remote copy. */
export const serverModule: ServerModule = { name: 'files', routes: [filesRoutes] };
