import type { ServerModule } from '../../lib/server-module.js';
import { homeRoutes } from './home.routes.js';

/** 首页: the newest figures per role (`getNewReport`) and the getting-started checklist (docs/home.md). */
export const serverModule: ServerModule = { name: 'home', routes: [homeRoutes] };
