import type { CategoryNode } from '@console/shared/schemas/goods-library';
import { describe, expect, it } from 'vitest';
import { categoryOptions, categoryPath } from './category-options';

const node = (id: number, name: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parent_id: 0,
  name,
  sort: 0,
  version: 1,
  children,
});

describe('category options', () => {
  const tree = [node(1, '服装', [node(2, 'T恤'), node(3, '衬衫', [node(4, '长袖')])]), node(5, '家居')];

  it('keeps the tree and gives every node its full path', () => {
    const options = categoryOptions(tree);
    expect(options.map((o) => o.path)).toEqual(['服装', '家居']);
    expect(options[0]!.children.map((o) => [o.value, o.title, o.path])).toEqual([
      [2, 'T恤', '服装 / T恤'],
      [3, '衬衫', '服装 / 衬衫'],
    ]);
    expect(options[0]!.children[1]!.children[0]!.path).toBe('服装 / 衬衫 / 长袖');
  });

  it('finds the path of an id at any depth, nothing for unknown or empty ids', () => {
    const options = categoryOptions(tree);
    expect(categoryPath(options, 4)).toBe('服装 / 衬衫 / 长袖');
    expect(categoryPath(options, 5)).toBe('家居');
    expect(categoryPath(options, 99)).toBeUndefined();
    expect(categoryPath(options, null)).toBeUndefined();
  });
});
