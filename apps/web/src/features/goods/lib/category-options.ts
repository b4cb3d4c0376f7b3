import type { CategoryNode } from '@console/shared/schemas/goods-library';

/** One node of an antd TreeSelect. */
export interface CategoryOption {
  value: number;
  title: string;
  /** The path from the top, for the selected value's label and search: 服装 / T恤. */
  path: string;
  children: CategoryOption[];
}

/** The own category tree as TreeSelect data, each node with its full path. */
export function categoryOptions(nodes: readonly CategoryNode[], parentPath = ''): CategoryOption[] {
  return nodes.map((n) => {
    const path = parentPath ? `${parentPath} / ${n.name}` : n.name;
    return { value: n.id, title: n.name, path, children: categoryOptions(n.children, path) };
  });
}

/** The path of a category id in the tree, or undefined when the tenant has no such category. */
export function categoryPath(options: readonly CategoryOption[], id: number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  for (const o of options) {
    if (o.value === id) return o.path;
    const inner = categoryPath(o.children, id);
    if (inner) return inner;
  }
  return undefined;
}
