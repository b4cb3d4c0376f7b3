import {
  legalSteps,
  OPENING_TYPES,
  PROBLEM_TYPE_LABELS,
  PROBLEM_TYPES,
  type ProblemSide,
  type ProblemType,
} from '@console/shared/logistics/problem';
import {
  PROBLEM_STATUS_LABELS,
  type ProblemHistoryRow,
  type ProblemRow,
  type ProblemStatus,
} from '@console/shared/schemas/problem';
import { Button, Descriptions, Drawer, Input, Modal, Radio, Select, Space, Table, Tabs, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useProblem, useProblemMutations, useProblems, useShippedWaybills } from '../../../api/problem';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { toFen, yuan } from '../../member/components/money';

const typeLabel = (t: number | null) => (t === null ? '-' : (PROBLEM_TYPE_LABELS[t as ProblemType] ?? String(t)));
const TYPE_COLORS: Partial<Record<number, string>> = { 3: 'red', 4: 'green', 6: 'blue', 8: 'blue', 7: 'orange' };

/** A history line in words. */
function historyText(h: ProblemHistoryRow): string {
  const made = h.waybill_no ? `,新运单 ${h.waybill_no}` : '';
  switch (h.action) {
    case 'report':
      return `登记为「${typeLabel(h.to_type)}」${made}`;
    case 'step':
      return `「${typeLabel(h.from_type)}」→「${typeLabel(h.to_type)}」${made}`;
    case 'compensate':
      return `丢件赔偿 ${yuan(h.amount ?? 0)},「${typeLabel(h.from_type)}」→「${typeLabel(h.to_type)}」`;
    case 'close':
      return `关闭(当时为「${typeLabel(h.from_type)}」)`;
    default:
      return `系统登记为「${typeLabel(h.to_type)}」`;
  }
}

