import { MENU_ITEMS, type MenuItem, visibleMenuItems } from '@console/shared/menu/menu-tree';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.js';
import { subjectOf } from './account.presenter.js';
import { listMenus, replaceMenus } from './menu.repository.js';

/** Writes the shared menu definition into the `menus` table (idempotent; run at start). */
export async function syncMenus(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute((trx) => replaceMenus(trx, MENU_ITEMS));
}

/** The menu rows a user may see (spec section 2 "Menu building"), parents before children. */
export async function menuListFor(db: Kysely<DB>, user: UserRow, internalIds: readonly number[]): Promise<MenuItem[]> {
  const rows = await listMenus(db);
  const subject = subjectOf(user);
  const allowed = (p: string | null | undefined) => !p || can(subject, p as Permission, { internalIds });
  return visibleMenuItems(rows, allowed).map(({ permission, ...r }) => ({
    ...r,
    is_navi: (r.is_navi ? 1 : 0) as 0 | 1,
    ...(permission ? { permission: permission as Permission } : {}),
  }));
}
