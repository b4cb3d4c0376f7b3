/**
 * Which categories of a site the storefront shows (docs/site.md "Categories"): a category whose
 * switch is off (站点分类 隐藏) is hidden, and so is everything under it. Rows whose parent is not
 * among the rows (bad data) or that sit in a cycle are hidden too: nothing can loop.
 */
export interface VisibilityRow {
  id: number;
  parent_id: number | null;
  published: boolean;
}

/** The rows the storefront shows, in their given order. */
export function visibleCategories<T extends VisibilityRow>(rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = new Map<number, boolean>();
  const visible = (row: T): boolean => {
    const known = shown.get(row.id);
    if (known !== undefined) return known;
    // Walk up to the first row already decided (or the top), then decide the path top-down.
    const path: T[] = [];
    let cur: T | undefined = row;
    let answer = true;
    const onPath = new Set<number>();
    while (cur) {
      const decided = shown.get(cur.id);
      if (decided !== undefined) {
        answer = decided;
        break;
      }
      if (onPath.has(cur.id)) {
        answer = false;
        break;
      }
      onPath.add(cur.id);
      path.push(cur);
      if (cur.parent_id === null) break;
      const parent = byId.get(cur.parent_id);
      if (!parent) {
        answer = false;
        break;
      }
      cur = parent;
    }
    for (let i = path.length - 1; i >= 0; i--) {
      answer = answer && path[i]!.published;
      shown.set(path[i]!.id, answer);
    }
    return shown.get(row.id) ?? false;
  };
  return rows.filter(visible);
}
