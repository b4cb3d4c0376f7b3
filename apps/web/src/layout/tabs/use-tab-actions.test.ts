import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_TAB } from '../../stores/tabs-reducer';
import { useTabsStore } from '../../stores/tabs-store';
import { testTab } from './test-tabs';

// What the router has: its location and, while a navigation loads, where it goes. The page
// (and the tabs store's `current`, set in an effect after it rendered) can lag behind both.
const routerState = vi.hoisted(() => ({
  location: { pathname: '/index', search: '', state: null as unknown },
  navigation: {
    state: 'idle',
    location: undefined as { pathname: string; search: string; state: unknown } | undefined,
  },
}));
const navigate = vi.hoisted(() => vi.fn());

vi.mock('../../app/router', () => ({ router: { state: routerState } }));
vi.mock('react-router', () => ({ useNavigate: () => navigate }));
// The hook only memoises its command runner: outside a render, hand the function back.
vi.mock('react', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react')>()),
  useCallback: <T>(fn: T) => fn,
}));

const { useTabActions } = await import('./use-tab-actions');

const tab = testTab;
const five = () => [HOME_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')];
const openPaths = () => useTabsStore.getState().opened.map((t) => t.fullPath);

/** The tabs store as the rendered page left it (`current`), with the router already at `at`. */
function lagging(current: string, at: string, pending?: string) {
  useTabsStore.setState({ uid: null, opened: five(), current, versions: {} });
  routerState.location = { pathname: at, search: '', state: null };
  routerState.navigation = pending
    ? { state: 'loading', location: { pathname: pending, search: '', state: null } }
    : { state: 'idle', location: undefined };
}

beforeEach(() => navigate.mockReset());
afterEach(() => lagging('/index', '/index'));

describe('tab commands while the new page is still rendering', () => {
  it('closing the tab the router is already on (still shown as inactive) leaves it for its neighbour', () => {
    // On /a, the user clicked /b: the URL is /b, the bar still shows /a.
    lagging('/a', '/b');
    useTabActions()('close', '/b');
    expect(openPaths()).toEqual(['/index', '/a', '/c', '/d']);
    expect(navigate).toHaveBeenCalledWith('/c');
  });

  it('closing the tab being left does not pull the user to its neighbour', () => {
    // On /b, the user clicked /a (navigation still loading), then closed /b.
    lagging('/b', '/b', '/a');
    useTabActions()('close', '/b');
    expect(openPaths()).toEqual(['/index', '/a', '/c', '/d']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('close others / left / right move to the pivot when they close the tab the router is on', () => {
    lagging('/a', '/c');
    useTabActions()('other', '/a');
    expect(openPaths()).toEqual(['/index', '/a']);
    expect(navigate).toHaveBeenCalledWith('/a');

    navigate.mockReset();
    lagging('/d', '/d', '/a');
    useTabActions()('left', '/b');
    expect(openPaths()).toEqual(['/index', '/b', '/c', '/d']);
    expect(navigate).toHaveBeenCalledWith('/b');

    navigate.mockReset();
    lagging('/a', '/d');
    useTabActions()('right', '/b');
    expect(openPaths()).toEqual(['/index', '/a', '/b']);
    expect(navigate).toHaveBeenCalledWith('/b');
  });

  it('close others keeps the user where the router is when that tab stays', () => {
    lagging('/c', '/a');
    useTabActions()('other', '/a');
    expect(openPaths()).toEqual(['/index', '/a']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('close all goes home even if the page shown is still the home page', () => {
    lagging('/index', '/b');
    useTabActions()('all', '/index');
    expect(openPaths()).toEqual(['/index']);
    expect(navigate).toHaveBeenCalledWith('/index');
  });

  it('during a tab refresh the refreshed tab counts as the current one', () => {
    // /c was refreshed from its context menu while /a was shown: the router is on /refresh, going back to /c.
    useTabsStore.setState({ uid: null, opened: five(), current: '/a', versions: {} });
    routerState.location = { pathname: '/refresh', search: '', state: { from: '/c' } };
    routerState.navigation = { state: 'idle', location: undefined };
    useTabActions()('close', '/c');
    expect(openPaths()).toEqual(['/index', '/a', '/b', '/d']);
    expect(navigate).toHaveBeenCalledWith('/d');
  });

  it('still acts on the rendered tab when nothing is pending', () => {
    lagging('/b', '/b');
    useTabActions()('close', '/b');
    expect(navigate).toHaveBeenCalledWith('/c');
    navigate.mockReset();
    lagging('/c', '/c');
    useTabActions()('close', '/a');
    expect(openPaths()).toEqual(['/index', '/b', '/c', '/d']);
    expect(navigate).not.toHaveBeenCalled();
  });
});
