import { countryName } from '@console/shared/constants/marketplaces';
import { formatMoney, minor } from '@console/shared/money';
import {
  EXPRESS_STATUS_LABELS,
  type ExpressStatus,
  FREIGHT_SOURCE_LABELS,
  FULFILLMENT_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  type OrderDetailData,
  orderStatusLabel,
} from '@console/shared/schemas/order';
import { safeHref } from '@console/shared/validation/url';
import { Button, Descriptions, Drawer, Input, Popconfirm, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOrderDetail, useOrderMutations } from '../../../../api/order';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';
import { ReceiveError, type ReceiveFailures, useReceiveFailures } from '../../distribution/receive-error';
import { Ali1688Buttons } from './ali1688-buttons';
import { OrderThumb } from './order-thumb';
import { PurchaseDialog, type PurchaseTarget } from './purchase-dialog';
import { type FillTarget, StockFillDialog } from './stock-fill-dialog';

type Item = OrderDetailData['items'][number];

const money = (v: number | null, currency: string | null) =>
  v === null || !currency ? '-' : formatMoney(minor(v), currency);
const cny = (v: number) => formatMoney(minor(v), 'CNY');

/**
 * The express steps an item offers to the caller (spec section 4, docs/decisions.md "Issue 17 §2"):
 * the next step forward, and the undo of the last one (取消采购 1 -> 0, 撤回快递单号 2 -> 1, 撤销收货
 * 3 -> 2; a fill from stock is undone in 配货). Amazon-fulfilled (FBA) orders need no purchase.
 */
function ItemActions({
  item,
  order,
  onPurchase,
  onFill,
  failures,
  onRefused,
}: {
  item: Item;
  order: Pick<OrderDetailData, 'fulfillment_channel' | 'distributed_at'>;
  onPurchase: (t: PurchaseTarget) => void;
  onFill: (t: FillTarget) => void;
  /** The drawer's refused 确认收货 (issue 29 §2): kept on the item's line, as in 配货. */
  failures: ReceiveFailures;
  /** Reloads the order after a refused step (the server may have kept the refusal on the item). */
  onRefused: () => void;
}) {
  const has = useHas();
  const { express } = useOrderMutations();
  const { modal, message } = useFeedback();
  // A refused step has been shown by the request helper's toast; a refused 确认收货 also stays on
  // the item's line (the server keeps it: `receive_error`) until a step succeeds or 知道了.
  const step = (to: ExpressStatus, tracking_no?: string) => {
    if (to === '3') failures.clear(item.id);
    return express
      .mutateAsync({ item_id: item.id, version: item.version, to, ...(tracking_no ? { tracking_no } : {}) })
      .catch((e: unknown) => {
        if (to === '3') failures.failed(item.id, e instanceof Error ? e.message : '确认收货失败');
        onRefused();
      });
  };
  const askTracking = () => {
    let value = '';
    modal.confirm({
      title: '供应商已发货',
      content: (
        <Input placeholder="国内快递单号" onChange={(e) => (value = e.target.value)} data-testid="tracking-input" />
      ),
      okText: '确定',
      onOk: () => {
        if (value.trim()) return step('2', value.trim());
        message.warning('请填写国内快递单号');
        return undefined;
      },
    });
  };
  const confirmStep = (title: string, content: string, to: ExpressStatus) =>
    modal.confirm({ title, content, okText: '确定', okButtonProps: { danger: true }, onOk: () => step(to) });
  const s = item.express_status;
  const amazon = order.fulfillment_channel === '0';
  // A distributed order's receipts are undone after 撤销配货 (the server refuses it before).
  const distributed = order.distributed_at !== null;
  // The receipt of an item filled from stock has no purchase: it is undone with 撤销出库 in 配货.
  const purchased = item.purchase !== null;
  return (
    <Space wrap>
      {amazon && s === '0' && <Tag>亚马逊配送,无需采购</Tag>}
      {!amazon && s === '0' && has('order.purchase') && (
        <Button
          size="small"
          type="primary"
          onClick={() => onPurchase({ id: item.id, version: item.version, quantity: item.quantity, title: item.title })}
        >
          采购
        </Button>
      )}
      {!amazon && s === '0' && has('order.stock') && (
        <Button
          size="small"
          onClick={() =>
            onFill({ id: item.id, version: item.version, quantity: item.quantity, seller_sku: item.seller_sku })
          }
        >
          库存出库
        </Button>
      )}
      {s === '1' && has('order.purchase') && (
        <Button size="small" onClick={askTracking}>
          填写快递单号
        </Button>
      )}
      {s === '2' && has('order.receive') && (
        // Irreversible for the warehouse's count (units beyond the order go to stock): asks first, shows progress.
        <Popconfirm
          title="确认收货?"
          description="确认已收到该商品的包裹;采购多出的件数将转入备货。"
          okText="确认收货"
          cancelText="取消"
          okButtonProps={{ loading: express.isPending }}
          onConfirm={() => step('3')}
        >
          <Button size="small" type="primary" loading={express.isPending} data-testid="item-receive">
            确认收货
          </Button>
        </Popconfirm>
      )}
      {s === '1' && has('order.purchase') && (
        <Button
          size="small"
          danger
          onClick={() => confirmStep('取消采购', '将删除该商品的采购记录,确定取消采购吗?', '0')}
        >
          取消采购
        </Button>
      )}
      {s === '2' && has('order.purchase') && (
        <Button
          size="small"
          onClick={() => confirmStep('撤回快递单号', '商品将回到「待发货」,确定撤回快递单号吗?', '1')}
        >
          撤回快递单号
        </Button>
      )}
      {s === '3' && purchased && !distributed && has('order.receive') && (
        <Button size="small" onClick={() => confirmStep('撤销收货', '商品将回到「待收货」,确定撤销收货吗?', '2')}>
          撤销收货
        </Button>
      )}
      {!amazon && <Ali1688Buttons item={item} />}
      {/* Only an http(s) address becomes a link (issue 27 §5): older stored values may hold javascript: or data:. */}
      {safeHref(item.link_url) && (
        <Typography.Link href={safeHref(item.link_url)} target="_blank" rel="noreferrer">
          供应商链接
        </Typography.Link>
      )}
    </Space>
  );
}

