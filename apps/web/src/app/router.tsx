import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject, redirect } from 'react-router';
import type { RouteMeta } from '../stores/tabs-reducer';
import { guardedScreen } from './guarded-screen';
import { authGuard, loginGuard, openGuard } from './guards';
import { RootShell, RouteError } from './root-shell';
import { screen } from './route-section';
import { FRAME_ROUTES } from './route-table';

/** What every route carries in `handle`. */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

const notBuilt = screen(
  () => import('../features/helpers/not-built-page'),
  (m) => m.NotBuiltPage,
);

/**
 * A screen outside the frame that uses antd, inside antd's providers (the frame has its own;
 * the sign-in screen uses none, so the entry loads no antd).
 */
async function withAntd(screen: Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  const [Screen, { AntdProviders }] = await Promise.all([screen, import('./antd-providers')]);
  return {
    Component: () => (
      <AntdProviders>
        <Screen />
      </AntdProviders>
    ),
  };
}

/** The route tree: /login and the 404 page outside the frame, every other screen inside it. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        path: '/login',
        handle: { name: 'login', meta: { title: '登录', cache: false, auth: false } } satisfies RouteHandle,
        loader: loginGuard,
        lazy: () => import('../features/login/login/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/qr-confirm',
        handle: { name: 'qr-confirm', meta: { title: '扫码登录确认', cache: false, auth: true } } satisfies RouteHandle,
        loader: authGuard,
        lazy: () => withAntd(import('../features/login/qr-confirm/qr-confirm-page').then((m) => m.QrConfirmPage)),
      },
      {
        path: '/',
        loader: authGuard,
        lazy: () => import('../layout/frame-layout').then((m) => ({ Component: m.FrameLayout })),
        children: [
          { index: true, loader: () => redirect('/index') },
          ...FRAME_ROUTES.map(
            (r): RouteObject => ({
              path: r.path.slice(1),
              handle: { name: r.name, meta: r.meta } satisfies RouteHandle,
              loader: authGuard,
              lazy: guardedScreen(r, notBuilt),
            }),
          ),
        ],
      },
      {
        path: '*',
        handle: { name: '404', meta: { title: '页面不存在', cache: false, auth: false } } satisfies RouteHandle,
        loader: openGuard,
        lazy: () => withAntd(import('../features/helpers/not-found-page').then((m) => m.NotFoundPage)),
      },
    ],
  },
];

/** The hash router (`#/index`). */
export const router = createHashRouter(routes);
