import { formatMoney, minor } from '@console/shared/money';
import type { SiteGoodsRow } from '@console/shared/schemas/site-goods';
import { Alert, Button, Image, Input, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/ui-bridge';
import { DeleteSelectedButton, serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { categoryNames, categoryTreeData } from './category-tree';
import { ImportDialog } from './import-dialog';
import {
  deleteSiteGoods,
  publishSiteGoods,
  type SiteGoodsFilters,
  useInvalidateSiteGoods,
  useSiteCategoryTree,
  useSiteGoodsList,
} from './site-goods-api';
import { SyncDialog } from './sync-dialog';

const FIRST: SiteGoodsFilters = { page: 1, pageSize: 20, keyword: '', published: 'all' };
const PUBLISHED_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: '1', label: '已发布' },
  { value: '0', label: '未发布' },
];

/** 站点商品 (`/build-site/goods/list`, issue 33 §1): the site's products, publish, import from the library, pull changes. */
export function SiteGoodsListPage() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [filters, setFilters] = useState<SiteGoodsFilters>(FIRST);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'import' | 'sync' | null>(null);
  const [busy, setBusy] = useState(false);
  const categories = useSiteCategoryTree();
  // The category tree says whether the site exists (site: null): before it does, the list is not
  // asked for (it would be refused), the screen points to 基础设置 instead.
  const noSite = categories.data?.site === null;
  const list = useSiteGoodsList(filters, categories.data !== undefined && !noSite);
  const invalidate = useInvalidateSiteGoods();
  const language = categories.data?.site?.default_language ?? 'en';
  const tree = categories.data?.tree ?? [];
  const names = useMemo(() => categoryNames(tree, language), [tree, language]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      message.success(await work());
      setSelected([]);
      await invalidate();
    } catch {
      // The request has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const publish = (published: boolean) =>
    run(async () => {
      const r = await publishSiteGoods(selected, published);
      return `${published ? '已发布' : '已下线'} ${r.affected} 个商品`;
    });

  const columns = [
    {
      title: '图片',
      dataIndex: 'picture',
      width: 72,
      render: (v: string | null) => (v ? <Image src={v} width={48} height={48} style={{ objectFit: 'cover' }} /> : '-'),
    },
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, r: SiteGoodsRow) => (
        <Space direction="vertical" size={2}>
          <Typography.Link onClick={() => navigate(`/build-site/goods/update/${r.id}`)}>{v}</Typography.Link>
          <Space size={4}>
            {r.variation_count > 0 ? <Tag>{r.variation_count} 个变体</Tag> : null}
            {r.goods_id ? <Tag color="blue">商品库</Tag> : null}
            {r.library_updated ? (
              <Tag color="orange" data-testid="library-updated">
                商品库有更新
              </Tag>
            ) : null}
          </Space>
        </Space>
      ),
    },
    {
      title: '价格',
      dataIndex: 'price',
      width: 160,
      render: (v: number, r: SiteGoodsRow) => (
        <Space direction="vertical" size={0}>
          <span>{formatMoney(minor(v), r.currency)}</span>
          {r.compare_at_price ? (
            <Typography.Text delete type="secondary">
              {formatMoney(minor(r.compare_at_price), r.currency)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: '分类',
      dataIndex: 'category_ids',
      render: (ids: number[]) => ids.map((id) => <Tag key={id}>{names.get(id) ?? `#${id}`}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'published',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, r: SiteGoodsRow) => (
        <Button type="link" size="small" onClick={() => navigate(`/build-site/goods/update/${r.id}`)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <PageContainer title="站点商品">
      {noSite ? (
        <Alert
          type="warning"
          showIcon
          title="请先在基础设置中创建站点"
          action={<Button onClick={() => navigate('/build-site/basic')}>去基础设置</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="标题或变体SKU"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setFilters({ ...filters, keyword: v.trim(), page: 1 })}
          style={{ width: 240 }}
          data-testid="site-goods-keyword"
        />
        <Select
          value={filters.published}
          options={PUBLISHED_OPTIONS}
          onChange={(published) => setFilters({ ...filters, published, page: 1 })}
          style={{ width: 120 }}
          aria-label="发布状态"
        />
        <TreeSelect
          allowClear
          placeholder={tree.length ? '按分类筛选' : '暂无站点分类'}
          treeData={categoryTreeData(tree, language)}
          value={filters.category_id}
          onChange={(category_id?: number) => setFilters({ ...filters, category_id, page: 1 })}
          style={{ width: 200 }}
          treeDefaultExpandAll
        />
      </Space>
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        <Button type="primary" onClick={() => navigate('/build-site/goods/create')}>
          添加商品
        </Button>
        <Button onClick={() => setDialog('import')} data-testid="open-import">
          从商品库导入
        </Button>
        <Button disabled={!selected.length} onClick={() => setDialog('sync')}>
          同步商品库
        </Button>
        <Button disabled={!selected.length} loading={busy} onClick={() => publish(true)} data-testid="publish-selected">
          发布
        </Button>
        <Button disabled={!selected.length} loading={busy} onClick={() => publish(false)}>
          下线
        </Button>
        <DeleteSelectedButton
          count={selected.length}
          what="个站点商品"
          loading={busy}
          onConfirm={() =>
            run(async () => {
              const r = await deleteSiteGoods(selected);
              return `已删除 ${r.deleted} 个商品`;
            })
          }
        />
      </Space>
      <Table<SiteGoodsRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={serverPagination(filters, list.data?.total ?? 0, (f) => setFilters(f))}
        data-testid="site-goods-table"
      />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} onDone={() => invalidate()} />
      <SyncDialog
        ids={selected}
        open={dialog === 'sync'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setSelected([]);
          return invalidate();
        }}
      />
    </PageContainer>
  );
}
