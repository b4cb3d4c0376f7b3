import type { SiteCategoryOption } from './site-goods-api';

/** A category's name in the language, else its first name, else its id. */
const nameOf = (c: SiteCategoryOption, language: string) =>
  c.names[language] || Object.values(c.names).find(Boolean) || `#${c.id}`;

/** The tree as antd's TreeSelect takes it. */
export interface CategoryTreeNode {
  value: number;
  title: string;
  children: CategoryTreeNode[];
}
export function categoryTreeData(tree: SiteCategoryOption[], language: string): CategoryTreeNode[] {
  return tree.map((c) => ({
    value: c.id,
    title: nameOf(c, language),
    children: categoryTreeData(c.children, language),
  }));
}

/** Every category's path of names (服装 / 围巾) by id. */
export function categoryNames(
  tree: SiteCategoryOption[],
  language: string,
  prefix = '',
  out = new Map<number, string>(),
) {
  for (const c of tree) {
    const path = `${prefix}${nameOf(c, language)}`;
    out.set(c.id, path);
    categoryNames(c.children, language, `${path} / `, out);
  }
  return out;
}
