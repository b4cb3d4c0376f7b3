import {
  HOLD_REASON_LABELS,
  type ParcelRow,
  type ReviewStatus,
  WAYBILL_STATUS_LABELS,
  type WaybillRow,
} from '@console/shared/schemas/logistics';
import { Button, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { labelsUrl, useChannelOptions, useLogisticsMutations, useParcels, useWaybills } from '../../../api/logistics';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { yuan } from '../../member/components/money';
import { ChannelDrawerButton } from '../logistics-channel/channel-drawer';
import { ReadyTable } from './components/ready-table';
import { DeclarationCell, ReviewRulesButton, TrackingButton } from './components/waybill-extras';

const TABS: { key: ReviewStatus; label: string }[] = [
  { key: 'held', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'passed', label: '无需审核' },
  { key: 'cancelled', label: '已取消' },
];

/** The parcels of one review state with the reviewer's and the shipper's actions. */
function ParcelTable({ status }: { status: ReviewStatus }) {
  const [page, setPage] = useState(1);
  const q = useParcels(status, page);
  const channels = useChannelOptions();
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  const [changing, setChanging] = useState<ParcelRow | null>(null);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<ParcelRow | null>(null);
  const [note, setNote] = useState('');
  const has = useHas();
  return (
    <>
      <Table<ParcelRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        columns={[
          { title: '订单号', dataIndex: 'amazon_order_id' },
          { title: '店铺', dataIndex: 'shop_name' },
          { title: '渠道', dataIndex: 'channel_name' },
          { title: '国家', dataIndex: 'country' },
          { title: '计费重(克)', dataIndex: 'chargeable_g' },
          { title: '带电', dataIndex: 'is_electric', render: (v: boolean) => (v ? '是' : '否') },
          { title: '运费', dataIndex: 'freight', render: (v: number) => yuan(v) },
          { title: '服务费', dataIndex: 'service_fee', render: (v: number) => yuan(v) },
          { title: '预估运费', dataIndex: 'estimate', render: (v: number | null) => (v === null ? '-' : yuan(v)) },
          { title: '预估利润', dataIndex: 'margin', render: (v: number | null) => (v === null ? '-' : yuan(v)) },
          {
            title: '拦截原因',
            dataIndex: 'hold_reasons',
            render: (r: ParcelRow['hold_reasons']) =>
              r.map((x) => (
                <Tag color="red" key={x}>
                  {HOLD_REASON_LABELS[x]}
                </Tag>
              )),
          },
          { title: '提交时间', dataIndex: 'created_at', render: (v: number) => formatSeconds(v) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Space>
                {status === 'held' && has('logistics.review') && (
                  <>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        m.approve.mutate(
                          { id: r.id, version: r.version },
                          { onSuccess: () => message.success('审核通过') },
                        )
                      }
                    >
                      审核通过
                    </Button>
                    <Button
                      size="small"
                      onClick={() => {
                        setChanging(r);
                        setChannelId(r.channel_id);
                      }}
                    >
                      更换渠道
                    </Button>
                    <Button size="small" danger onClick={() => setCancelling(r)}>
                      取消
                    </Button>
                  </>
                )}
                {(status === 'approved' || status === 'passed') && !r.waybill_id && (
                  <Button
                    size="small"
                    type="primary"
                    loading={m.createWaybill.isPending}
                    onClick={() => m.createWaybill.mutate(r.id, { onSuccess: () => message.success('运单已创建') })}
                  >
                    创建运单
                  </Button>
                )}
                {r.waybill_id && <Tag color="blue">已建运单</Tag>}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="更换渠道"
        open={changing !== null}
        onCancel={() => setChanging(null)}
        onOk={() =>
          changing &&
          channelId &&
          m.changeChannel.mutate(
            { id: changing.id, version: changing.version, channel_id: channelId },
            { onSuccess: () => setChanging(null) },
          )
        }
      >
        <Select
          style={{ width: '100%' }}
          value={channelId}
          onChange={setChannelId}
          options={(channels.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Modal>
      <Modal
        title="取消发货"
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onOk={() =>
          cancelling &&
          m.cancel.mutate(
            { id: cancelling.id, version: cancelling.version, note },
            { onSuccess: () => setCancelling(null) },
          )
        }
      >
        <Input.TextArea placeholder="取消原因" value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </>
  );
}

/** Waybills: print labels (one PDF), ship, cancel. */
function WaybillTable() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [size, setSize] = useState<'100x100' | '100x150'>('100x150');
  const q = useWaybills(page, keyword);
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder="订单号/运单号/跟踪号" allowClear onSearch={(v) => setKeyword(v.trim())} />
        <Select
          value={size}
          onChange={setSize}
          options={[
            { value: '100x150', label: '100x150 mm' },
            { value: '100x100', label: '100x100 mm' },
          ]}
        />
        <Button disabled={selected.length === 0} onClick={() => window.open(labelsUrl(selected, size), '_blank')}>
          批量打印面单
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k) => setSelected(k as number[]),
          getCheckboxProps: (r) => ({ disabled: r.cancelled || !r.tracking_no }),
        }}
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        columns={[
          { title: '运单号', dataIndex: 'waybill_no' },
          { title: '订单号', dataIndex: 'amazon_order_id' },
          { title: '渠道', dataIndex: 'channel_name' },
          {
            title: '承运商',
            dataIndex: 'carrier_code',
            render: (v: string, r) => (v === 'Other' ? r.carrier_name : v),
          },
          { title: '跟踪号', dataIndex: 'tracking_no', render: (v: string | null) => v ?? '-' },
          {
            title: '状态',
            key: 'status',
            render: (_: unknown, r) =>
              r.cancelled ? (
                <Tag>已取消</Tag>
              ) : (
                <Tag color={r.status === '2' ? 'green' : 'orange'}>{WAYBILL_STATUS_LABELS[r.status]}</Tag>
              ),
          },
          { title: '运费', dataIndex: 'freight', render: (v: number) => yuan(v) },
          { title: '服务费', dataIndex: 'service_fee', render: (v: number) => yuan(v) },
          {
            title: '申报',
            dataIndex: 'declaration',
            render: (d: WaybillRow['declaration']) => <DeclarationCell d={d} />,
          },
          {
            title: '亚马逊确认',
            key: 'confirm',
            render: (_: unknown, r) =>
              r.confirm_status === 'done'
                ? '已确认'
                : r.confirm_status === 'failed'
                  ? `失败:${r.confirm_error}`
                  : r.confirm_status === 'pending'
                    ? '确认中'
                    : '-',
          },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) =>
              r.cancelled ? null : (
                <Space>
                  {r.tracking_no && (
                    <Button size="small" href={labelsUrl([r.id], size)} target="_blank">
                      打印面单
                    </Button>
                  )}
                  {r.tracking_no && <TrackingButton id={r.id} />}
                  {r.status === '0' && !r.tracking_no && (
                    <Button
                      size="small"
                      loading={m.createWaybill.isPending}
                      onClick={() =>
                        m.createWaybill.mutate(r.parcel_id, { onSuccess: () => message.success('已取得跟踪号') })
                      }
                    >
                      重新获取跟踪号
                    </Button>
                  )}
                  {r.status === '0' && (
                    <>
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => m.ship.mutate(r.id, { onSuccess: () => message.success('已发货') })}
                      >
                        发货
                      </Button>
                      <Button size="small" danger onClick={() => m.cancelWaybill.mutate(r.id)}>
                        取消运单
                      </Button>
                    </>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}

/**
 * 运费审核 (`/order/intercept`, issue 18 §1-§2): orders 配货 made ready are submitted with their
 * recorded parcel (待提交), parcels stopped by a rule are reviewed, and the waybills follow.
 * 物流渠道 opens the channel configuration for whoever may manage channels.
 */
export function InterceptPage() {
  return (
    <PageContainer
      title="运费审核"
      extra={
        <Space>
          <ReviewRulesButton />
          <ChannelDrawerButton />
        </Space>
      }
    >
      <Tabs
        defaultActiveKey="held"
        items={[
          { key: 'ready', label: '待提交', children: <ReadyTable /> },
          ...TABS.map((t) => ({ key: t.key, label: t.label, children: <ParcelTable status={t.key} /> })),
          { key: 'waybills', label: '运单', children: <WaybillTable /> },
        ]}
      />
    </PageContainer>
  );
}
