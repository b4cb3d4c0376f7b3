import { PlusOutlined } from '@ant-design/icons';
import { LISTING_LIMITS } from '@console/shared/constants/goods';
import type { SearchTermsEntry } from '@console/shared/schemas/goods-library';
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type LibraryFilters, useSearchTermsList, useSearchTermsMutations } from '../../../api/goods-library';
import { DeleteSelectedButton, RowEditDelete, serverPagination } from '../../../components/list-parts';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../lib/use-selection-delete';
import { countryLabel, SEARCH_TERM_FILTER_OPTIONS } from '../search-terms-editor/search-terms-countries';

/** Search-terms library (`/goods/search-terms`): entries per country with a country filter, edit and delete. */
export function SearchTermsPage() {
  return <SearchTermsList />;
}

function SearchTermsList() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<LibraryFilters>({ page: 1, pageSize: 20 });
  const list = useSearchTermsList(filters);
  const { remove } = useSearchTermsMutations();
  const { selected, setSelected, removeIds } = useSelectionDelete(remove, '条');
  // Changes need the library setting an admin may withhold per child account (issue 13 §5).
  const editable = useHas()('library.searchTerms');

  return (
    <PageContainer
      title="搜索词库"
      extra={
        editable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/goods/addSearchTerms')}>
            添加搜索词
          </Button>
        ) : (
          <ReadOnlyNotice permission="library.searchTerms" />
        )
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v: { keyword?: string; country?: string }) =>
          setFilters({
            page: 1,
            pageSize: filters.pageSize,
            keyword: v.keyword?.trim() || undefined,
            country: v.country,
          })
        }
        data-testid="search-terms-filter"
      >
        <Form.Item name="country">
          <Select placeholder="国家" allowClear style={{ width: 140 }} options={SEARCH_TERM_FILTER_OPTIONS} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="名称 / 搜索词" allowClear style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton count={selected.length} what="条搜索词" onConfirm={() => removeIds(selected)} />
        )}
      </Space>
      <Table<SearchTermsEntry>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={
          editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: '国家', dataIndex: 'country', width: 100, render: (c: string) => <Tag>{countryLabel(c)}</Tag> },
          { title: '名称', dataIndex: 'name', width: 180 },
          {
            title: '搜索词',
            dataIndex: 'terms',
            render: (t: string) => (
              <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                {t}
              </Typography.Text>
            ),
          },
          {
            title: '字节',
            dataIndex: 'bytes',
            width: 100,
            render: (b: number) => `${b} / ${LISTING_LIMITS.searchTermsBytes}`,
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, r) =>
              editable && (
                <RowEditDelete
                  name={r.name}
                  onEdit={() => navigate(`/goods/editSearchTerms/${r.id}`)}
                  onDelete={() => removeIds([r.id])}
                />
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
