import type { Migration } from 'kysely';
import * as accounts from './20261122_0001_accounts.js';

/** Every migration in order; names are timestamps so they sort. Forward only. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_accounts': accounts,
};
