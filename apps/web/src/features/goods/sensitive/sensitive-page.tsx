import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { LibraryFilters } from '../../../api/goods-library';
import { type SensitiveWord, useSensitiveList, useSensitiveMutations } from '../../../api/goods-library-pool';
import { DeleteSelectedButton, serverPagination } from '../../../components/list-parts';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../lib/use-selection-delete';
import { SensitiveAddDialog, WORD_LANG_OPTIONS, wordLangLabel } from './components/sensitive-add-dialog';
import { SensitiveCheckCard } from './components/sensitive-check-card';

/** Sensitive words (`/goods/admin/infringement/list`): per-language words, bulk add, delete, and a text check. */
export function SensitivePage() {
  return <SensitiveList />;
}

function SensitiveList() {
  const [filters, setFilters] = useState<LibraryFilters>({ page: 1, pageSize: 20 });
  const [adding, setAdding] = useState(false);
  const list = useSensitiveList(filters);
  const { remove } = useSensitiveMutations();
  const { selected, setSelected, removeSelected } = useSelectionDelete(remove, '个敏感词');
  // Changes need the library setting an admin may withhold per child account (issue 13 §5).
  const editable = useHas()('library.sensitive');

  return (
    <PageContainer
      title="敏感词"
      extra={
        editable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            批量添加
          </Button>
        ) : (
          <ReadOnlyNotice permission="library.sensitive" />
        )
      }
    >
      <SensitiveCheckCard />
      <Form
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v: { keyword?: string; lang?: string }) => {
          setSelected([]);
          setFilters({ page: 1, pageSize: filters.pageSize, keyword: v.keyword?.trim() || undefined, lang: v.lang });
        }}
        data-testid="sensitive-filter"
      >
        <Form.Item name="lang">
          <Select placeholder="语言" allowClear style={{ width: 140 }} options={WORD_LANG_OPTIONS} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="敏感词" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton
            count={selected.length}
            what="个敏感词"
            onConfirm={removeSelected}
            loading={remove.isPending}
          />
        )}
      </Space>
      <Table<SensitiveWord>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          { title: '敏感词', dataIndex: 'word' },
          {
            title: '语言',
            dataIndex: 'lang',
            width: 140,
            render: (l: string) => <Tag color={l === 'all' ? 'blue' : undefined}>{wordLangLabel(l)}</Tag>,
          },
          { title: '添加时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
        ]}
      />
      <SensitiveAddDialog open={adding} onClose={() => setAdding(false)} />
    </PageContainer>
  );
}
