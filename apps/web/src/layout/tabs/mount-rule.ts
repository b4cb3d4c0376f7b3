import { HOME_TAB } from '../../stores/tabs-reducer';

/**
 * Mount rule (spec section 2): the restored tab list is closed on load unless the route is
 * index, the build is development, or the union-login session flag is set.
 */
export function shouldResetTabsOnMount(pathname: string, dev: boolean, unionFlag: boolean): boolean {
  return !(pathname === HOME_TAB.path || dev || unionFlag);
}
