import { ADJUST_KINDS, type AdjustKind } from '@console/shared/constants/finance';
import type { TopupRow } from '@console/shared/schemas/finance';
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import {
  type ExpressLogFilters,
  type TopupFilters,
  useAdjust,
  useApproveTopup,
  useExpressLog,
  useFinanceClients,
  useRefuseTopup,
  useReviewTopups,
} from '../../../api/finance';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { EntriesTable } from '../components/entries-table';
import { toFen, yuan, yuanRule } from '../components/money';
import { TopupTable } from '../components/topup-table';
import { PayeeTab } from '../payee/payee-tab';
import { TopupFilterForm, topupFilters } from '../topup-list/topup-list-page';

/**
 * 物流充值 (`/member/user/adminExpressLog`), for the platform operator and traders: review the
 * top-ups of the clients whose money they keep, and adjust balances (credit, debit, refund with
 * a mandatory reason); the log lists logistics top-ups and adjustments; 收款账户 keeps where the
 * clients send their top-ups (shown on 提交充值).
 */
export function ExpressLogPage() {
  return (
    <PageContainer title="物流充值">
      <Tabs
        items={[
          { key: 'review', label: '充值审核', children: <ReviewTab /> },
          { key: 'log', label: '充值与调整记录', children: <LogTab /> },
          { key: 'payee', label: '收款账户', children: <PayeeTab /> },
        ]}
      />
    </PageContainer>
  );
}

function ReviewTab() {
  const [filters, setFilters] = useState<TopupFilters>({ page: 1, pageSize: 20, status: 0 });
  const list = useReviewTopups(filters);
  const approve = useApproveTopup();
  const { message } = useFeedback();
  const [refusing, setRefusing] = useState<TopupRow | null>(null);
  return (
    <>
      <TopupFilterForm onSearch={(v) => setFilters(topupFilters(v, filters.pageSize))} />
      <TopupTable
        showAccount
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        page={filters.page}
        pageSize={filters.pageSize}
        loading={list.isFetching}
        onPage={(page, pageSize) => setFilters({ ...filters, page, pageSize })}
        actions={(r) =>
          r.status === 0 ? (
            <Space>
              <Popconfirm
                title={`确认通过 ${r.account} 的充值 ${yuan(r.amount)}?`}
                onConfirm={async () => {
                  await approve.mutateAsync(r.id);
                  message.success('审核通过');
                }}
              >
                <Button type="link" size="small" data-testid="approve-topup">
                  通过
                </Button>
              </Popconfirm>
              <Button type="link" size="small" danger onClick={() => setRefusing(r)}>
                驳回
              </Button>
            </Space>
          ) : null
        }
      />
      <RefuseDialog row={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}

function RefuseDialog({ row, onClose }: { row: TopupRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const refuse = useRefuseTopup();
  const { message } = useFeedback();
  return (
    <Modal
      title="驳回充值"
      open={row !== null}
      confirmLoading={refuse.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        if (!row) return;
        await refuse.mutateAsync({ id: row.id, reason: v.reason });
        message.success('已驳回');
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}
        >
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LogTab() {
  const [filters, setFilters] = useState<ExpressLogFilters>({ page: 1, pageSize: 20 });
  const list = useExpressLog(filters);
  const presets = useMemo(() => rangePresets(), []);
  const [adjusting, setAdjusting] = useState(false);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Form<{ range?: [Dayjs | null, Dayjs | null] | null; account?: string }>
          layout="inline"
          onFinish={(v) => {
            const { startTime, endTime } = rangeToSeconds(v.range);
            setFilters({
              page: 1,
              pageSize: filters.pageSize,
              ...(startTime ? { startTime } : {}),
              ...(endTime ? { endTime } : {}),
              ...(v.account?.trim() ? { account: v.account.trim() } : {}),
            });
          }}
        >
          <Form.Item name="account">
            <Input placeholder="账号" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form>
        <Button onClick={() => setAdjusting(true)}>余额调整</Button>
      </Space>
      <EntriesTable
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        page={filters.page}
        pageSize={filters.pageSize}
        loading={list.isFetching}
        onPage={(page, pageSize) => setFilters({ ...filters, page, pageSize })}
        extraColumns={[{ title: '账号', dataIndex: 'account', width: 120 }]}
      />
      <AdjustDialog open={adjusting} onClose={() => setAdjusting(false)} />
    </>
  );
}

function AdjustDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ uid: number; kind: AdjustKind; amount: string; reason: string }>();
  const [keyword, setKeyword] = useState('');
  const clients = useFinanceClients(keyword);
  const adjust = useAdjust();
  const { message } = useFeedback();
  const [key, setKey] = useState(() => crypto.randomUUID());
  return (
    <Modal
      title="余额调整"
      open={open}
      confirmLoading={adjust.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await adjust.mutateAsync({
          uid: v.uid,
          kind: v.kind,
          amount: toFen(v.amount),
          reason: v.reason,
          idem_key: key,
        });
        message.success('调整成功');
        setKey(crypto.randomUUID());
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form} labelCol={{ span: 5 }}>
        <Form.Item name="uid" label="账户" rules={[{ required: true, message: '请选择账户' }]}>
          <Select
            showSearch={{ onSearch: setKeyword, filterOption: false }}
            options={(clients.data ?? []).map((c) => ({
              value: c.uid,
              label: `${c.account}(${c.user_name}) 余额 ${yuan(c.available)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
          <Select options={Object.entries(ADJUST_KINDS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="amount" label="金额(元)" rules={[yuanRule]}>
          <Input />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
