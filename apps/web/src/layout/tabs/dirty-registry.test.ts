import { afterEach, describe, expect, it } from 'vitest';
import { ui } from '../../app/ui-bridge';
import { HOME_TAB, TabCommandError, type TabEntry } from '../../stores/tabs-reducer';
import { useTabsStore } from '../../stores/tabs-store';
import {
  clearDirtyGuards,
  dirtyAmong,
  discardConfirmText,
  isTabDirty,
  registerDirtyGuard,
  tabsDroppedBy,
} from './dirty-registry';
import { confirmDiscard, guardDiscard } from './discard-confirm';

const tab = (p: string): TabEntry => ({
  fullPath: p,
  name: p.slice(1).replace(/\//g, '-'),
  path: p,
  params: {},
  query: {},
  meta: { title: `title ${p}`, cache: true, auth: true },
});
const five = () => [HOME_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')];
const paths = (list: TabEntry[]) => list.map((t) => t.fullPath);

afterEach(() => {
  clearDirtyGuards();
  ui.modal = null;
});

describe('dirty registry', () => {
  it('reports a tab dirty only while its registered predicate says so', () => {
    let dirty = false;
    const off = registerDirtyGuard('/a', { isDirty: () => dirty });
    expect(isTabDirty('/a')).toBe(false);
    dirty = true;
    expect(isTabDirty('/a')).toBe(true);
    expect(isTabDirty('/b')).toBe(false);
    off();
    expect(isTabDirty('/a')).toBe(false);
  });

  it("an old registration's cleanup does not remove a newer one for the same tab", () => {
    const offOld = registerDirtyGuard('/a', { isDirty: () => false });
    registerDirtyGuard('/a', { isDirty: () => true });
    offOld();
    expect(isTabDirty('/a')).toBe(true);
  });

  it('a predicate that throws counts as dirty (ask rather than lose input)', () => {
    registerDirtyGuard('/a', {
      isDirty: () => {
        throw new Error('boom');
      },
    });
    expect(isTabDirty('/a')).toBe(true);
  });

  it('lists dirty tabs with their label, falling back to the tab title', () => {
    registerDirtyGuard('/a', { isDirty: () => true, label: () => '编辑商品 #7' });
    registerDirtyGuard('/b', { isDirty: () => true });
    registerDirtyGuard('/c', { isDirty: () => false, label: () => 'clean' });
    expect(dirtyAmong(five())).toEqual([
      { fullPath: '/a', title: '编辑商品 #7' },
      { fullPath: '/b', title: 'title /b' },
    ]);
  });
});

describe('tabs dropped by a command', () => {
  it('refresh drops the pivot only; close drops the pivot', () => {
    expect(paths(tabsDroppedBy(five(), 'refresh', '/b', '/d'))).toEqual(['/b']);
    expect(paths(tabsDroppedBy(five(), 'close', '/b', '/d'))).toEqual(['/b']);
  });

  it('left, right, other and all drop what the command removes, never home', () => {
    expect(paths(tabsDroppedBy(five(), 'left', '/c', '/c'))).toEqual(['/a', '/b']);
    expect(paths(tabsDroppedBy(five(), 'right', '/b', '/b'))).toEqual(['/c', '/d']);
    expect(paths(tabsDroppedBy(five(), 'other', '/b', '/b'))).toEqual(['/a', '/c', '/d']);
    expect(paths(tabsDroppedBy(five(), 'all', '/index', '/b'))).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('invalid commands throw like the command itself', () => {
    expect(() => tabsDroppedBy(five(), 'close', '/index', '/a')).toThrow(TabCommandError);
    expect(() => tabsDroppedBy(five(), 'other', '/index', '/a')).toThrow(TabCommandError);
    expect(() => tabsDroppedBy(five(), 'bogus', '/a', '/a')).toThrow(TabCommandError);
  });

  it('close-others with a dirty tab among the removed ones finds it; the kept pivot is not asked about', () => {
    registerDirtyGuard('/a', { isDirty: () => true });
    registerDirtyGuard('/c', { isDirty: () => true });
    expect(dirtyAmong(tabsDroppedBy(five(), 'other', '/c', '/c')).map((d) => d.fullPath)).toEqual(['/a']);
    expect(dirtyAmong(tabsDroppedBy(five(), 'right', '/c', '/c'))).toEqual([]);
  });
});

describe('confirmation', () => {
  it('texts: one tab by name, several as a list, refresh says refresh', () => {
    const one = discardConfirmText([{ fullPath: '/a', title: '编辑商品 #7' }], 'close');
    expect(one).toMatchObject({
      title: '有未保存的修改,确定关闭吗?',
      intro: '「编辑商品 #7」有未保存的修改,关闭后将丢失。',
      list: [],
      okText: '确定关闭',
    });
    const many = discardConfirmText(
      [
        { fullPath: '/a', title: '编辑商品 #7' },
        { fullPath: '/b', title: '创建商品' },
      ],
      'close',
    );
    expect(many.intro).toBe('以下2个标签页有未保存的修改,关闭后将丢失:');
    expect(many.list).toEqual(['编辑商品 #7', '创建商品']);
    expect(discardConfirmText([{ fullPath: '/a', title: 'x' }], 'refresh')).toMatchObject({
      title: '有未保存的修改,确定刷新吗?',
      okText: '确定刷新',
    });
  });

  /** A stand-in for antd's modal hook that answers the confirm with `answer`. */
  function fakeModal(answer: boolean) {
    const calls: { title: unknown; okText: unknown }[] = [];
    ui.modal = {
      confirm: (cfg: { title: unknown; okText: unknown; onOk?: () => void; onCancel?: () => void }) => {
        calls.push({ title: cfg.title, okText: cfg.okText });
        queueMicrotask(() => (answer ? cfg.onOk?.() : cfg.onCancel?.()));
        return { destroy: () => undefined, update: () => undefined };
      },
    } as unknown as typeof ui.modal;
    return calls;
  }

  it('resolves true without asking when nothing is dirty', async () => {
    const calls = fakeModal(false);
    expect(await confirmDiscard([], 'close')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('asks and resolves with the answer; a second request while asking is refused', async () => {
    const calls = fakeModal(false);
    const first = confirmDiscard([{ fullPath: '/a', title: 'A' }], 'close');
    expect(await confirmDiscard([{ fullPath: '/b', title: 'B' }], 'close')).toBe(false);
    expect(await first).toBe(false);
    expect(calls).toEqual([{ title: '有未保存的修改,确定关闭吗?', okText: '确定关闭' }]);
    fakeModal(true);
    expect(await confirmDiscard([{ fullPath: '/a', title: 'A' }], 'refresh')).toBe(true);
  });

  it('guardDiscard only asks about open tabs that are dirty', async () => {
    useTabsStore.setState({ opened: five() });
    registerDirtyGuard('/b', { isDirty: () => true });
    registerDirtyGuard('/zz', { isDirty: () => true });
    const calls = fakeModal(true);
    expect(await guardDiscard(['/a', '/zz'], 'refresh')).toBe(true);
    expect(calls).toHaveLength(0);
    expect(await guardDiscard(['/b'], 'refresh')).toBe(true);
    expect(calls).toHaveLength(1);
    fakeModal(false);
    expect(await guardDiscard(['/b'], 'refresh')).toBe(false);
  });
});
