import type { ServerModule } from '../../lib/server-module.js';
import { platformRoutes } from './platform.routes.js';

/** 平台首页: the state of every connection the console depends on (issue 31 §4, docs/platform.md). */
export const serverModule: ServerModule = { name: 'platform', routes: [platformRoutes] };
