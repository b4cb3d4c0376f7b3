import type { ReadyOrderRow } from '@console/shared/schemas/logistics';
import { Button, Checkbox, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLogisticsMutations, useQuote, useReadyOrders } from '../../../../api/logistics';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';
import { yuanText } from '../../logistics-channel/channel-form-model';

const parcelText = (r: ReadyOrderRow) => `${r.weight_g} g,${r.length_cm}×${r.width_cm}×${r.height_cm} cm`;

/**
 * 提交包裹 of an order 配货 made ready: the recorded parcel is quoted on each of the tenant's
 * channels (the same quote the server charges), the shipper picks one and submits; the
 * freight-review rules then pass it or stop it in 待审核.
 */
function SubmitDialog({ order, onClose }: { order: ReadyOrderRow; onClose: () => void }) {
  const [electric, setElectric] = useState(false);
  const [channelId, setChannelId] = useState<number | null>(null);
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  const quote = useQuote(
    order.country
      ? {
          weight_g: order.weight_g,
          length_mm: order.length_cm * 10,
          width_mm: order.width_cm * 10,
          height_mm: order.height_cm * 10,
          is_electric: electric,
          country: order.country,
        }
      : null,
  );
  const submit = async () => {
    if (channelId === null) return;
    // The error toast comes from the API client; the dialog stays open to pick another channel.
    const r = await m.submit
      .mutateAsync({ order_id: order.order_id, channel_id: channelId, is_electric: electric })
      .catch(() => null);
    if (!r) return;
    if (r.review_status === 'held') message.warning('包裹已提交,被运费审核拦截,请在「待审核」处理');
    else message.success('包裹已提交,可创建运单');
    onClose();
  };
  return (
    <Modal
      title={`提交包裹 ${order.amazon_order_id}`}
      open
      onCancel={onClose}
      okText="提交"
      okButtonProps={{ disabled: channelId === null }}
      confirmLoading={m.submit.isPending}
      onOk={submit}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text data-testid="ready-parcel">{`配货包裹:${parcelText(order)},目的国 ${order.country ?? '-'}`}</Typography.Text>
        <Checkbox checked={electric} onChange={(e) => setElectric(e.target.checked)}>
          带电
        </Checkbox>
        <Radio.Group value={channelId} onChange={(e) => setChannelId(e.target.value)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }} data-testid="ready-quotes">
            {(quote.data?.list ?? []).map((q) => (
              <Radio key={q.channel_id} value={q.channel_id} disabled={!q.ok && q.freight === null}>
                {q.name}:
                {q.freight === null
                  ? q.refusal
                  : `运费 ¥${yuanText(q.freight)} + 服务费 ¥${yuanText(q.service_fee)},计费重 ${q.chargeable_g ?? '-'} g`}
                {!q.ok && q.freight !== null && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    {q.refusal}
                  </Tag>
                )}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {quote.data && quote.data.list.length === 0 && (
          <Typography.Text type="warning">没有可用的物流渠道</Typography.Text>
        )}
      </Space>
    </Modal>
  );
}

/** 待提交: orders 配货 made ready (parcel weighed and measured), not submitted yet. */
export function ReadyTable() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = useReadyOrders(page, keyword);
  const has = useHas();
  const [submitting, setSubmitting] = useState<ReadyOrderRow | null>(null);
  return (
    <>
      <Input.Search
        placeholder="订单号"
        allowClear
        onSearch={(v) => setKeyword(v.trim())}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<ReadyOrderRow>
        size="small"
        rowKey="order_id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        data-testid="ready-table"
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        columns={[
          { title: '订单号', dataIndex: 'amazon_order_id' },
          { title: '店铺', dataIndex: 'shop_name' },
          { title: '国家', dataIndex: 'country', render: (v: string | null) => v ?? '-' },
          { title: '配货包裹', key: 'parcel', render: (_: unknown, r) => parcelText(r) },
          { title: '配货时间', dataIndex: 'distributed_at', render: (v: number) => formatSeconds(v) },
          {
            title: '状态',
            key: 'state',
            render: (_: unknown, r) => (r.cancelled_parcel_id ? <Tag>审核已取消</Tag> : <Tag color="blue">待提交</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) =>
              has('logistics.ship') && (
                <Button size="small" type="primary" onClick={() => setSubmitting(r)}>
                  提交包裹
                </Button>
              ),
          },
        ]}
      />
      {submitting && <SubmitDialog order={submitting} onClose={() => setSubmitting(null)} />}
    </>
  );
}
