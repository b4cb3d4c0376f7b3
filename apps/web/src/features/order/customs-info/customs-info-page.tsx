import { PlusOutlined } from '@ant-design/icons';
import type { CustomsUnitRow } from '@console/shared/schemas/customs';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { type CustomsFilters, useCustomsUnitList, useCustomsUnitMutations } from '../../../api/customs';
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
import { CustomsUnitDialog } from './components/customs-unit-dialog';
import { IossCard } from './components/ioss-card';

/**
 * 产销单位备案 (`/order/order_customs_info`, issue 18 §3): the production and sales units used
 * on export declarations, per tenant; the operator's admins also set the platform IOSS number here.
 */
export function CustomsInfoPage() {
  const has = useHas();
  const [filters, setFilters] = useState<CustomsFilters>({ page: 1, pageSize: 20 });
  const list = useCustomsUnitList(filters);
  const { remove } = useCustomsUnitMutations();
  const { selected, setSelected, removeIds } = useSelectionDelete(remove, '条备案');
  const editable = has('customs.manage');
  const [dialog, setDialog] = useState<{ row: CustomsUnitRow | null } | null>(null);

  return (
    <PageContainer
      title="产销单位备案"
      extra={
        editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ row: null })}>
            添加产销单位
          </Button>
        )
      }
    >
      {has('customs.ioss') && <IossCard />}
      <KeywordSearchForm filters={filters} setFilters={setFilters} hint="单位名称 / 信用代码 / 联系人" width={260} />
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton count={selected.length} what="条备案" onConfirm={() => removeIds(selected)} />
        )}
      </Space>
      <Table<CustomsUnitRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={
          editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          {
            title: '单位名称',
            dataIndex: 'name',
            render: (name: string, r) => (
              <>
                {name} {r.is_default && <Tag color="green">默认</Tag>}
              </>
            ),
          },
          { title: '统一社会信用代码', dataIndex: 'credit_code', width: 200 },
          { title: '地址', dataIndex: 'address' },
          { title: '联系人', dataIndex: 'contact_name', width: 100 },
          { title: '联系电话', dataIndex: 'contact_phone', width: 140 },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, r) =>
              editable && (
                <RowEditDelete name={r.name} onEdit={() => setDialog({ row: r })} onDelete={() => removeIds([r.id])} />
              ),
          },
        ]}
      />
      <CustomsUnitDialog row={dialog?.row ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
    </PageContainer>
  );
}
