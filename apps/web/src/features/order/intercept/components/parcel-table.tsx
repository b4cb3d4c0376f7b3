import { HOLD_REASON_LABELS, type ParcelRow, type ReviewStatus } from '@console/shared/schemas/logistics';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChannelOptions, useInterceptCounts, useLogisticsMutations, useParcels } from '../../../../api/logistics';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';
import { yuan } from '../../../member/components/money';
import { errorText, RowError, useRowErrors } from './row-error';

/** The top-up page (spec: /member user/topup-add). */
export const TOPUP_ROUTE = '/member/user/topup-add';

/** 审核通过 of a parcel the balance cannot pay: balance vs fee, 充值, or approve anyway (issue 29 §2). */
function BalanceWarning({
  row,
  spendable,
  busy,
  onApprove,
  onClose,
}: {
  row: ParcelRow;
  spendable: number;
  busy: boolean;
  onApprove: () => void;
  onClose: () => void;
}) {
  const fee = row.freight + row.service_fee;
  return (
    <Modal
      title="余额不足"
      open
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Link key="topup" to={TOPUP_ROUTE} onClick={onClose}>
          <Button type="primary">去充值</Button>
        </Link>,
        <Button key="ok" danger loading={busy} onClick={onApprove}>
          仍然通过
        </Button>,
      ]}
    >
      <div data-testid="balance-warning">
        <p>
          可用余额(含信用额度)<b>{yuan(spendable)}</b>,该包裹运费和服务费 <b>{yuan(fee)}</b>,还差{' '}
          <b>{yuan(fee - spendable)}</b>。
        </p>
        <Typography.Text type="secondary">
          现在审核通过,创建运单时会因余额不足失败。请先充值(充值审核通过后余额才到账),或确认后仍审核通过。
        </Typography.Text>
      </div>
    </Modal>
  );
}

/** The parcels of one review state with the reviewer's and the shipper's actions. */
export function ParcelTable({ status }: { status: ReviewStatus }) {
  const [page, setPage] = useState(1);
  const q = useParcels(status, page);
  const counts = useInterceptCounts();
  const channels = useChannelOptions();
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  const [changing, setChanging] = useState<ParcelRow | null>(null);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<ParcelRow | null>(null);
  const [warning, setWarning] = useState<ParcelRow | null>(null);
  const [note, setNote] = useState('');
  const rowErrors = useRowErrors();
  const has = useHas();
  const spendable = counts.data?.spendable ?? null;

  const approve = (r: ParcelRow, acceptLowBalance: boolean) => {
    rowErrors.clear(r.id);
    m.approve.mutate(
      { id: r.id, version: r.version, ...(acceptLowBalance ? { accept_low_balance: true } : {}) },
      {
        onSuccess: () => {
          setWarning(null);
          message.success('审核通过');
        },
        onError: (e) => {
          setWarning(null);
          rowErrors.set(r.id, errorText(e));
        },
      },
    );
  };
  const onApprove = (r: ParcelRow) => {
    // The balance is read fresh: a top-up approved meanwhile makes the warning moot.
    void counts.refetch().then((c) => {
      const can = c.data?.spendable ?? spendable;
      if (can !== null && can < r.freight + r.service_fee) setWarning(r);
      else approve(r, false);
    });
  };
  const running = (id: number, pending: boolean, variables: unknown) =>
    pending && (variables === id || (variables as { id?: number } | undefined)?.id === id);

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
            width: 260,
            render: (_: unknown, r) => {
              const approving = running(r.id, m.approve.isPending, m.approve.variables);
              const creating = running(r.id, m.createWaybill.isPending, m.createWaybill.variables);
              const error = rowErrors.errors[r.id] ?? r.last_error;
              return (
                <>
                  <Space wrap>
                    {status === 'held' && has('logistics.review') && (
                      <>
                        <Button
                          size="small"
                          type="primary"
                          loading={approving}
                          disabled={approving}
                          onClick={() => onApprove(r)}
                        >
                          审核通过
                        </Button>
                        <Button
                          size="small"
                          disabled={approving}
                          onClick={() => {
                            setChanging(r);
                            setChannelId(r.channel_id);
                          }}
                        >
                          更换渠道
                        </Button>
                        <Button size="small" danger disabled={approving} onClick={() => setCancelling(r)}>
                          取消
                        </Button>
                      </>
                    )}
                    {(status === 'approved' || status === 'passed') && !r.waybill_id && (
                      <Button
                        size="small"
                        type="primary"
                        loading={creating}
                        disabled={creating}
                        onClick={() =>
                          m.createWaybill.mutate(r.id, {
                            onSuccess: () => message.success('运单已创建'),
                          })
                        }
                      >
                        {r.last_error ? '重试创建运单' : '创建运单'}
                      </Button>
                    )}
                    {r.waybill_id && <Tag color="blue">已建运单</Tag>}
                  </Space>
                  {error && (
                    <RowError
                      testId={`row-error-${r.id}`}
                      error={error}
                      dismissing={running(r.id, m.dismissError.isPending, m.dismissError.variables)}
                      onDismiss={() => {
                        rowErrors.clear(r.id);
                        if (r.last_error) m.dismissError.mutate(r.id);
                      }}
                    />
                  )}
                  {error?.startsWith('余额不足') && (
                    <Link to={TOPUP_ROUTE}>
                      <Button size="small" type="link">
                        去充值
                      </Button>
                    </Link>
                  )}
                </>
              );
            },
          },
        ]}
      />
      {warning && spendable !== null && (
        <BalanceWarning
          row={warning}
          spendable={spendable}
          busy={m.approve.isPending}
          onApprove={() => approve(warning, true)}
          onClose={() => setWarning(null)}
        />
      )}
      <Modal
        title="更换渠道"
        open={changing !== null}
        onCancel={() => setChanging(null)}
        confirmLoading={m.changeChannel.isPending}
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
        confirmLoading={m.cancel.isPending}
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
