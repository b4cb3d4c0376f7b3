import { EXPRESS_STATUS_LABELS } from '@console/shared/schemas/order';
import {
  DISTRIBUTION_STATE_LABELS,
  DISTRIBUTION_STATES,
  type DistributionListBody,
  type DistributionOrder,
} from '@console/shared/schemas/order-stock';
import { Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOrderMutations } from '../../../api/order';
import { useDistributionList, useOrderOpsMutations } from '../../../api/order-stock';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { ReceiveError, useReceiveFailures } from './receive-error';

type Item = DistributionOrder['items'][number];

interface Parcel {
  weight_g: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

const parcelText = (p: DistributionOrder['parcel']) =>
  p ? `${p.weight_g} g,${p.length_cm}×${p.width_cm}×${p.height_cm} cm` : '-';

/** One order being distributed: its items checked against the parcel, then weighed, measured and marked. */
function OrderCard({ order, code, onChanged }: { order: DistributionOrder; code: string; onChanged: () => void }) {
  const has = useHas();
  const { express } = useOrderMutations();
  const { distribute, undo, unfill } = useOrderOpsMutations();
  const [form] = Form.useForm<Parcel>();
  // The last failure of 确认收货 per item in this screen; the server keeps it too (`receive_error`),
  // so it stays on the row across reloads until a step of the item succeeds or 知道了.
  const failures = useReceiveFailures(onChanged);
  const receiving = (id: number) => express.isPending && express.variables?.item_id === id;
  const missing = order.items.filter((i) => i.express_status !== '3').length;
  const done = order.distributed_at !== null;
  // Amazon ships its own (FBA) orders: nothing to check in or pack (docs/orders.md).
  const amazon = order.fulfillment_channel === '0';
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="distribution-order"
      title={
        <Space>
          <span>{`订单 ${order.amazon_order_id}`}</span>
          <Typography.Text type="secondary">{`${order.shop_name} / ${order.marketplace}`}</Typography.Text>
          {amazon ? <Tag>亚马逊配送,无需配货</Tag> : done ? <Tag color="green">已配货(待发货)</Tag> : <Tag>待配货</Tag>}
        </Space>
      }
    >
      <Table<Item>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.items}
        rowClassName={(i) => (code && i.tracking_no === code ? 'ant-table-row-selected' : '')}
        columns={[
          {
            title: '商品',
            render: (_, i) => (
              <div>
                <div>{i.title ?? '-'}</div>
                <Typography.Text type="secondary">{`${i.asin} / ${i.seller_sku ?? '-'} x ${i.quantity}`}</Typography.Text>
              </div>
            ),
          },
          { title: '国内快递单号', width: 160, render: (_, i) => (i.from_stock ? '库存出库' : i.tracking_no || '-') },
          {
            title: '快递状态',
            width: 90,
            render: (_, i) => (
              <span data-testid="distribution-item-express">{EXPRESS_STATUS_LABELS[i.express_status]}</span>
            ),
          },
          {
            title: '核对',
            width: 190,
            render: (_, i) =>
              i.express_status === '2' && has('order.receive') && !done ? (
                <Space direction="vertical" size={2}>
                  <Popconfirm
                    title="确认收货?"
                    description={`确认 ${i.seller_sku ?? i.asin} x ${i.quantity} 已到仓:商品记为已收货,订单商品全部到齐后可以配货。`}
                    okText="确认"
                    cancelText="取消"
                    disabled={receiving(i.id)}
                    onConfirm={() => {
                      failures.clear(i.id);
                      express.mutate(
                        { item_id: i.id, version: i.version, to: '3' },
                        {
                          onSuccess: onChanged,
                          onError: (e) => {
                            failures.failed(i.id, e instanceof Error ? e.message : '确认收货失败');
                            onChanged();
                          },
                        },
                      );
                    }}
                  >
                    <Button size="small" type="primary" loading={receiving(i.id)} disabled={receiving(i.id)}>
                      {receiving(i.id) ? '收货中' : '确认收货'}
                    </Button>
                  </Popconfirm>
                  <ReceiveError item={i} failures={failures} canDismiss testId={`receive-error-${i.id}`} />
                </Space>
              ) : i.express_status === '3' ? (
                <Space size={4}>
                  <Tag color="green">已到货</Tag>
                  {i.from_stock && !done && order.status !== 'Shipped' && has('order.stock') && (
                    <Button
                      size="small"
                      danger
                      loading={unfill.isPending}
                      onClick={() => unfill.mutate({ item_id: i.id, version: i.version }, { onSuccess: onChanged })}
                    >
                      撤销出库
                    </Button>
                  )}
                </Space>
              ) : (
                <Tag color="orange">未到货</Tag>
              ),
          },
        ]}
      />
      {amazon ? null : done ? (
        <Space style={{ marginTop: 12 }}>
          <span data-testid="distribution-parcel">{`包裹:${parcelText(order.parcel)}`}</span>
          <Typography.Text type="secondary">{`配货时间 ${formatSeconds(order.distributed_at)}`}</Typography.Text>
          {order.status === 'Unshipped' && (
            <Button
              size="small"
              danger
              loading={undo.isPending}
              onClick={() => undo.mutate({ id: order.id, version: order.version }, { onSuccess: onChanged })}
            >
              撤销配货
            </Button>
          )}
        </Space>
      ) : (
        <Form<Parcel>
          form={form}
          layout="inline"
          style={{ marginTop: 12, rowGap: 8 }}
          initialValues={order.parcel ?? undefined}
          onFinish={(v) => distribute.mutate({ id: order.id, version: order.version, ...v }, { onSuccess: onChanged })}
          data-testid="distribution-form"
        >
          <Form.Item label="重量(g)" name="weight_g" rules={[{ required: true, message: '请填写重量' }]}>
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item label="长(cm)" name="length_cm" rules={[{ required: true, message: '请填写长' }]}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Form.Item label="宽(cm)" name="width_cm" rules={[{ required: true, message: '请填写宽' }]}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Form.Item label="高(cm)" name="height_cm" rules={[{ required: true, message: '请填写高' }]}>
            <InputNumber min={1} max={500} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={missing > 0} loading={distribute.isPending}>
            完成配货
          </Button>
          {missing > 0 && (
            <Typography.Text type="warning" style={{ marginLeft: 8 }}>
              {`还有 ${missing} 件商品未到齐`}
            </Typography.Text>
          )}
        </Form>
      )}
    </Card>
  );
}

