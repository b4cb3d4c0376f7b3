import type { ServerModule } from '../../lib/server-module.js';
import { adminMethodRoutes } from './admin-method.routes.js';
import { messageReminders } from './message-reminders.job.js';
import { messageRoutes } from './messages.routes.js';
import { systemRoutes } from './system.routes.js';

/** Trader branding, the operation log, the shared messages (and their daily reminders) and the `?method=` dispatcher. */
export const serverModule: ServerModule = {
  name: 'system',
  routes: [systemRoutes, adminMethodRoutes, messageRoutes],
  jobs: [messageReminders],
};
