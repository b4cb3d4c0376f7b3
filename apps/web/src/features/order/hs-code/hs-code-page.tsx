import { PlusOutlined } from '@ant-design/icons';
import { VALUE_RULES } from '@console/shared/customs/hs-code';
import type { HsCodeRow } from '@console/shared/schemas/customs';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { type CustomsFilters, useHsCodeList, useHsCodeMutations } from '../../../api/customs';
import {
  DeleteSelectedButton,
  KeywordSearchForm,
  RowEditDelete,
  serverPagination,
} from '../../../components/list-parts';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../../goods/lib/use-selection-delete';
import { HsCodeDialog } from './components/hs-code-dialog';

/** 10 digits as 4.2.2.2 for reading ("6109.10.00.00"); shorter codes likewise. */
export function formatHsCode(code: string): string {
  return [code.slice(0, 4), ...(code.slice(4).match(/\d{2}/g) ?? [])].join('.');
}

/** What a row's declared-value rule means, in words. */
function ruleText(r: HsCodeRow): string {
  if (r.value_rule === 'ratio') return `${VALUE_RULES.ratio} ${r.value_ratio}%`;
  if (r.value_rule === 'fixed') return `${VALUE_RULES.fixed} ${r.value_fixed} ${r.value_currency}/${r.unit}`;
  return VALUE_RULES.order;
}

/** 海关编码 (`/order/hs-code`, issue 18 §3): HS codes with declared names, unit, value rule and links. */
export function HsCodePage() {
  const [filters, setFilters] = useState<CustomsFilters>({ page: 1, pageSize: 20 });
  const list = useHsCodeList(filters);
  const { remove } = useHsCodeMutations();
  const { selected, setSelected, removeIds } = useSelectionDelete(remove, '个海关编码');
  const editable = useHas()('customs.manage');
  const [dialog, setDialog] = useState<{ row: HsCodeRow | null } | null>(null);

  return (
    <PageContainer
      title="海关编码"
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ row: null })}>
            添加海关编码
          </Button>
        )
      }
    >
      <KeywordSearchForm filters={filters} setFilters={setFilters} hint="HS编码 / 申报品名" />
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton count={selected.length} what="个海关编码" onConfirm={() => removeIds(selected)} />
        )}
      </Space>
      <Table<HsCodeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={
          editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          { title: 'HS编码', dataIndex: 'hs_code', width: 140, render: formatHsCode },
          { title: '中文申报品名', dataIndex: 'name_cn', width: 180 },
          { title: '英文申报品名', dataIndex: 'name_en', width: 200 },
          { title: '单位', dataIndex: 'unit', width: 70 },
          { title: '申报价值规则', key: 'rule', width: 200, render: (_, r) => ruleText(r) },
          {
            title: '关联分类 / 商品',
            key: 'links',
            render: (_, r) => (
              <>
                {r.categories.map((c) => (
                  <Tag key={`c${c.id}`} color="blue">
                    {c.name}
                  </Tag>
                ))}
                {r.goods.map((g) => (
                  <Tag key={`g${g.id}`} title={g.name}>
                    商品 {g.id}
                  </Tag>
                ))}
              </>
            ),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, r) =>
              editable && (
                <RowEditDelete
                  name={formatHsCode(r.hs_code)}
                  onEdit={() => setDialog({ row: r })}
                  onDelete={() => removeIds([r.id])}
                />
              ),
          },
        ]}
      />
      <HsCodeDialog row={dialog?.row ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
    </PageContainer>
  );
}