/**
 * 配货 (`/order/distribution`): scan a domestic tracking number (or type an order id) or pick
 * an order from the lists, check its items, weigh and measure the parcel and mark it ready to
 * ship. A multi-item order waits until every item is in.
 */
export function DistributionPage() {
  const { scan } = useOrderOpsMutations();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<DistributionOrder[] | null>(null);
  const [filters, setFilters] = useState<DistributionListBody>({ state: 'pending', page: 1, pageSize: 20 });
  const list = useDistributionList(filters);
  const find = (value: string) => {
    const c = value.trim();
    if (!c) return;
    setCode(c);
    scan.mutate(c, { onSuccess: (d) => setFound(d.list), onError: () => setFound(null) });
  };
  const refresh = () => find(code);
  return (
    <PageContainer title="配货">
      <Input.Search
        placeholder="扫描或输入国内快递单号 / 订单号"
        enterButton="查找"
        size="large"
        allowClear
        loading={scan.isPending}
        onSearch={find}
        style={{ maxWidth: 520, marginBottom: 16 }}
        data-testid="distribution-scan"
      />
      {found === null ? null : found.length === 0 ? (
        <Empty description="没有找到订单" />
      ) : (
        found.map((o) => <OrderCard key={o.id} order={o} code={code} onChanged={refresh} />)
      )}
      <Tabs
        activeKey={filters.state}
        onChange={(k) => setFilters({ ...filters, state: k as DistributionListBody['state'], page: 1 })}
        items={DISTRIBUTION_STATES.map((s) => ({ key: s, label: DISTRIBUTION_STATE_LABELS[s] }))}
        data-testid="distribution-tabs"
      />
      <Table<DistributionOrder>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="distribution-list"
        pagination={{
          current: filters.page ?? 1,
          pageSize: filters.pageSize ?? 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '订单号', dataIndex: 'amazon_order_id', width: 200 },
          { title: '店铺/站点', width: 160, render: (_, r) => `${r.shop_name} / ${r.marketplace}` },
          {
            title: '到货',
            width: 100,
            render: (_, r) => `${r.items.filter((i) => i.express_status === '3').length} / ${r.items.length}`,
          },
          { title: '包裹', width: 200, render: (_, r) => parcelText(r.parcel) },
          { title: '配货时间', width: 170, render: (_, r) => formatSeconds(r.distributed_at) },
          {
            title: '操作',
            width: 90,
            render: (_, r) => (
              <Button size="small" onClick={() => find(r.amazon_order_id)}>
                配货
              </Button>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
