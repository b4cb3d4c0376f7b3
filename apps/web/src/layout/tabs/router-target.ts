import { router } from '../../app/router';
import type { RefreshState } from '../../features/helpers/refresh-page';
import { HOME_TAB, type TabEntry } from '../../stores/tabs-reducer';

/**
 * The page the user is on as far as tab clicks and tab commands are concerned: where the
 * router is, or is going to while a navigation loads (pathname + search). During a tab refresh
 * it is the page `/refresh` is about to re-enter.
 *
 * Why not `useLocation()` or the tabs store's `current`: the router renders each navigation
 * in a React transition and the store catches up in an effect after that render, so on a busy
 * machine both still name the previous page for a while after the URL changed. A click or a
 * command in that time must act on where the user is going.
 */
export function routerTarget(): string {
  const { location, navigation } = router.state;
  const at = navigation.location ?? location;
  if (at.pathname === '/refresh') {
    const from = (at.state as RefreshState | null)?.from;
    return from && from !== '/refresh' ? from : HOME_TAB.fullPath;
  }
  return at.pathname + at.search;
}

/**
 * The tab the tab bar's dropdown acts on: the router's target when it is an open tab,
 * otherwise `shown` (the tab the bar shows active; a page that has not opened its tab yet
 * cannot be a command's pivot).
 */
export function currentTabOf(opened: readonly TabEntry[], shown: string): string {
  const target = routerTarget();
  return opened.some((t) => t.fullPath === target) ? target : shown;
}
