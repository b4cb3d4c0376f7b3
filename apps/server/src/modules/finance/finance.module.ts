import type { ServerModule } from '../../lib/server-module.js';
import { financeRoutes } from './finance.routes.js';
import { ledgerCheckJob } from './ledger-check.js';
import { payeeRoutes } from './payee.routes.js';
import { topupRoutes } from './topup.routes.js';

/** Prepaid balance, the money ledger and top-ups (issue 16, docs/finance.md). */
export const serverModule: ServerModule = {
  name: 'finance',
  routes: [financeRoutes, topupRoutes, payeeRoutes],
  jobs: [ledgerCheckJob],
};
