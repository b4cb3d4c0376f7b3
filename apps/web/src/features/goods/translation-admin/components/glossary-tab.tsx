import { PlusOutlined } from '@ant-design/icons';
import type { GlossaryEntry } from '@console/shared/schemas/translate';
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useGlossary, useGlossaryMutations } from '../../../../api/translate';
import { DeleteSelectedButton } from '../../../../components/list-parts';
import { formatSeconds } from '../../../../lib/format';
import { useSelectionDelete } from '../../lib/use-selection-delete';
import { glossaryKind, langName } from '../translation-admin';
import { GlossaryDialog } from './glossary-dialog';

/** 术语表: do-not-translate terms and forced translations, applied to every provider. */
export function GlossaryTab() {
  const list = useGlossary();
  const { remove } = useGlossaryMutations();
  const { selected, setSelected, removeIds, removeSelected } = useSelectionDelete(remove, '个术语');
  const [editing, setEditing] = useState<GlossaryEntry | null>(null);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const all = list.data ?? [];
    return k ? all.filter((e) => e.term.toLowerCase().includes(k) || e.translation.toLowerCase().includes(k)) : all;
  }, [list.data, keyword]);
  const edit = (e: GlossaryEntry | null) => {
    setEditing(e);
    setOpen(true);
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="glossary-add">
          添加术语
        </Button>
        <DeleteSelectedButton
          count={selected.length}
          what="个术语"
          onConfirm={removeSelected}
          loading={remove.isPending}
        />
        <Input.Search
          placeholder="搜索术语或译法"
          allowClear
          style={{ width: 240 }}
          onSearch={setKeyword}
          onChange={(e) => !e.target.value && setKeyword('')}
        />
      </Space>
      <div style={{ color: '#909399', marginBottom: 8 }}>
        不翻译的术语(品牌名、型号)在译文中保持原样;指定译法的术语在对应语言中一律译为指定文字。修改后无需清空翻译记忆即生效。
      </div>
      <Table<GlossaryEntry>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        data-testid="glossary-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ pageSize: 50, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        columns={[
          { title: '术语', dataIndex: 'term' },
          { title: '适用语言', dataIndex: 'lang', width: 120, render: (l: string) => langName(l) },
          {
            title: '处理方式',
            dataIndex: 'translation',
            render: (t: string) =>
              t ? (
                <span>
                  <Tag color="blue">{glossaryKind(t)}</Tag>
                  {t}
                </span>
              ) : (
                <Tag>{glossaryKind(t)}</Tag>
              ),
          },
          { title: '修改时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            width: 140,
            render: (_, e) => (
              <Space>
                <Button type="link" size="small" onClick={() => edit(e)} data-testid={`glossary-edit-${e.id}`}>
                  编辑
                </Button>
                <Popconfirm
                  title="提示"
                  description={`确定要删除术语「${e.term}」吗?`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => removeIds([e.id])}
                >
                  <Button type="link" size="small" danger data-testid={`glossary-delete-${e.id}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GlossaryDialog entry={editing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
