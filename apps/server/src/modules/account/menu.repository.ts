import type { MenuItem } from '@console/shared/menu/menu-tree';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Replaces every menu row (the menu is global, not tenant data). */
export async function replaceMenus(db: Db, items: readonly MenuItem[]): Promise<void> {
  await db.deleteFrom('menus').execute();
  if (items.length === 0) return;
  await db
    .insertInto('menus')
    .values(items.map((m) => ({ ...m, permission: m.permission ?? null })))
    .execute();
}

/** Every menu row, parents before children in display order. */
export function listMenus(db: Db) {
  return db
    .selectFrom('menus')
    .select(['menu_id', 'parent_id', 'name', 'url', 'icon', 'is_navi', 'remark', 'sort', 'permission'])
    .orderBy('parent_id')
    .orderBy('sort')
    .execute();
}
