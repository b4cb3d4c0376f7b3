import { MENU_ITEMS } from '@console/shared/menu/menu-tree';
import type { Permission } from '@console/shared/permissions/permissions';
import type { ComponentType } from 'react';
import type { RouteMeta } from '../stores/tabs-reducer';

/** A lazily loaded screen module. */
export type ScreenLoader = () => Promise<{ Component: ComponentType }>;

/**
 * One frame route as data (Ant Design Pro style): path, name, meta and how to load the
 * screen. `meta.permission` is enforced by the router (app/router.tsx): a user without it
 * sees the no-access page, whatever the screen does.
 */
export interface FrameRoute {
  path: string;
  name: string;
  meta: RouteMeta & { permission?: Permission };
  /** Absent: the screen is built by a later issue and shows the not-built page. */
  load?: ScreenLoader;
}

/** Route name from a path: `/system/admin/member` -> `system-admin-member`, params dropped. */
export function routeName(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('-')
    .replace(/\*$/, '');
}

/** One row of a section: path below the prefix, tab title, and what differs from the defaults. */
export type RouteRow = [
  path: string,
  title: string,
  extra?: Partial<FrameRoute['meta']> & { name?: string; load?: ScreenLoader },
];

const permissionOf = (path: string): Permission | undefined => MENU_ITEMS.find((m) => m.url === path)?.permission;

/**
 * The routes of one section of spec section 2 (`features/<section>/<section>.routes.ts`).
 * Each route needs sign-in and is cached unless its row says otherwise; its permission is
 * the row's, else the menu entry's of the same path, else the section's.
 */
export function defineSection(prefix: string, rows: RouteRow[], opts: { permission?: Permission } = {}): FrameRoute[] {
  return rows.map(([p, title, extra = {}]) => {
    const path = `${prefix}/${p}`.replace(/\/+/g, '/');
    const { name, load, ...meta } = extra;
    const permission = meta.permission ?? permissionOf(path) ?? opts.permission;
    return {
      path,
      name: name ?? routeName(path),
      meta: { title, cache: true, auth: true, ...meta, ...(permission ? { permission } : {}) },
      ...(load ? { load } : {}),
    };
  });
}

/** A screen loader for a page component exported by name from a lazily imported module. */
export function screen<M>(importer: () => Promise<M>, pick: (m: M) => ComponentType): ScreenLoader {
  return () => importer().then((m) => ({ Component: pick(m) }));
}
