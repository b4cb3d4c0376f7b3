import { ImportOutlined } from '@ant-design/icons';
import type { EanCode } from '@console/shared/schemas/goods-library';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LibraryFilters } from '../../../api/goods-library';
import { useEanList, useEanMutations } from '../../../api/goods-library-pool';
import { DeleteSelectedButton, serverPagination } from '../../../components/list-parts';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { useRefetchOnShow } from '../../../layout/keep-alive/use-refetch-on-show';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../lib/use-selection-delete';
import { EanImportDialog } from './components/ean-import-dialog';

const KIND_LABELS: Record<EanCode['kind'], string> = { EAN13: 'EAN-13', UPCA: 'UPC-A', EAN8: 'EAN-8' };

/** EAN table (`/goods/ean-table`): the tenant's code pool, import by paste or file, delete free codes. */
export function EanPage() {
  return <EanTable />;
}

function EanTable() {
  const [filters, setFilters] = useState<LibraryFilters>({ page: 1, pageSize: 20 });
  const [importing, setImporting] = useState(false);
  const list = useEanList(filters);
  // Kept open in a tab while products are saved elsewhere: fresh counts when shown again.
  useRefetchOnShow(list);
  const { remove } = useEanMutations();
  const { selected, setSelected, removeSelected } = useSelectionDelete(remove, '个EAN码');
  const data = list.data;
  // Changes need the library setting an admin may withhold per child account (issue 13 §5).
  const editable = useHas()('library.ean');

  return (
    <PageContainer
      title="EAN表"
      extra={
        <Space>
          {data && (
            <span data-testid="ean-counts" style={{ color: '#909399' }}>
              空闲 {data.free} / 已使用 {data.used}
            </span>
          )}
          {editable ? (
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入EAN
            </Button>
          ) : (
            <ReadOnlyNotice permission="library.ean" />
          )}
        </Space>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v: { keyword?: string; status?: 'free' | 'used' }) => {
          setSelected([]);
          setFilters({
            page: 1,
            pageSize: filters.pageSize,
            keyword: v.keyword?.trim() || undefined,
            status: v.status,
          });
        }}
        data-testid="ean-filter"
      >
        <Form.Item name="keyword">
          <Input placeholder="EAN码" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            placeholder="状态"
            allowClear
            style={{ width: 120 }}
            data-testid="ean-status"
            options={[
              { value: 'free', label: '空闲' },
              { value: 'used', label: '已使用' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton
            count={selected.length}
            what="个EAN码"
            onConfirm={removeSelected}
            loading={remove.isPending}
          />
        )}
        <span style={{ color: '#909399' }}>已使用的EAN码不能删除</span>
      </Space>
      <Table<EanCode>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.list ?? []}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.status === 'used' }),
              }
            : undefined
        }
        pagination={serverPagination(filters, data?.total ?? 0, setFilters)}
        columns={[
          { title: 'EAN码', dataIndex: 'code', render: (c: string) => <code>{c}</code> },
          { title: '类型', dataIndex: 'kind', width: 90, render: (k: EanCode['kind']) => KIND_LABELS[k] },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: EanCode['status']) => (s === 'free' ? <Tag color="success">空闲</Tag> : <Tag>已使用</Tag>),
          },
          {
            title: '使用商品',
            key: 'goods',
            render: (_, r) =>
              r.goods_id ? (
                <Link to={`/goods/admin/update/${r.goods_id}`}>
                  #{r.goods_id}
                  {r.sku ? ` ${r.sku}` : ''}
                </Link>
              ) : (
                '-'
              ),
          },
          { title: '使用时间', dataIndex: 'used_at', width: 170, render: formatSeconds },
          { title: '导入时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
        ]}
      />
      <EanImportDialog open={importing} onClose={() => setImporting(false)} />
    </PageContainer>
  );
}