/** An order's detail (订单处理): items with picture, supplier link and purchase, margin estimate, notes and history. */
export function OrderDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useOrderDetail(id);
  const { note } = useOrderMutations();
  const [text, setText] = useState('');
  const [purchasing, setPurchasing] = useState<PurchaseTarget | null>(null);
  const [filling, setFilling] = useState<FillTarget | null>(null);
  const o = detail.data;
  const has = useHas();
  const refetch = detail.refetch;
  const failures = useReceiveFailures(() => void refetch());
  return (
    <Drawer
      title={o ? `订单 ${o.amazon_order_id}` : '订单'}
      open={id !== null}
      onClose={onClose}
      // Wide enough for the items' actions beside their titles.
      size={1080}
      destroyOnHidden
    >
      {o && (
        <div data-testid="order-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="店铺">{`${o.shop_name} / ${countryName(o.marketplace)}`}</Descriptions.Item>
            <Descriptions.Item label="订单状态">
              <Tag>{ORDER_STATUS_LABELS[o.status]}</Tag>
              {/* Amazon's own status only where it says more than the console's (部分发货...). */}
              {o.amazon_status !== o.status && orderStatusLabel(o.amazon_status) !== ORDER_STATUS_LABELS[o.status] && (
                <Typography.Text type="secondary">{`亚马逊:${orderStatusLabel(o.amazon_status)}`}</Typography.Text>
              )}
              {o.oversold && (
                <Tag color="red" data-testid="order-oversold">
                  超卖
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="配送方式">{FULFILLMENT_CHANNEL_LABELS[o.fulfillment_channel]}</Descriptions.Item>
            <Descriptions.Item label="快递状态">
              <span data-testid="order-express">{EXPRESS_STATUS_LABELS[o.express_status]}</span>
              {o.distributed_at !== null && (
                <Tag color="green" style={{ marginLeft: 8 }}>
                  已配货(待发货)
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatSeconds(o.purchase_date)}</Descriptions.Item>
            <Descriptions.Item label="最晚发货">{formatSeconds(o.latest_ship_date)}</Descriptions.Item>
            <Descriptions.Item label="订单金额">{money(o.total_minor, o.currency)}</Descriptions.Item>
            <Descriptions.Item label="收货地">
              {[o.ship_to.city, o.ship_to.state, o.ship_to.postal, o.ship_to.country].filter(Boolean).join(', ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="买家" span={2}>
              {o.buyer
                ? `${o.buyer.name} ${o.buyer.phone} ${o.buyer.address}${o.buyer.masked ? '(已隐藏)' : ''}`
                : '已按亚马逊数据保护政策删除或无'}
            </Descriptions.Item>
            <Descriptions.Item label="利润估算" span={2}>
              {o.margin
                ? `售价 ${cny(o.margin.price_cny)} - 采购 ${cny(o.margin.purchase_cny)} - 平台费 ${cny(o.margin.fee_cny)} - 运费(${FREIGHT_SOURCE_LABELS[o.margin.freight_source]}) ${cny(o.margin.freight_cny)} = ${cny(o.margin.margin_cny)}`
                : '缺少售价或汇率设置,无法估算'}
            </Descriptions.Item>
          </Descriptions>
          <Table<Item>
            style={{ marginTop: 16 }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.items}
            columns={[
              {
                title: '图片',
                dataIndex: 'image',
                width: 64,
                render: (v: string | null) => <OrderThumb src={v} />,
              },
              {
                title: '商品',
                width: 260,
                render: (_, i) => (
                  <div>
                    <div>
                      {i.title ?? i.seller_sku ?? '-'}
                      {i.oversold && (
                        <Tag color="red" style={{ marginLeft: 6 }}>
                          超卖
                        </Tag>
                      )}
                    </div>
                    <Typography.Text type="secondary">{`${i.asin} / ${i.seller_sku ?? '-'} x ${i.quantity}`}</Typography.Text>
                    {i.goods_id !== null && (
                      // The product and variation the upload ledger links the SKU to.
                      <div data-testid="item-goods">
                        {has('goods.operate') ? (
                          <Link to={`/goods/admin/update/${i.goods_id}`} onClick={onClose}>
                            {`商品 #${i.goods_id}`}
                          </Link>
                        ) : (
                          `商品 #${i.goods_id}`
                        )}
                        {i.variation_key ? ` · 变体 ${i.variation_key}` : ''}
                      </div>
                    )}
                  </div>
                ),
              },
              { title: '售价', render: (_, i) => money(i.item_price_minor, i.currency), width: 110 },
              {
                title: '采购',
                width: 160,
                render: (_, i) =>
                  i.purchase ? `${cny(i.purchase.paid_minor)} ${i.purchase.supplier} ${i.purchase.tracking_no}` : '-',
              },
              {
                title: '快递状态',
                width: 90,
                render: (_, i) => <span data-testid="item-express">{EXPRESS_STATUS_LABELS[i.express_status]}</span>,
              },
              {
                title: '操作',
                width: 200,
                render: (_, i) => (
                  <>
                    <ItemActions
                      item={i}
                      order={o}
                      onPurchase={setPurchasing}
                      onFill={setFilling}
                      failures={failures}
                      onRefused={() => void refetch()}
                    />
                    <ReceiveError
                      item={i}
                      failures={failures}
                      canDismiss={has('order.receive')}
                      testId={`item-receive-error-${i.id}`}
                    />
                  </>
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            备注与记录
          </Typography.Title>
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input value={text} maxLength={500} placeholder="添加备注" onChange={(e) => setText(e.target.value)} />
            <Button
              disabled={!text.trim()}
              loading={note.isPending}
              onClick={() => note.mutate({ id: o.id, text: text.trim() }, { onSuccess: () => setText('') })}
            >
              添加
            </Button>
          </Space.Compact>
          <Timeline
            items={o.events.map((e) => ({
              key: e.id,
              color: e.kind === 'warning' ? 'red' : e.kind === 'note' ? 'green' : 'blue',
              content: `${formatSeconds(e.created_at)} ${e.user_name ?? '系统'}: ${e.text}`,
            }))}
          />
        </div>
      )}
      <PurchaseDialog target={purchasing} onClose={() => setPurchasing(null)} />
      <StockFillDialog target={filling} onClose={() => setFilling(null)} />
    </Drawer>
  );
}
