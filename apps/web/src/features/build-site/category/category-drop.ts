import type { SiteCategoryNode } from '@console/shared/schemas/site-category';

export type DropPlace = 'inside' | 'before' | 'after';

/** Finds a node and its siblings (the list that holds it) in the tree. */
function locate(
  list: readonly SiteCategoryNode[],
  id: number,
): { node: SiteCategoryNode; siblings: readonly SiteCategoryNode[] } | null {
  for (const n of list) {
    if (n.id === id) return { node: n, siblings: list };
    const inner = locate(n.children, id);
    if (inner) return inner;
  }
  return null;
}

/**
 * The move request of a drop of `dragId` on `targetId`: inside (first child of the target), or
 * before/after the target among its siblings. Null when nothing would change or a node is gone.
 */
export function planMove(
  tree: readonly SiteCategoryNode[],
  dragId: number,
  targetId: number,
  place: DropPlace,
): { id: number; version: number; parent_id: number | null; position: number } | null {
  const drag = locate(tree, dragId);
  const target = locate(tree, targetId);
  if (!drag || !target || dragId === targetId) return null;
  if (place === 'inside') {
    return { id: dragId, version: drag.node.version, parent_id: targetId, position: 0 };
  }
  const others = target.siblings.filter((n) => n.id !== dragId);
  const at = others.findIndex((n) => n.id === targetId) + (place === 'after' ? 1 : 0);
  const parent = target.node.parent_id;
  const before = drag.siblings.findIndex((n) => n.id === dragId);
  if (drag.node.parent_id === parent && before === at) return null;
  return { id: dragId, version: drag.node.version, parent_id: parent, position: at };
}
