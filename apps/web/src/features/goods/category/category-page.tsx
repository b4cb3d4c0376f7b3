import { PlusOutlined } from '@ant-design/icons';
import type { CategoryNode } from '@console/shared/schemas/goods-library';
import { Button, Empty, Popconfirm, Space, Spin, Tree, type TreeDataNode, type TreeProps, Typography } from 'antd';
import { useState } from 'react';
import { useCategoryMutations, useCategoryTree } from '../../../api/goods-library-pool';
import { ApiError } from '../../../api/http';
import { useFeedback } from '../../../app/ui-bridge';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { allIds, type DropPlace, planDrop } from './category-tree';
import { type CategoryAction, CategoryDialog } from './components/category-dialog';

/** Own product categories (`/goods/category`): a tree with add child, rename, move (drag or parent select), delete. */
export function CategoryPage() {
  return <CategoryTree />;
}

function CategoryTree() {
  const { message, modal } = useFeedback();
  const tree = useCategoryTree();
  const { remove, moveMany } = useCategoryMutations();
  const [action, setAction] = useState<CategoryAction | null>(null);
  // Everything is expanded except what the user collapsed, so a new child is visible at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const nodes = tree.data ?? [];
  const ids = allIds(nodes);
  // Changes need the library setting an admin may withhold (issue 13 §5); reading stays open.
  const editable = useHas()('library.category');

  const removeOne = async (n: CategoryNode) => {
    try {
      await remove.mutateAsync(n.id);
      message.success('删除成功');
    } catch (err) {
      // The server refuses while children or products remain: say why (docs/api-goods-library.md).
      modal.error({ title: `无法删除「${n.name}」`, content: err instanceof ApiError ? err.message : String(err) });
    }
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const place: DropPlace = !info.dropToGap ? 'inside' : relative < 0 ? 'before' : 'after';
    const moves = planDrop(nodes, Number(info.dragNode.key), Number(info.node.key), place);
    if (moves.length === 0) return;
    moveMany.mutate(moves, {
      onSuccess: () => message.success('移动成功'),
    });
  };

  const toData = (list: readonly CategoryNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <Space size={4} data-testid={`category-${n.name}`}>
          <span className="category-name">{n.name}</span>
          {editable && (
            <>
              <Button type="link" size="small" onClick={() => setAction({ kind: 'add', parent: n })}>
                添加子分类
              </Button>
              <Button type="link" size="small" onClick={() => setAction({ kind: 'rename', node: n })}>
                重命名
              </Button>
              <Button type="link" size="small" onClick={() => setAction({ kind: 'move', node: n })}>
                移动
              </Button>
              <Popconfirm
                title="提示"
                description={`确定要删除分类「${n.name}」吗?`}
                okText="确定"
                cancelText="取消"
                onConfirm={() => removeOne(n)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
      children: toData(n.children),
    }));

  return (
    <PageContainer
      title="商品分类"
      extra={
        editable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAction({ kind: 'add', parent: null })}>
            添加顶级分类
          </Button>
        ) : (
          <ReadOnlyNotice permission="library.category" />
        )
      }
    >
      <Typography.Paragraph type="secondary">
        最多5级;同一级下名称不能重复;拖动分类可调整顺序或上级。有子分类或产品的分类不能删除。
      </Typography.Paragraph>
      <Spin spinning={tree.isFetching || moveMany.isPending}>
        {nodes.length === 0 && !tree.isLoading ? (
          <Empty description="暂无分类" />
        ) : (
          <Tree
            data-testid="category-tree"
            blockNode
            draggable={editable ? { icon: false } : false}
            expandedKeys={ids.filter((id) => !collapsed.has(id))}
            onExpand={(keys) => {
              const open = new Set(keys.map(Number));
              setCollapsed(new Set(ids.filter((id) => !open.has(id))));
            }}
            selectable={false}
            treeData={toData(nodes)}
            onDrop={onDrop}
          />
        )}
      </Spin>
      <CategoryDialog action={action} tree={nodes} onClose={() => setAction(null)} />
    </PageContainer>
  );
}
