import { carrierLabel } from '@console/shared/constants/carriers';
import { formatMoney, minor } from '@console/shared/money';
import {
  type OverseasWarehouse,
  WAREHOUSE_FEES,
  warehouseCountryName,
} from '@console/shared/schemas/overseas-warehouse';
import { Button, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useWarehouseList, useWarehouseMutations } from '../../../api/overseas-warehouse';
import { PageContainer } from '../../../layout/page/page-container';
import { WarehouseForm } from './warehouse-form';

const address = (a: OverseasWarehouse['address']) =>
  [a.line1, a.line2, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || '-';

/** 仓库设置 (`/overseas/warehouse`, the operator's; docs/decisions.md "海外仓 仓库设置"): the warehouses and their fees. */
export function WarehousePage() {
  const list = useWarehouseList();
  const { toggle } = useWarehouseMutations();
  const [editing, setEditing] = useState<OverseasWarehouse | 'new' | null>(null);
  return (
    <PageContainer title="仓库设置">
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')} data-testid="warehouse-add">
        新增仓库
      </Button>
      <Table<OverseasWarehouse>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        data-testid="warehouse-list"
        columns={[
          { title: '仓库代码', dataIndex: 'code', width: 110 },
          { title: '仓库名称', dataIndex: 'name', width: 160 },
          { title: '国家', dataIndex: 'country', width: 90, render: (c: string) => warehouseCountryName(c) },
          { title: '地址', dataIndex: 'address', render: address },
          {
            title: '承运商',
            dataIndex: 'carriers',
            width: 200,
            render: (cs: string[]) => cs.map((c) => <Tag key={c}>{carrierLabel(c)}</Tag>),
          },
          {
            title: '费用',
            width: 230,
            render: (_: unknown, w: OverseasWarehouse) =>
              WAREHOUSE_FEES.map(([key, label]) => (
                <div key={key}>{`${label}: ${formatMoney(minor(w[key]), 'CNY')}`}</div>
              )),
          },
          {
            title: '启用',
            dataIndex: 'active',
            width: 80,
            render: (active: boolean, w: OverseasWarehouse) => (
              <Switch
                checked={active}
                loading={toggle.isPending && toggle.variables?.id === w.id}
                onChange={(on) => toggle.mutate({ id: w.id, version: w.version, active: on })}
              />
            ),
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, w: OverseasWarehouse) => (
              <Button size="small" onClick={() => setEditing(w)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <WarehouseForm target={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
