import {
  INBOUND_DIFFERENCE_LABELS,
  INBOUND_STATUS_LABELS,
  type InboundDetail,
  SHIPPING_METHOD_LABELS,
} from '@console/shared/schemas/overseas-inbound';
import {
  Button,
  type ButtonProps,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useInboundDetail, useInboundMutations } from '../../../api/overseas-inbound';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { formatSeconds } from '../../../lib/format';
import { InboundReceive } from './inbound-receive';

type Line = InboundDetail['box_list'][number]['lines'][number];

/** The steps the caller may take now: the tenant ships and acknowledges; the warehouse arrives, receives, closes. */
function Actions({ d, onReceive }: { d: InboundDetail; onReceive: () => void }) {
  const has = useHas();
  const operate = has('warehouse.operate');
  const { message } = useFeedback();
  const m = useInboundMutations();
  const [shipping, setShipping] = useState(false);
  const [form] = Form.useForm<{ carrier: string; tracking_no: string }>();
  return (
    <Space wrap data-testid="inbound-actions">
      {d.status === 'draft' && (
        <Button type="primary" onClick={() => setShipping(true)} data-testid="inbound-ship">
          发货
        </Button>
      )}
      {d.status === 'closed' && d.acknowledged_at === null && (
        <Popconfirm
          title="确认已知悉收货差异?"
          onConfirm={async () => {
            await m.acknowledge.mutateAsync(d.id);
            message.success('已确认差异');
          }}
        >
          <Button type="primary" data-testid="inbound-acknowledge">
            确认差异
          </Button>
        </Popconfirm>
      )}
      {operate && d.status === 'shipped' && (
        <Button
          onClick={async () => {
            await m.arrive.mutateAsync(d.id);
            message.success('已到仓');
          }}
          data-testid="inbound-arrive"
        >
          到仓
        </Button>
      )}
      {operate && (d.status === 'arrived' || d.status === 'receiving') && (
        <>
          <Button type="primary" onClick={onReceive} data-testid="inbound-receive">
            收货
          </Button>
          <Popconfirm
            title="关闭后未收货的箱子按短少记录,确认关闭?"
            onConfirm={async () => {
              await m.close.mutateAsync(d.id);
              message.success('已关闭');
            }}
          >
            <Button danger data-testid="inbound-close">
              关闭
            </Button>
          </Popconfirm>
        </>
      )}
      <Modal
        open={shipping}
        title={`发货 ${d.number}`}
        onCancel={() => setShipping(false)}
        onOk={() => form.submit()}
        confirmLoading={m.ship.isPending}
        okButtonProps={{ 'data-testid': 'inbound-ship-ok' } as ButtonProps}
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ carrier: d.carrier, tracking_no: d.tracking_no }}
          onFinish={async (v) => {
            await m.ship.mutateAsync({ id: d.id, carrier: v.carrier ?? '', tracking_no: v.tracking_no });
            message.success('已发货');
            setShipping(false);
          }}
        >
          <Form.Item name="carrier" label="承运商">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="tracking_no" label="跟踪号" rules={[{ required: true, message: '请输入跟踪号' }]}>
            <Input maxLength={64} data-testid="inbound-ship-tracking" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** The detail drawer: the inbound, its boxes with counted beside sent, differences highlighted. */
export function InboundDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useInboundDetail(id);
  const [receiving, setReceiving] = useState(false);
  const d = q.data;
  return (
    <Drawer title={d ? `入库单 ${d.number}` : '入库单'} open={id !== null} onClose={onClose} size={760}>
      {d && (
        <>
          <Descriptions column={2} size="small" bordered data-testid="inbound-detail">
            <Descriptions.Item label="状态">
              <span data-testid="inbound-detail-status">{INBOUND_STATUS_LABELS[d.status]}</span>
              {d.has_difference && (
                <Tag color={d.acknowledged_at ? 'default' : 'red'} style={{ marginLeft: 8 }}>
                  {d.acknowledged_at ? '差异已确认' : '有差异待确认'}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="仓库">{d.warehouse_name}</Descriptions.Item>
            <Descriptions.Item label="运输方式">{SHIPPING_METHOD_LABELS[d.shipping_method]}</Descriptions.Item>
            <Descriptions.Item label="承运商 / 跟踪号">{`${d.carrier || '-'} / ${d.tracking_no || '-'}`}</Descriptions.Item>
            <Descriptions.Item label="预计到仓">{d.expected_date ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="发货 / 实收件数">{`${d.units_sent} / ${d.units_counted}`}</Descriptions.Item>
            <Descriptions.Item label="到仓时间">{d.arrived_at ? formatSeconds(d.arrived_at) : '-'}</Descriptions.Item>
            <Descriptions.Item label="收货完成">{d.received_at ? formatSeconds(d.received_at) : '-'}</Descriptions.Item>
          </Descriptions>
          <div style={{ margin: '12px 0' }}>
            <Actions d={d} onReceive={() => setReceiving(true)} />
          </div>
          {d.box_list.map((b) => (
            <Table<Line>
              key={b.id}
              rowKey="id"
              size="small"
              pagination={false}
              style={{ marginBottom: 12 }}
              data-testid={`inbound-detail-box-${b.box_no}`}
              title={() =>
                `第 ${b.box_no} 箱${b.received_at ? `(已收货 ${formatSeconds(b.received_at)})` : '(未收货)'}`
              }
              dataSource={b.lines}
              rowClassName={(l) => (l.difference ? 'inbound-difference' : '')}
              columns={[
                { title: 'SKU', dataIndex: 'sku', width: 160 },
                { title: '名称', dataIndex: 'title' },
                { title: '发货', dataIndex: 'quantity_sent', width: 70 },
                { title: '实收', width: 70, render: (_, l) => l.quantity_counted ?? '-' },
                { title: '破损', dataIndex: 'quantity_damaged', width: 70 },
                {
                  title: '差异',
                  width: 90,
                  render: (_, l) =>
                    l.difference ? (
                      <Tag color="red" data-testid="inbound-line-difference">
                        {INBOUND_DIFFERENCE_LABELS[l.difference]}
                      </Tag>
                    ) : l.quantity_counted === null ? (
                      '-'
                    ) : (
                      INBOUND_DIFFERENCE_LABELS['']
                    ),
                },
              ]}
            />
          ))}
          {receiving && <InboundReceive detail={d} onClose={() => setReceiving(false)} />}
        </>
      )}
    </Drawer>
  );
}
