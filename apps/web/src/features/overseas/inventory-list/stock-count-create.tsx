import type { CountSkuOption, CountSkusBody } from '@console/shared/schemas/overseas-count';
import { Button, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCountMutations } from '../../../api/overseas-count';
import { useFeedback } from '../../../app/ui-bridge';

/**
 * 新建盘点 (the operator, in the 盘点 drawer): a tenant and a warehouse, then the SKUs to count:
 * searched by SKU, name or barcode (加入 one or all found), 加入该仓全部SKU (every SKU with a
 * balance there) or 加入有库存的SKU (units on hand there). Without a choice the count takes every
 * SKU the warehouse holds, as before.
 */
export function StockCountCreate({
  warehouseOptions,
  onCreated,
}: {
  warehouseOptions: { value: number; label: string }[];
  onCreated: (id: number) => void;
}) {
  const [tenant, setTenant] = useState<number | null>(null);
  const [warehouse, setWarehouse] = useState<number | null>(null);
  const [found, setFound] = useState<CountSkuOption[]>([]);
  const [chosen, setChosen] = useState<CountSkuOption[]>([]);
  const { create, pick } = useCountMutations();
  const { message } = useFeedback();
  const ready = tenant !== null && warehouse !== null;
  const reset = () => {
    setFound([]);
    setChosen([]);
  };
  const add = (rows: CountSkuOption[]) =>
    setChosen((now) => {
      const have = new Set(now.map((r) => r.stock_id));
      return [...now, ...rows.filter((r) => !have.has(r.stock_id))];
    });
  const fetchSkus = async (b: Pick<CountSkusBody, 'scope' | 'keyword'>) => {
    if (!ready) return null;
    const d = await pick.mutateAsync({ tenant_id: tenant, warehouse_id: warehouse, ...b });
    if (d.more) message.warning(`匹配的SKU较多,只显示前 ${d.list.length} 个`);
    return d.list;
  };
  const addScope = async (scope: 'warehouse' | 'stocked') => {
    const rows = await fetchSkus({ scope });
    if (!rows) return;
    if (rows.length === 0) message.info(scope === 'stocked' ? '该仓没有有库存的SKU' : '该仓没有SKU');
    add(rows);
  };
  const skuColumns = [
    { title: 'SKU', dataIndex: 'sku', width: 170 },
    { title: '名称', dataIndex: 'title' },
    { title: '条码', dataIndex: 'barcode', width: 130 },
    { title: '本仓在库', dataIndex: 'on_hand', width: 90 },
  ];
  return (
    <div data-testid="count-create" style={{ marginBottom: 12 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <span>新建盘点:</span>
        <InputNumber
          placeholder="客户ID"
          min={1}
          precision={0}
          style={{ width: 120 }}
          data-testid="count-create-tenant"
          onChange={(v) => {
            setTenant(v ?? null);
            reset();
          }}
        />
        <Select
          placeholder="仓库"
          style={{ width: 200 }}
          options={warehouseOptions}
          data-testid="count-create-warehouse"
          onChange={(v: number) => {
            setWarehouse(v);
            reset();
          }}
        />
        <Input.Search
          placeholder="搜索SKU/名称/条码"
          allowClear
          disabled={!ready}
          style={{ width: 220 }}
          data-testid="count-pick-search"
          loading={pick.isPending}
          onSearch={async (keyword) => {
            if (!keyword.trim()) return setFound([]);
            setFound((await fetchSkus({ scope: 'match', keyword })) ?? []);
          }}
        />
        <Button disabled={!ready} data-testid="count-pick-warehouse" onClick={() => addScope('warehouse')}>
          加入该仓全部SKU
        </Button>
        <Button disabled={!ready} data-testid="count-pick-stocked" onClick={() => addScope('stocked')}>
          加入有库存的SKU
        </Button>
      </Space>
      {found.length > 0 && (
        <Table<CountSkuOption>
          rowKey="stock_id"
          size="small"
          pagination={false}
          scroll={{ y: 200 }}
          dataSource={found}
          data-testid="count-pick-found"
          title={() => (
            <Space>
              <span>搜索结果 {found.length} 个</span>
              <Button size="small" onClick={() => add(found)} data-testid="count-pick-add-all">
                全部加入
              </Button>
            </Space>
          )}
          columns={[
            ...skuColumns,
            {
              title: '操作',
              width: 70,
              render: (_: unknown, r: CountSkuOption) =>
                chosen.some((c) => c.stock_id === r.stock_id) ? (
                  <Typography.Text type="secondary">已加入</Typography.Text>
                ) : (
                  <Button type="link" size="small" onClick={() => add([r])}>
                    加入
                  </Button>
                ),
            },
          ]}
        />
      )}
      {chosen.length > 0 && (
        <Table<CountSkuOption>
          rowKey="stock_id"
          size="small"
          pagination={false}
          scroll={{ y: 240 }}
          dataSource={chosen}
          data-testid="count-pick-chosen"
          title={() => (
            <Space>
              <span>已选 {chosen.length} 个SKU</span>
              <Button size="small" onClick={() => setChosen([])}>
                清空
              </Button>
            </Space>
          )}
          columns={[
            ...skuColumns,
            {
              title: '操作',
              width: 70,
              render: (_: unknown, r: CountSkuOption) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setChosen((now) => now.filter((c) => c.stock_id !== r.stock_id))}
                >
                  移除
                </Button>
              ),
            },
          ]}
        />
      )}
      <Button
        type="primary"
        style={{ marginTop: 8 }}
        disabled={!ready}
        loading={create.isPending}
        data-testid="count-create-ok"
        onClick={async () => {
          if (!ready) return;
          const d = await create.mutateAsync({
            tenant_id: tenant,
            warehouse_id: warehouse,
            ...(chosen.length ? { stock_ids: chosen.map((c) => c.stock_id) } : {}),
            note: '',
          });
          message.success(`盘点单 ${d.number} 已创建(${d.lines} 个SKU)`);
          reset();
          onCreated(d.id);
        }}
      >
        {chosen.length ? `创建盘点单(已选 ${chosen.length} 个SKU)` : '创建盘点单(该仓全部SKU)'}
      </Button>
    </div>
  );
}
