import type { CategoryNode } from '@console/shared/schemas/goods-library';
import { describe, expect, it } from 'vitest';
import { allIds, findCategory, parentOptions, planDrop } from './category-tree';

const node = (id: number, parent_id: number, sort: number, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parent_id,
  name: `c${id}`,
  sort,
  version: 1,
  children,
});

// 1 [3, 4 [5]], 2
const tree = () => [node(1, 0, 10, [node(3, 1, 10), node(4, 1, 20, [node(5, 4, 10)])]), node(2, 0, 20)];

describe('category tree helpers', () => {
  it('finds nodes at any depth', () => {
    expect(findCategory(tree(), 5)?.name).toBe('c5');
    expect(findCategory(tree(), 9)).toBeUndefined();
    expect(allIds(tree())).toEqual([1, 3, 4, 5, 2]);
  });

  it('offers every parent except the moved category and its subtree, plus the top level', () => {
    const opts = parentOptions(tree(), 4);
    const ids = (o: ReturnType<typeof parentOptions>): number[] => o.flatMap((x) => [x.value, ...ids(x.children)]);
    expect(ids(opts).sort()).toEqual([0, 1, 2, 3]);
  });

  it('drops inside a category as its last child', () => {
    expect(planDrop(tree(), 2, 1, 'inside')).toEqual([{ id: 2, parent_id: 1, sort: 30 }]);
    expect(planDrop(tree(), 3, 2, 'inside')).toEqual([{ id: 3, parent_id: 2, sort: 10 }]);
  });

  it('drops before or after a sibling and renumbers only what changes', () => {
    // Move 4 before 3 among the children of 1.
    expect(planDrop(tree(), 4, 3, 'before')).toEqual([
      { id: 4, sort: 10 },
      { id: 3, sort: 20 },
    ]);
    // Move 5 (child of 4) to the top level after 1: 1 keeps 10, 5 gets 20, 2 moves to 30.
    expect(planDrop(tree(), 5, 1, 'after')).toEqual([
      { id: 5, parent_id: 0, sort: 20 },
      { id: 2, sort: 30 },
    ]);
    expect(planDrop(tree(), 1, 1, 'after')).toEqual([]);
  });
});
