import type { ReadyOrderRow } from '@console/shared/schemas/logistics';
import { Button, Checkbox, Input, InputNumber, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLogisticsMutations, useQuote, useReadyOrders } from '../../../../api/logistics';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';
import { yuanText } from '../../logistics-channel/channel-form-model';

const parcelText = (r: ReadyOrderRow) => `${r.weight_g} g,${r.length_cm}×${r.width_cm}×${r.height_cm} cm`;

/** A re-measure at the shipping desk: grams and centimetres (one decimal) as typed. */
interface Remeasure {
  weight_g: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
}
const EMPTY_MEASURE: Remeasure = { weight_g: null, length_cm: null, width_cm: null, height_cm: null };

/** The re-measure in the API's units (grams, millimetres), or null until all four are filled. */
export function remeasuredParcel(m: Remeasure) {
  const { weight_g, length_cm, width_cm, height_cm } = m;
  if (!weight_g || !length_cm || !width_cm || !height_cm) return null;
  const mm = (cm: number) => Math.round(cm * 10);
  return { weight_g, length_mm: mm(length_cm), width_mm: mm(width_cm), height_mm: mm(height_cm) };
}

/**
 * 提交包裹 of an order 配货 made ready: the recorded parcel is quoted on each of the tenant's
 * channels (the same quote the server charges), the shipper picks one and submits; the
 * freight-review rules then pass it or stop it in 待审核.
 */
function SubmitDialog({ order, onClose }: { order: ReadyOrderRow; onClose: () => void }) {
  // A product marked 带电 makes it a battery parcel (the server applies the same; the box cannot be cleared).
  const [electric, setElectric] = useState(order.battery_goods);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [remeasuring, setRemeasuring] = useState(false);
  const [measure, setMeasure] = useState<Remeasure>(EMPTY_MEASURE);
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  // A complete re-measure replaces 配货's parcel for the quote and the submit (the server keeps both).
  const remeasured = remeasuring ? remeasuredParcel(measure) : null;
  const parcel = remeasured ?? {
    weight_g: order.weight_g,
    length_mm: order.length_cm * 10,
    width_mm: order.width_cm * 10,
    height_mm: order.height_cm * 10,
  };
  const quote = useQuote(order.country ? { ...parcel, is_electric: electric, country: order.country } : null);
  const incomplete = remeasuring && remeasured === null;
  const submit = async () => {
    if (channelId === null || incomplete) return;
    // The error toast comes from the API client; the dialog stays open to pick another channel.
    const r = await m.submit
      .mutateAsync({ order_id: order.order_id, channel_id: channelId, is_electric: electric, ...(remeasured ?? {}) })
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
      okButtonProps={{ disabled: channelId === null || incomplete }}
      confirmLoading={m.submit.isPending}
      onOk={submit}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text data-testid="ready-parcel">{`配货包裹:${parcelText(order)},目的国 ${order.country ?? '-'}`}</Typography.Text>
        <Space wrap>
          <Checkbox
            checked={electric || order.battery_goods}
            disabled={order.battery_goods}
            onChange={(e) => setElectric(e.target.checked)}
          >
            {order.battery_goods ? '带电(商品已标记带电)' : '带电'}
          </Checkbox>
          <Checkbox
            checked={remeasuring}
            data-testid="remeasure"
            onChange={(e) => {
              setRemeasuring(e.target.checked);
              setMeasure(EMPTY_MEASURE);
            }}
          >
            复测包裹
          </Checkbox>
        </Space>
        {remeasuring && (
          <Space wrap data-testid="remeasure-fields">
            <InputNumber
              aria-label="重量"
              addonAfter="g"
              min={1}
              max={1_000_000}
              precision={0}
              value={measure.weight_g}
              onChange={(v) => setMeasure((x) => ({ ...x, weight_g: v }))}
              placeholder="重量"
            />
            {(['length_cm', 'width_cm', 'height_cm'] as const).map((k, i) => (
              <InputNumber
                key={k}
                aria-label={['长', '宽', '高'][i]}
                addonAfter="cm"
                min={0.1}
                max={1000}
                precision={1}
                value={measure[k]}
                onChange={(v) => setMeasure((x) => ({ ...x, [k]: v }))}
                placeholder={['长', '宽', '高'][i]}
                style={{ width: 120 }}
              />
            ))}
            {incomplete && <Typography.Text type="warning">请填写重量和长宽高</Typography.Text>}
          </Space>
        )}
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
          <Typography.Text type="warning" data-testid="no-channel-guide">
            没有可用的物流渠道,包裹无法提交。物流渠道由平台管理员(使用物流商的为所属物流商)在「运费审核」页右上角的「物流渠道」中添加:选择承运商和服务,填写目的国家和运费价格后,这里即可选择。
          </Typography.Text>
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
