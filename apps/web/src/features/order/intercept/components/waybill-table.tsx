import { carrierLabel, OTHER_CARRIER } from '@console/shared/constants/carriers';
import { WAYBILL_STATUS_LABELS, type WaybillRow } from '@console/shared/schemas/logistics';
import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { labelsUrl, useLogisticsMutations, useWaybills } from '../../../../api/logistics';
import { useFeedback } from '../../../../app/ui-bridge';
import { yuan } from '../../../member/components/money';
import { errorText, RowError, useRowErrors } from './row-error';
import { DeclarationCell, TrackingButton } from './waybill-extras';

/** Waybills: print labels (one PDF), ship, cancel. */
export function WaybillTable() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [size, setSize] = useState<'100x100' | '100x150'>('100x150');
  const q = useWaybills(page, keyword);
  const m = useLogisticsMutations();
  const { message } = useFeedback();
  const rowErrors = useRowErrors();
  const running = (id: number, pending: boolean, variables: unknown) => pending && variables === id;
  /** A row action: its failure stays on the row until retried successfully or dismissed. */
  const act = (id: number, run: typeof m.ship.mutate, done: string) => {
    rowErrors.clear(id);
    run(id, { onSuccess: () => message.success(done), onError: (e) => rowErrors.set(id, errorText(e)) });
  };
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
            render: (v: string, r) => (v === OTHER_CARRIER ? r.carrier_name : carrierLabel(v)),
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
            width: 300,
            render: (_: unknown, r) => {
              if (r.cancelled) return null;
              const shipping = running(r.id, m.ship.isPending, m.ship.variables);
              const cancelling = running(r.id, m.cancelWaybill.isPending, m.cancelWaybill.variables);
              const fetching = running(r.parcel_id, m.createWaybill.isPending, m.createWaybill.variables);
              const busy = shipping || cancelling || fetching;
              // This screen's last failure of the row, else the one the server kept (发货 / 取消运单).
              const error = rowErrors.errors[r.id] ?? r.last_error;
              return (
                <>
                  <Space wrap>
                    {r.tracking_no && (
                      <Button size="small" href={labelsUrl([r.id], size)} target="_blank">
                        打印面单
                      </Button>
                    )}
                    {r.tracking_no && <TrackingButton id={r.id} />}
                    {r.status === '0' && !r.tracking_no && (
                      <Button
                        size="small"
                        loading={fetching}
                        disabled={busy}
                        onClick={() => {
                          rowErrors.clear(r.id);
                          m.createWaybill.mutate(r.parcel_id, {
                            onSuccess: () => message.success('已取得跟踪号'),
                            onError: (e) => rowErrors.set(r.id, errorText(e)),
                          });
                        }}
                      >
                        重新获取跟踪号
                      </Button>
                    )}
                    {r.status === '0' && (
                      <>
                        <Popconfirm
                          title="确认发货?"
                          description={
                            <div style={{ maxWidth: 320 }}>
                              发货后结算运费 {yuan(r.freight)} 和服务费 {yuan(r.service_fee)}
                              (从冻结金额扣除),并通知亚马逊订单已发货(跟踪号 {r.tracking_no ?? '-'})。发货后不能撤销。
                            </div>
                          }
                          okText="确认发货"
                          cancelText="取消"
                          disabled={busy}
                          onConfirm={() => act(r.id, m.ship.mutate, '已发货')}
                        >
                          <Button size="small" type="primary" loading={shipping} disabled={busy}>
                            {shipping ? '发货中' : '发货'}
                          </Button>
                        </Popconfirm>
                        <Popconfirm
                          title="确认取消运单?"
                          description="物流商的运单将被取消,冻结的运费退回余额;包裹需重新创建运单才能发货。"
                          okText="取消运单"
                          cancelText="返回"
                          okButtonProps={{ danger: true }}
                          disabled={busy}
                          onConfirm={() => act(r.id, m.cancelWaybill.mutate, '运单已取消')}
                        >
                          <Button size="small" danger loading={cancelling} disabled={busy}>
                            取消运单
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </Space>
                  {error && (
                    <RowError
                      testId={`waybill-error-${r.id}`}
                      error={error}
                      dismissing={m.dismissWaybillError.isPending && m.dismissWaybillError.variables === r.id}
                      onDismiss={() => {
                        rowErrors.clear(r.id);
                        // A refused 发货 / 取消运单 is kept by the server: put away there too.
                        if (r.last_error) m.dismissWaybillError.mutate(r.id);
                      }}
                    />
                  )}
                </>
              );
            },
          },
        ]}
      />
    </>
  );
}