/** 登记问题件: find a shipped waybill by tracking number or order id, pick an opening type. */
function ReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const has = useHas();
  const { message } = useFeedback();
  const m = useProblemMutations();
  const [keyword, setKeyword] = useState('');
  const [waybillId, setWaybillId] = useState<number | null>(null);
  const [type, setType] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const waybills = useShippedWaybills(keyword);
  const sides: ProblemSide[] = [
    ...(has('logistics.ship') ? (['user'] as const) : []),
    ...(has('logistics.problemHandle') ? (['handler'] as const) : []),
  ];
  const types = PROBLEM_TYPES.filter((t) => sides.some((s) => OPENING_TYPES[s].includes(t)));
  const reset = () => {
    setKeyword('');
    setWaybillId(null);
    setType(null);
    setNote('');
    onClose();
  };
  return (
    <Modal
      title="登记问题件"
      open={open}
      onCancel={reset}
      okText="提交登记"
      okButtonProps={{ disabled: !waybillId || !type, loading: m.report.isPending }}
      onOk={() =>
        waybillId &&
        type &&
        m.report.mutate(
          { waybill_id: waybillId, type, ...(note ? { note } : {}) },
          {
            onSuccess: () => {
              message.success('问题件已登记');
              reset();
            },
          },
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder="跟踪号/运单号/订单号"
          allowClear
          enterButton="查找运单"
          onSearch={(v) => {
            setKeyword(v.trim());
            setWaybillId(null);
          }}
        />
        {keyword && (
          <Radio.Group value={waybillId} onChange={(e) => setWaybillId(e.target.value)}>
            <Space direction="vertical">
              {(waybills.data?.list ?? []).map((w) => (
                <Radio key={w.id} value={w.id}>
                  {w.waybill_no} · {w.tracking_no} · {w.amazon_order_id}
                </Radio>
              ))}
              {waybills.data && waybills.data.list.length === 0 && <span>没有找到已发货的运单</span>}
            </Space>
          </Radio.Group>
        )}
        <div>异常类型</div>
        <Radio.Group
          value={type}
          onChange={(e) => setType(e.target.value)}
          options={types.map((t) => ({ value: t, label: PROBLEM_TYPE_LABELS[t] }))}
        />
        <Input.TextArea placeholder="备注" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Space>
    </Modal>
  );
}

/** The detail drawer: the parcel, its history timeline and the steps the caller may take now. */
function ProblemDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useProblem(id);
  const m = useProblemMutations();
  const { message } = useFeedback();
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const p = q.data;
  const steps = p ? legalSteps({ type: p.type as ProblemType, closed: p.status === 'closed' }, p.sides) : null;
  const done = (text: string) => () => {
    message.success(text);
    setNote('');
    setAmount('');
  };
  return (
    <Drawer title={p ? `问题件 #${p.id}` : '问题件'} open={id !== null} onClose={onClose} width={560}>
      {p && steps && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="异常类型">
              <Tag color={TYPE_COLORS[p.type]}>{typeLabel(p.type)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="状态">{PROBLEM_STATUS_LABELS[p.status]}</Descriptions.Item>
            <Descriptions.Item label="运单号">{p.waybill_no}</Descriptions.Item>
            <Descriptions.Item label="跟踪号">{p.tracking_no ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="订单号">{p.amazon_order_id}</Descriptions.Item>
            <Descriptions.Item label="渠道">{p.channel_name}</Descriptions.Item>
            <Descriptions.Item label="赔偿金额">
              {p.compensation === null ? '-' : yuan(p.compensation)}
            </Descriptions.Item>
            <Descriptions.Item label="新运单">
              {p.new_waybill_no ? `${p.new_waybill_no}(${p.new_tracking_no ?? '暂无跟踪号'})` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="备注">{p.note || '-'}</Descriptions.Item>
          </Descriptions>
          <Timeline
            data-testid="problem-history"
            items={p.history.map((h) => ({
              key: h.id,
              children: (
                <div>
                  <div>{historyText(h)}</div>
                  <div style={{ color: '#888' }}>
                    {h.user} · {formatSeconds(h.created_at)}
                    {h.note ? ` · ${h.note}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
          {(steps.to.length > 0 || steps.compensate || steps.close) && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                placeholder="备注(关闭时必填)"
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <Space wrap>
                {steps.to.map((to) => (
                  <Button
                    key={to}
                    loading={m.step.isPending}
                    onClick={() =>
                      m.step.mutate(
                        { id: p.id, version: p.version, to, ...(note ? { note } : {}) },
                        { onSuccess: done('已更新') },
                      )
                    }
                  >
                    改为{PROBLEM_TYPE_LABELS[to]}
                  </Button>
                ))}
                {steps.close && (
                  <Button
                    danger
                    disabled={!note.trim()}
                    onClick={() =>
                      m.close.mutate({ id: p.id, version: p.version, note }, { onSuccess: done('问题件已关闭') })
                    }
                  >
                    关闭问题件
                  </Button>
                )}
              </Space>
              {steps.compensate && (
                <Space>
                  <Input
                    placeholder="赔偿金额(元)"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    style={{ width: 160 }}
                  />
                  <Button
                    type="primary"
                    onClick={() => {
                      let fen: number;
                      try {
                        fen = toFen(amount);
                      } catch (e) {
                        message.error((e as Error).message);
                        return;
                      }
                      m.compensate.mutate(
                        { id: p.id, version: p.version, amount: fen, ...(note ? { note } : {}) },
                        { onSuccess: done('已赔偿') },
                      );
                    }}
                  >
                    丢件赔偿
                  </Button>
                </Space>
              )}
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** 问题件 (`/index/problem_package`, issue 18 §4): problem parcels by type, report, history and steps. */
export function ProblemPackagePage() {
  const [type, setType] = useState(0);
  const [status, setStatus] = useState<ProblemStatus | undefined>('open');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useProblems({ page, type: type || undefined, status, keyword: keyword || undefined });
  return (
    <PageContainer title="问题件">
      <Tabs
        activeKey={String(type)}
        onChange={(k) => {
          setType(Number(k));
          setPage(1);
        }}
        items={[
          { key: '0', label: '全部' },
          ...PROBLEM_TYPES.map((t) => ({ key: String(t), label: PROBLEM_TYPE_LABELS[t] })),
        ]}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 120 }}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : (v as ProblemStatus));
            setPage(1);
          }}
          options={[
            { value: 'open', label: PROBLEM_STATUS_LABELS.open },
            { value: 'closed', label: PROBLEM_STATUS_LABELS.closed },
            { value: 'all', label: '全部状态' },
          ]}
        />
        <Input.Search
          placeholder="跟踪号/运单号/订单号"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setReporting(true)}>
          登记问题件
        </Button>
      </Space>
      <Table<ProblemRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, total: q.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        columns={[
          { title: '运单号', dataIndex: 'waybill_no' },
          { title: '跟踪号', dataIndex: 'tracking_no', render: (v: string | null) => v ?? '-' },
          { title: '订单号', dataIndex: 'amazon_order_id' },
          { title: '渠道', dataIndex: 'channel_name' },
          {
            title: '异常类型',
            dataIndex: 'type',
            render: (v: number) => <Tag color={TYPE_COLORS[v]}>{typeLabel(v)}</Tag>,
          },
          { title: '状态', dataIndex: 'status', render: (v: ProblemStatus) => PROBLEM_STATUS_LABELS[v] },
          { title: '赔偿金额', dataIndex: 'compensation', render: (v: number | null) => (v === null ? '-' : yuan(v)) },
          { title: '新运单', dataIndex: 'new_waybill_no', render: (v: string | null) => v ?? '-' },
          { title: '登记人', dataIndex: 'reported_by' },
          { title: '登记时间', dataIndex: 'created_at', render: (v: number) => formatSeconds(v) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Button size="small" onClick={() => setOpenId(r.id)}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <ReportDialog open={reporting} onClose={() => setReporting(false)} />
      <ProblemDrawer id={openId} onClose={() => setOpenId(null)} />
    </PageContainer>
  );
}
