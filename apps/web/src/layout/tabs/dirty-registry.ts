import { applyTabCommand, type TabEntry } from '../../stores/tabs-reducer';

/**
 * What a page registers for its tab: whether it holds unsaved input, and optionally a label
 * naming it in the confirmation (several editor tabs share the route title 编辑商品).
 */
export interface DirtyGuard {
  isDirty: () => boolean;
  label?: () => string;
}

/** A tab that would lose unsaved input, as listed in the confirmation. */
export interface DirtyTab {
  fullPath: string;
  title: string;
}

const guards = new Map<string, DirtyGuard>();

/**
 * Registers the unsaved-change predicate of the page kept under `fullPath` (its tab key).
 * Returns the unregister function; it only removes this registration, so a remounted page
 * that registered again is not affected by the old one's cleanup.
 */
export function registerDirtyGuard(fullPath: string, guard: DirtyGuard): () => void {
  guards.set(fullPath, guard);
  return () => {
    if (guards.get(fullPath) === guard) guards.delete(fullPath);
  };
}

/** Whether the page of a tab has unsaved input. A predicate that throws counts as dirty (ask rather than lose input). */
export function isTabDirty(fullPath: string): boolean {
  const guard = guards.get(fullPath);
  if (!guard) return false;
  try {
    return guard.isDirty();
  } catch {
    return true;
  }
}

function labelOf(tab: TabEntry): string {
  try {
    return guards.get(tab.fullPath)?.label?.() || tab.meta.title;
  } catch {
    return tab.meta.title;
  }
}

/** The tabs among `tabs` whose pages hold unsaved input, with the title to show for each. */
export function dirtyAmong(tabs: readonly TabEntry[]): DirtyTab[] {
  return tabs.filter((t) => isTabDirty(t.fullPath)).map((t) => ({ fullPath: t.fullPath, title: labelOf(t) }));
}

/**
 * The tabs whose kept state a command would drop: the pivot for `refresh`, the removed tabs
 * for the close commands. Throws `TabCommandError` for an invalid command, like the command itself.
 */
export function tabsDroppedBy(
  opened: readonly TabEntry[],
  command: string,
  pivot: string,
  current: string,
): TabEntry[] {
  if (command === 'refresh') return opened.filter((t) => t.fullPath === pivot);
  return applyTabCommand(opened, command, pivot, current).removed;
}

/** What would drop the input: closing tabs or refreshing one (both lose the kept page state). */
export type DiscardKind = 'close' | 'refresh';

/** Texts of the confirmation (pure, unit tested). */
export function discardConfirmText(dirty: readonly DirtyTab[], kind: DiscardKind) {
  const verb = kind === 'refresh' ? '刷新' : '关闭';
  const title = `有未保存的修改,确定${verb}吗?`;
  const only = dirty.length === 1 ? dirty[0] : undefined;
  const intro = only
    ? `「${only.title}」有未保存的修改,${verb}后将丢失。`
    : `以下${dirty.length}个标签页有未保存的修改,${verb}后将丢失:`;
  return { title, intro, list: only ? [] : dirty.map((d) => d.title), okText: `确定${verb}`, cancelText: '取消' };
}

/** Test helper: forgets every registration. */
export function clearDirtyGuards(): void {
  guards.clear();
}
