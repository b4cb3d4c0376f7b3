import type { CorrectionEntry, MemoryEntry } from '@console/shared/schemas/translate';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Form, Input, Segmented, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { type MemoryFilters, useCorrectionList, useEntryDelete, useMemoryList } from '../../../../api/translate';
import { DeleteSelectedButton, serverPagination } from '../../../../components/list-parts';
import { formatSeconds } from '../../../../lib/format';
import { useSelectionDelete } from '../../lib/use-selection-delete';
import { FROM_OPTIONS, langName, PROVIDER_LABELS, TO_OPTIONS } from '../translation-admin';

type Kind = 'memory' | 'corrections';

/** 翻译记忆: provider answers kept per text and language pair, and the users' corrections. */
export function MemoryTab() {
  const [kind, setKind] = useState<Kind>('memory');
  const [filters, setFilters] = useState<MemoryFilters>({ page: 1, pageSize: 20 });
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented<Kind>
          value={kind}
          onChange={(k) => {
            setKind(k);
            setFilters({ ...filters, page: 1 });
          }}
          options={[
            { value: 'memory', label: '机器译文' },
            { value: 'corrections', label: '人工修正' },
          ]}
          data-testid="memory-kind"
        />
        <Form
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(v: { keyword?: string; from?: string; to?: string }) =>
            setFilters({
              page: 1,
              pageSize: filters.pageSize,
              ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
              ...(v.from ? { from: v.from } : {}),
              ...(v.to ? { to: v.to } : {}),
            })
          }
          data-testid="memory-filter"
        >
          <Form.Item name="keyword">
            <Input placeholder="原文或译文" allowClear style={{ width: 200 }} data-testid="memory-keyword" />
          </Form.Item>
          <Form.Item name="from">
            <Select placeholder="源语言" allowClear style={{ width: 120 }} options={FROM_OPTIONS} />
          </Form.Item>
          <Form.Item name="to">
            <Select placeholder="目标语言" allowClear style={{ width: 120 }} options={TO_OPTIONS} />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="memory-search">
            查询
          </Button>
        </Form>
      </Space>
      <div style={{ color: '#909399', marginBottom: 8 }}>
        {kind === 'memory'
          ? '同一原文和语言对只请求翻译服务一次,之后直接使用这里的译文;删除后下次翻译会重新请求。原文中的 ⟦n⟧ 是受保护的术语、标签或占位符。'
          : '用户修改过的机器译文:相同原文和语言对以后都使用修正后的译文;删除后恢复使用机器翻译。'}
      </div>
      {kind === 'memory' ? (
        <MemoryTable filters={filters} onPage={setFilters} />
      ) : (
        <CorrectionTable filters={filters} onPage={setFilters} />
      )}
    </>
  );
}

const pair = (from: string, to: string) => `${langName(from)} → ${langName(to)}`;
const textCell = (t: string) => <div className="translation-admin-text">{t}</div>;

interface TableProps {
  filters: MemoryFilters;
  onPage: (f: MemoryFilters) => void;
}

/** A paged list of entries with selection and delete; memory and corrections differ in columns. */
function EntryTable<T extends { id: number }>({
  filters,
  onPage,
  list,
  kind,
  noun,
  columns,
}: TableProps & {
  list: UseQueryResult<{ list: T[]; total: number }>;
  kind: Kind;
  noun: string;
  columns: TableColumnsType<T>;
}) {
  const remove = useEntryDelete(kind);
  const { selected, setSelected, removeSelected, removing } = useSelectionDelete(remove, noun);
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        <DeleteSelectedButton count={selected.length} what="条记录" onConfirm={removeSelected} loading={removing} />
      </div>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid={kind === 'memory' ? 'memory-table' : 'correction-table'}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={serverPagination(filters, list.data?.total ?? 0, onPage)}
        columns={columns}
      />
    </>
  );
}

const MEMORY_COLUMNS: TableColumnsType<MemoryEntry> = [
  { title: '原文', dataIndex: 'source_text', render: textCell },
  { title: '译文', dataIndex: 'translated_text', render: textCell },
  { title: '语言', width: 160, render: (_, e) => pair(e.source_lang, e.target_lang) },
  {
    title: '翻译服务',
    dataIndex: 'provider',
    width: 120,
    render: (p: string, e) => (
      <span>
        {PROVIDER_LABELS[p] ?? p}
        {e.format === 'html' && <Tag style={{ marginLeft: 4 }}>HTML</Tag>}
      </span>
    ),
  },
  { title: '时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
];

const CORRECTION_COLUMNS: TableColumnsType<CorrectionEntry> = [
  { title: '原文', dataIndex: 'source_text', render: textCell },
  { title: '修正后的译文', dataIndex: 'text', render: textCell },
  { title: '语言', width: 160, render: (_, e) => pair(e.source_lang, e.target_lang) },
  { title: '修正人', dataIndex: 'account', width: 120, render: (a: string) => a || '-' },
  { title: '时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
];

function MemoryTable(props: TableProps) {
  const list = useMemoryList(props.filters);
  return <EntryTable {...props} list={list} kind="memory" noun="条翻译记忆" columns={MEMORY_COLUMNS} />;
}

function CorrectionTable(props: TableProps) {
  const list = useCorrectionList(props.filters);
  return <EntryTable {...props} list={list} kind="corrections" noun="条人工修正" columns={CORRECTION_COLUMNS} />;
}
