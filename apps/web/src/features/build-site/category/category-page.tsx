import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { SiteCategoryNode } from '@console/shared/schemas/site-category';
import {
  Button,
  Empty,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Tag,
  Tree,
  type TreeDataNode,
  type TreeProps,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/http';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { saveFailure } from '../../../lib/version-conflict';
import { useSiteCategories, useSiteCategoryMutations } from './category-api';
import { CategoryDrawer, type CategoryEdit } from './category-drawer';
import { type DropPlace, planMove } from './category-drop';

const allIds = (list: readonly SiteCategoryNode[]): number[] => list.flatMap((n) => [n.id, ...allIds(n.children)]);

/** 站点分类 (`/build-site/category`, issue 33 §1): the site's category tree, drag to reorder or reparent. */
export function SiteCategoryPage() {
  const { message, modal } = useFeedback();
  const tree = useSiteCategories();
  const { move, remove, importLibrary, publish } = useSiteCategoryMutations();
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const site = tree.data?.site ?? null;
  const nodes = tree.data?.tree ?? [];
  const lang = site?.default_language ?? 'en';
  const nameOf = (n: SiteCategoryNode) => n.names[lang] || Object.values(n.names)[0] || n.slug;

  if (tree.data && !site) {
    return (
      <PageContainer title="站点分类">
        <Empty data-testid="site-category-no-site" description="还没有创建站点">
          <Link to="/build-site/basic">去基础设置创建站点</Link>
        </Empty>
      </PageContainer>
    );
  }

  const removeOne = async (n: SiteCategoryNode) => {
    try {
      await remove.mutateAsync({ id: n.id, version: n.version });
      message.success('删除成功');
    } catch (err) {
      // Refused while it has children or products: the server says how many.
      modal.error({ title: `无法删除「${nameOf(n)}」`, content: err instanceof ApiError ? err.message : String(err) });
    }
  };

  const runImport = async () => {
    try {
      const r = await importLibrary.mutateAsync();
      message.success(`导入完成:新增 ${r.created} 个分类,已有 ${r.existing} 个`);
    } catch (err) {
      modal.error({ title: '导入失败', content: saveFailure(err).text });
    }
  };

  const togglePublished = (n: SiteCategoryNode, published: boolean) =>
    publish.mutate(
      { id: n.id, version: n.version, published },
      {
        onSuccess: () => message.success(published ? '已在站点上显示' : '已在站点上隐藏'),
        onError: (err) => modal.error({ title: '保存失败', content: saveFailure(err).text }),
      },
    );

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const place: DropPlace = !info.dropToGap ? 'inside' : relative < 0 ? 'before' : 'after';
    const body = planMove(nodes, Number(info.dragNode.key), Number(info.node.key), place);
    if (!body) return;
    move.mutate(body, {
      onSuccess: () => message.success('移动成功'),
      onError: (err) => modal.error({ title: '无法移动', content: saveFailure(err).text }),
    });
  };

  /** `hiddenAbove`: an ancestor is hidden, so the storefront hides this one too whatever its switch. */
  const toData = (list: readonly SiteCategoryNode[], hiddenAbove = false): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <Space size={4} data-testid={`site-category-${n.slug}`}>
          <span className="site-category-name">{nameOf(n)}</span>
          <Typography.Text type="secondary">/c/{n.slug}</Typography.Text>
          {n.product_count > 0 ? <Tag>{n.product_count} 个商品</Tag> : null}
          {n.library_category_id !== null ? <Tag color="blue">商品库</Tag> : null}
          <Switch
            size="small"
            checked={n.published}
            checkedChildren="显示"
            unCheckedChildren="隐藏"
            aria-label={`在站点上显示「${nameOf(n)}」`}
            data-testid={`site-category-published-${n.slug}`}
            loading={publish.isPending && publish.variables?.id === n.id}
            onClick={(checked, e) => {
              e.stopPropagation();
              togglePublished(n, checked);
            }}
          />
          {hiddenAbove ? <Tag>随上级分类隐藏</Tag> : null}
          <Button type="link" size="small" onClick={() => setEdit({ kind: 'create', parent: n })}>
            添加子分类
          </Button>
          <Button type="link" size="small" onClick={() => setEdit({ kind: 'edit', node: n })}>
            编辑
          </Button>
          <Popconfirm
            title="提示"
            description={`确定要删除分类「${nameOf(n)}」吗?`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => removeOne(n)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
      children: toData(n.children, hiddenAbove || !n.published),
    }));

  const ids = allIds(nodes);
  return (
    <PageContainer
      title="站点分类"
      extra={
        <Space>
          <Popconfirm
            title="从商品库导入分类"
            description="把商品库的分类树加入站点(已导入过的分类不会重复导入)"
            okText="导入"
            cancelText="取消"
            onConfirm={runImport}
          >
            <Button icon={<ImportOutlined />} loading={importLibrary.isPending} data-testid="site-category-import">
              从商品库导入分类
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!site}
            onClick={() => setEdit({ kind: 'create', parent: null })}
            data-testid="site-category-add"
          >
            添加顶级分类
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        最多5级、2000个分类;拖动分类可调整顺序或上级。有子分类或商品的分类不能删除。分类随站点发布,店铺地址为
        /&lt;语言&gt;/c/&lt;标识&gt;。
      </Typography.Paragraph>
      <Spin spinning={tree.isFetching || move.isPending}>
        {nodes.length === 0 && !tree.isLoading ? (
          <Empty description="暂无分类" />
        ) : (
          <Tree
            data-testid="site-category-tree"
            blockNode
            draggable={{ icon: false }}
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
      {site ? (
        <CategoryDrawer
          edit={edit}
          languages={site.languages}
          defaultLanguage={site.default_language}
          onClose={() => setEdit(null)}
        />
      ) : null}
    </PageContainer>
  );
}
