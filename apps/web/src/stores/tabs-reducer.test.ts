import { describe, expect, it } from 'vitest';
import {
  applyTabCommand,
  closeTab,
  HOME_TAB,
  INVALID_TAB_COMMAND,
  openTab,
  TabCommandError,
  type TabEntry,
  withHome,
} from './tabs-reducer';

const tab = (p: string, extra: Partial<TabEntry['meta']> = {}): TabEntry => ({
  fullPath: p,
  name: p.slice(1).replace(/\//g, '-'),
  path: p,
  params: {},
  query: {},
  meta: { title: p, cache: true, auth: true, ...extra },
});

const paths = (list: TabEntry[]) => list.map((t) => t.fullPath);
const five = () => [HOME_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tab list', () => {
  it('keeps home first exactly once and opens new tabs at the end', () => {
    let list = withHome([tab('/a'), HOME_TAB]);
    expect(paths(list)).toEqual(['/index', '/a']);
    list = openTab(list, tab('/b'));
    list = openTab(list, tab('/a'));
    expect(paths(list)).toEqual(['/index', '/a', '/b']);
  });

  it('does not open hidden routes (refresh, redirect) as tabs', () => {
    expect(paths(openTab([HOME_TAB], tab('/refresh', { hidden: true })))).toEqual(['/index']);
  });

  it('closing the current tab moves to the next tab, or the previous one if it was last', () => {
    expect(closeTab(five(), '/b', '/b').navigateTo).toBe('/c');
    expect(closeTab(five(), '/d', '/d').navigateTo).toBe('/c');
    const other = closeTab(five(), '/b', '/c');
    expect(other.navigateTo).toBeUndefined();
    expect(paths(other.opened)).toEqual(['/index', '/a', '/c', '/d']);
  });

  it('never closes the home tab', () => {
    expect(() => closeTab(five(), '/index', '/index')).toThrow(TabCommandError);
  });

  it('closes left, right and others of the pivot, keeping home', () => {
    expect(paths(applyTabCommand(five(), 'left', '/c', '/c').opened)).toEqual(['/index', '/c', '/d']);
    expect(paths(applyTabCommand(five(), 'right', '/b', '/b').opened)).toEqual(['/index', '/a', '/b']);
    const others = applyTabCommand(five(), 'other', '/b', '/d');
    expect(paths(others.opened)).toEqual(['/index', '/b']);
    expect(paths(others.removed)).toEqual(['/a', '/c', '/d']);
    expect(others.navigateTo).toBe('/b');
  });

  it('navigates to the pivot only when the current tab was closed', () => {
    expect(applyTabCommand(five(), 'left', '/c', '/d').navigateTo).toBeUndefined();
    expect(applyTabCommand(five(), 'left', '/c', '/a').navigateTo).toBe('/c');
  });

  it('close all leaves only home and goes home', () => {
    const r = applyTabCommand(five(), 'all', '/b', '/b');
    expect(paths(r.opened)).toEqual(['/index']);
    expect(r.navigateTo).toBe('/index');
  });

  it("the home tab offers only close-all; anything else is '无效的操作'", () => {
    expect(paths(applyTabCommand(five(), 'all', '/index', '/index').opened)).toEqual(['/index']);
    for (const cmd of ['left', 'right', 'other', 'close']) {
      expect(() => applyTabCommand(five(), cmd, '/index', '/index')).toThrow(INVALID_TAB_COMMAND);
    }
    expect(() => applyTabCommand(five(), 'explode', '/a', '/a')).toThrow(INVALID_TAB_COMMAND);
    expect(() => applyTabCommand(five(), 'left', '/missing', '/a')).toThrow(INVALID_TAB_COMMAND);
  });
});
