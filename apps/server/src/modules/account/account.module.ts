import type { ServerModule } from '../../lib/server-module.js';
import { authRoutes } from './auth.routes.js';
import { childRoutes } from './child.routes.js';
import { userRoutes } from './user.routes.js';

/** Sign-in, sessions, own account and child accounts. */
export const serverModule: ServerModule = { name: 'account', routes: [authRoutes, userRoutes, childRoutes] };
