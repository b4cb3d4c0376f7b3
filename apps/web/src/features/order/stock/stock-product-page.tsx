import { type StockListBody, type StockProduct, stockSaveBody } from '@console/shared/schemas/order-stock';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useOrderOpsMutations, useStockList } from '../../../api/order-stock';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { zodRule } from '../../../lib/zod-rule';

interface EditValues {
  sku: string;
  title: string;
  /** The product of the library it is (商品ID), if any. */
  goods_id: number | null;
  remark: string;
}

/** New or changed stock-up product (the balance moves only by 入库 / 出库). */
function EditDialog({ target, onClose }: { target: StockProduct | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const { saveStock } = useOrderOpsMutations();
  const shape = stockSaveBody.shape;
  const current = target === 'new' ? null : target;
  return (
    <Modal
      title={current ? '编辑备货商品' : '新增备货商品'}
      open={target !== null}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={saveStock.isPending}
      okText="保存"
      onOk={() =>
        form.validateFields().then(async (v) => {
          await saveStock.mutateAsync(current ? { ...v, id: current.id, version: current.version } : v);
          onClose();
        })
      }
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={current ?? { sku: '', title: '', goods_id: null, remark: '' }}
        data-testid="stock-form"
      >
        <Form.Item label="SKU" name="sku" rules={[zodRule(shape.sku)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="名称" name="title">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="关联商品ID" name="goods_id" extra="商品库中的商品ID,可不填">
          <InputNumber min={1} precision={0} style={{ width: 200 }} data-testid="stock-goods-id" />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 入库 / 出库 of a product: a quantity and a note. */
function MoveDialog({
  target,
  onClose,
}: {
  target: { product: StockProduct; kind: 'in' | 'out' } | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ quantity: number; note: string }>();
  const { move } = useOrderOpsMutations();
  const label = target?.kind === 'out' ? '出库' : '入库';
  return (
    <Modal
      title={target ? `${label}:${target.product.sku}` : label}
      open={target !== null}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={move.isPending}
      okText={`确认${label}`}
      onOk={() =>
        form.validateFields().then(async (v) => {
          if (!target) return;
          await move.mutateAsync({
            kind: target.kind,
            stock_id: target.product.id,
            quantity: v.quantity,
            note: v.note ?? '',
          });
          onClose();
        })
      }
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="stock-move-form">
        <Typography.Paragraph type="secondary">{`当前库存 ${target?.product.quantity ?? 0} 件`}</Typography.Paragraph>
        <Form.Item label="数量" name="quantity" rules={[{ required: true, message: '请填写数量' }]}>
          <InputNumber min={1} max={100000} precision={0} />
        </Form.Item>
        <Form.Item label="备注" name="note">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 备货商品 (`/order/stock/product`): stock-up products held in the warehouse with their balance. */
export function StockProductPage() {
  const has = useHas();
  const canChange = has('order.stock');
  const [filters, setFilters] = useState<StockListBody>({ page: 1, pageSize: 20 });
  const list = useStockList(filters);
  const { deleteStock } = useOrderOpsMutations();
  const [editing, setEditing] = useState<StockProduct | 'new' | null>(null);
  const [moving, setMoving] = useState<{ product: StockProduct; kind: 'in' | 'out' } | null>(null);
  return (
    <PageContainer title="备货商品">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="SKU / 名称"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
        />
        {canChange && (
          <Button type="primary" onClick={() => setEditing('new')}>
            新增备货商品
          </Button>
        )}
      </Space>
      <Table<StockProduct>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="stock-list"
        pagination={{
          current: filters.page ?? 1,
          pageSize: filters.pageSize ?? 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: 'SKU', dataIndex: 'sku', width: 180 },
          { title: '名称', dataIndex: 'title' },
          { title: '关联商品ID', dataIndex: 'goods_id', width: 110, render: (v: number | null) => v ?? '-' },
          { title: '库存', dataIndex: 'quantity', width: 90 },
          { title: '备注', dataIndex: 'remark', width: 200 },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          ...(canChange
            ? [
                {
                  title: '操作',
                  width: 240,
                  render: (_: unknown, r: StockProduct) => (
                    <Space>
                      <Button size="small" type="primary" onClick={() => setMoving({ product: r, kind: 'in' })}>
                        入库
                      </Button>
                      <Button size="small" onClick={() => setMoving({ product: r, kind: 'out' })}>
                        出库
                      </Button>
                      <Button size="small" onClick={() => setEditing(r)}>
                        编辑
                      </Button>
                      <Popconfirm title="确定删除该备货商品吗?" onConfirm={() => deleteStock.mutate(r.id)}>
                        <Button size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <EditDialog target={editing} onClose={() => setEditing(null)} />
      <MoveDialog target={moving} onClose={() => setMoving(null)} />
    </PageContainer>
  );
}
