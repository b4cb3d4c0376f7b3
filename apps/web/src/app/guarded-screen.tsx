import type { FrameRoute, ScreenLoader } from './route-section';

/**
 * The screen of a frame route, behind its `meta.permission`: a user without it sees the
 * no-access page and the screen never mounts (so it fetches nothing). Screens carry no
 * permission wrappers of their own.
 */
export function guardedScreen(route: FrameRoute, fallback: ScreenLoader): ScreenLoader {
  const load = route.load ?? fallback;
  const permission = route.meta.permission;
  if (!permission) return load;
  return async () => {
    // Loaded with the screen: `components/permission` uses antd, which the entry must not load.
    const [{ Component }, { RequirePermission }] = await Promise.all([load(), import('../components/permission')]);
    return {
      Component: () => (
        <RequirePermission permission={permission}>
          <Component />
        </RequirePermission>
      ),
    };
  };
}
