import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useCategoryTree } from '../../../api/goods-library-pool';
import { categoryOptions, categoryPath } from '../lib/category-options';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/**
 * Picks one of the tenant's own categories (商品分类, `/goods/category`) from its tree, with
 * search over the full path; clearing gives null. Used by the list filter, the editor and
 * batch edit, so nobody types category ids.
 */
export function CategorySelect({ value, onChange, placeholder = '商品分类', style, ...rest }: Props) {
  const tree = useCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'path' }}
      treeNodeLabelProp="path"
      allowClear
      loading={tree.isLoading}
      placeholder={placeholder}
      notFoundContent={tree.isLoading ? '加载中' : '暂无分类,可在"商品分类"中添加'}
      style={style}
      popupMatchSelectWidth={false}
      data-testid={rest['data-testid']}
    />
  );
}

/** The full path of a category (服装 / T恤), "-" when the product has none. */
export function CategoryPath({ id }: { id: number | null | undefined }) {
  const tree = useCategoryTree();
  const options = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  if (id === null || id === undefined) return <>-</>;
  return <>{categoryPath(options, id) ?? (tree.isLoading ? '' : `分类 ${id}`)}</>;
}
