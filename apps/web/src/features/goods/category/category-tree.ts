import type { CategoryNode } from '@console/shared/schemas/goods-library';

/** One change to send as POST /goods/category/update. */
export interface CategoryMove {
  id: number;
  parent_id?: number;
  sort?: number;
}

/** Where a dragged category lands relative to the target: as its last child, or just before or after it. */
export type DropPlace = 'inside' | 'before' | 'after';

/** Finds a category anywhere in the tree. */
export function findCategory(tree: readonly CategoryNode[], id: number): CategoryNode | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findCategory(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** Every id of the tree, parents before children. */
export function allIds(tree: readonly CategoryNode[]): number[] {
  return tree.flatMap((n) => [n.id, ...allIds(n.children)]);
}

/** The ids of a category and everything below it (a category cannot move there). */
export function subtreeIds(node: CategoryNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const c of node.children) for (const id of subtreeIds(c)) ids.add(id);
  return ids;
}

/** TreeSelect data for "move under": top level (0) and every category outside the moved one's subtree. */
export function parentOptions(
  tree: readonly CategoryNode[],
  movingId: number,
): { value: number; title: string; children: ReturnType<typeof parentOptions> }[] {
  const moving = findCategory(tree, movingId);
  const excluded = moving ? subtreeIds(moving) : new Set<number>();
  const walk = (nodes: readonly CategoryNode[]): ReturnType<typeof parentOptions> =>
    nodes.filter((n) => !excluded.has(n.id)).map((n) => ({ value: n.id, title: n.name, children: walk(n.children) }));
  return [{ value: 0, title: '顶级分类', children: [] }, ...walk(tree)];
}

/**
 * The updates for a drag and drop: the moved category gets its new parent, and the
 * siblings at the new place are numbered 10, 20, 30 ... in their new order (only those
 * whose sort changes are sent). Server order is sort, then id (docs/api-goods-library.md).
 */
export function planDrop(
  tree: readonly CategoryNode[],
  dragId: number,
  targetId: number,
  place: DropPlace,
): CategoryMove[] {
  const drag = findCategory(tree, dragId);
  const target = findCategory(tree, targetId);
  if (!drag || !target || dragId === targetId) return [];
  if (place === 'inside') {
    const last = Math.max(0, ...target.children.filter((c) => c.id !== dragId).map((c) => c.sort));
    return [{ id: dragId, parent_id: target.id, sort: last + 10 }];
  }
  const parentId = target.parent_id;
  const siblings = (parentId === 0 ? tree : (findCategory(tree, parentId)?.children ?? [])).filter(
    (n) => n.id !== dragId,
  );
  const at = siblings.findIndex((n) => n.id === targetId) + (place === 'after' ? 1 : 0);
  const order = [...siblings.slice(0, at), drag, ...siblings.slice(at)];
  const out: CategoryMove[] = [];
  order.forEach((n, i) => {
    const sort = (i + 1) * 10;
    if (n.id === dragId)
      out.push({ id: dragId, ...(drag.parent_id !== parentId ? { parent_id: parentId } : {}), sort });
    else if (n.sort !== sort) out.push({ id: n.id, sort });
  });
  return out;
}
