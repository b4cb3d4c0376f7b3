import { STORAGE_PREFIX } from '@console/shared/constants/app';

/** What the chooser needs of a column: its key, its title in the chooser, its width. */
export interface ChoosableColumn {
  key: string;
  /** The name in the chooser (the column's title). */
  label: string;
  /** Width in px; a column without one (the flexible one) counts as `minFlex`. */
  width?: number;
  /** Always shown (title, actions): not offered in the chooser. */
  required?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
}

/** Minimal storage so the helpers are testable in node (localStorage in the browser). */
export interface ColumnStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Local-storage key of one user's column choice of one table. */
export function columnsStorageKey(uid: number | null, table: string): string {
  return `${STORAGE_PREFIX}-columns-${uid ?? 'guest'}-${table}`;
}

/** The keys hidden by default. */
export function defaultHidden(columns: readonly ChoosableColumn[]): string[] {
  return columns.filter((c) => c.hiddenByDefault && !c.required).map((c) => c.key);
}

/**
 * The user's hidden columns of a table: the stored choice, keeping only keys the table still
 * has (a renamed or removed column is forgotten); the defaults when nothing valid is stored.
 */
export function readHidden(
  store: ColumnStore | null,
  uid: number | null,
  table: string,
  columns: readonly ChoosableColumn[],
): string[] {
  const fallback = defaultHidden(columns);
  if (!store) return fallback;
  try {
    const raw = store.getItem(columnsStorageKey(uid, table));
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return fallback;
    const choosable = new Set(columns.filter((c) => !c.required).map((c) => c.key));
    return parsed.filter((k): k is string => typeof k === 'string' && choosable.has(k));
  } catch {
    return fallback;
  }
}

/** Stores the user's hidden columns of a table (a full quota is ignored: the choice is a convenience). */
export function writeHidden(store: ColumnStore | null, uid: number | null, table: string, hidden: readonly string[]) {
  try {
    store?.setItem(columnsStorageKey(uid, table), JSON.stringify(hidden));
  } catch {
    // Storage full or disabled: the choice lasts until the page reloads.
  }
}

/** The columns shown, in their order: required ones always, others unless hidden. */
export function shownColumns<C extends ChoosableColumn>(columns: readonly C[], hidden: readonly string[]): C[] {
  const off = new Set(hidden);
  return columns.filter((c) => c.required || !off.has(c.key));
}

/**
 * The width the shown columns need (`extra` for a selection column): the table scrolls
 * sideways only when its container is narrower than this.
 */
export function neededWidth(columns: readonly ChoosableColumn[], extra = 0, minFlex = 240): number {
  return columns.reduce((sum, c) => sum + (c.width ?? minFlex), extra);
}
