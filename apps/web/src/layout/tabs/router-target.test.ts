import { describe, expect, it, vi } from 'vitest';
import { HOME_TAB } from '../../stores/tabs-reducer';
import { testTab } from './test-tabs';

type At = { pathname: string; search: string; state: unknown };
const routerState = vi.hoisted(() => ({
  location: { pathname: '/index', search: '', state: null } as At,
  navigation: { state: 'idle', location: undefined as At | undefined },
}));
vi.mock('../../app/router', () => ({ router: { state: routerState } }));

const { currentTabOf, routerTarget } = await import('./router-target');

const at = (pathname: string, search = '', state: unknown = null): At => ({ pathname, search, state });
const tab = testTab;

describe('router target', () => {
  it('is the pending location while a navigation loads, else the current one (with its query)', () => {
    routerState.location = at('/a', '?x=1');
    routerState.navigation = { state: 'idle', location: undefined };
    expect(routerTarget()).toBe('/a?x=1');
    routerState.navigation = { state: 'loading', location: at('/b', '?y=2') };
    expect(routerTarget()).toBe('/b?y=2');
  });

  it('during a tab refresh is the page being re-entered (home without one)', () => {
    routerState.navigation = { state: 'idle', location: undefined };
    routerState.location = at('/refresh', '', { from: '/c' });
    expect(routerTarget()).toBe('/c');
    routerState.location = at('/refresh');
    expect(routerTarget()).toBe(HOME_TAB.fullPath);
  });

  it("the dropdown's tab is the router's target when that is an open tab, else the tab shown active", () => {
    const opened = [HOME_TAB, tab('/a'), tab('/b')];
    routerState.navigation = { state: 'idle', location: undefined };
    // The bar still shows /a active, the URL is already /b.
    routerState.location = at('/b');
    expect(currentTabOf(opened, '/a')).toBe('/b');
    // A page that has not opened its tab yet is no pivot.
    routerState.location = at('/new');
    expect(currentTabOf(opened, '/a')).toBe('/a');
  });
});
