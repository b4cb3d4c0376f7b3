import { z } from 'zod';
import { PERMISSIONS } from '../permissions/permissions.js';

/**
 * One stored menu item (spec section 2 "Menu building"), as the login answer carries it.
 * Apart from `menu-tree.ts`, which the web app's entry loads, so that the sign-in screen
 * does not load zod (docs/web.md "Sign-in screen size").
 */
export const menuItemSchema = z.object({
  menu_id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  icon: z.string(),
  is_navi: z.literal([0, 1]),
  remark: z.string(),
  sort: z.number().int(),
  /** Shown only to users for whom `can(user, permission)` holds. */
  permission: z.enum(PERMISSIONS).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
