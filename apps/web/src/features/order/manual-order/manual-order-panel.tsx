import { COUNTRY_OPTIONS } from '@console/shared/constants/marketplaces';
import { formatMoney, minor, toDecimalString } from '@console/shared/money';
import {
  MANUAL_STATUS_LABELS,
  MANUAL_STATUSES,
  MANUAL_TRANSITIONS,
  type ManualOrderView,
  type ManualStatus,
  type ManualTransition,
} from '@console/shared/schemas/manual-order';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useManualDetail, useManualList, useManualMutations } from '../../../api/order-extras';
import { useShopList } from '../../../api/shop';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { formatSeconds } from '../../../lib/format';
import { moneyTextRule } from '../../../lib/money-input';

const COLORS: Partial<Record<ManualStatus, string>> = {
  [-2]: 'default',
  [-1]: 'warning',
  1: 'gold',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'purple',
  6: 'purple',
  7: 'red',
};
const statusTag = (s: ManualStatus) => <Tag color={COLORS[s]}>{MANUAL_STATUS_LABELS[s]}</Tag>;
const amountText = (v: number | null) => (v === null ? '-' : formatMoney(minor(v), 'CNY'));

interface FormValues {
  shop_id?: number | null;
  marketplace?: string | null;
  asin?: string;
  seller_sku?: string;
  title?: string;
  quantity?: number;
  amount?: string;
  buyer_name?: string;
  buyer_phone?: string;
  buyer_address?: string;
  note?: string;
}

/** The new/edit form of a manual order (only while unpaid: 信息缺失 or 待付款). */
function ManualForm({ edit, open, onClose }: { edit: ManualOrderView | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { save } = useManualMutations();
  const shops = useShopList({ page: 1, pageSize: 200 });
  const { message } = useFeedback();
  return (
    <Modal
      title={edit ? `编辑手工单 ${edit.id}` : '新建手工单'}
      open={open}
      width={640}
      destroyOnHidden
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          edit
            ? {
                ...edit,
                amount: edit.amount_minor === null ? '' : toDecimalString(minor(edit.amount_minor), 'CNY'),
                buyer_name: edit.buyer_masked ? '' : edit.buyer_name,
                buyer_phone: edit.buyer_masked ? '' : edit.buyer_phone,
                buyer_address: edit.buyer_masked ? '' : edit.buyer_address,
              }
            : { quantity: 1 }
        }
        onFinish={(v) =>
          save.mutate(
            { ...v, ...(edit ? { id: edit.id, version: edit.version } : {}) },
            {
              onSuccess: (r) => {
                message.success(r.status === -1 ? '已保存,信息缺失的手工单补全后才能付款' : '已保存,等待付款');
                onClose();
              },
            },
          )
        }
        data-testid="manual-form"
      >
        <Space wrap>
          <Form.Item name="shop_id" label="店铺">
            <Select
              allowClear
              style={{ width: 180 }}
              options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="marketplace" label="站点">
            <Select allowClear style={{ width: 120 }} options={COUNTRY_OPTIONS.map((c) => ({ ...c }))} />
          </Form.Item>
          <Form.Item name="asin" label="ASIN" rules={[{ len: 10, message: 'ASIN格式不合法' }]}>
            <Input style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="seller_sku" label="SKU">
            <Input style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="title" label="商品标题">
          <Input maxLength={200} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="quantity" label="数量">
            <InputNumber min={1} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="amount" label="金额(元)" rules={[moneyTextRule()]}>
            <Input style={{ width: 140 }} placeholder="如 35.50" />
          </Form.Item>
          <Form.Item name="buyer_name" label="收件人">
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="buyer_phone" label="电话">
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="buyer_address" label="地址">
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The detail drawer: fields, history and the steps the caller may take from the current status. */
function ManualDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (m: ManualOrderView) => void;
}) {
  const detail = useManualDetail(id);
  const { transition } = useManualMutations();
  const has = useHas();
  const { message } = useFeedback();
  const [asking, setAsking] = useState<ManualTransition | null>(null);
  const [reason, setReason] = useState('');
  const m = detail.data;
  const steps = m ? MANUAL_TRANSITIONS.filter((t) => t.from === m.status && has(t.need)) : [];
  const go = (t: ManualTransition, why = '') => {
    if (!m) return;
    transition.mutate(
      { id: m.id, version: m.version, to: t.to, ...(why ? { reason: why } : {}) },
      {
        onSuccess: () => {
          message.success(`已${t.label}`);
          setAsking(null);
          setReason('');
        },
      },
    );
  };
  return (
    <Drawer title={m ? `手工单 ${m.id}` : '手工单'} open={id !== null} onClose={onClose} size="large">
      {m && (
        <>
          <Space style={{ marginBottom: 12 }} wrap data-testid="manual-steps">
            {statusTag(m.status)}
            {(m.status === -1 || m.status === 1) && has('order.manual') && (
              <Button onClick={() => onEdit(m)}>编辑</Button>
            )}
            {steps.map((t) => (
              <Button
                key={`${t.from}>${t.to}`}
                type={t.to === -2 || t.to === 7 ? 'default' : 'primary'}
                danger={t.to === -2 || t.to === 7}
                loading={transition.isPending}
                onClick={() => (t.reason ? setAsking(t) : go(t))}
              >
                {t.label}
              </Button>
            ))}
          </Space>
          {m.status === -1 && <Typography.Paragraph type="warning">缺少:{m.missing.join('、')}</Typography.Paragraph>}
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="店铺/站点">{`${m.shop_name ?? '-'} / ${m.marketplace ?? '-'}`}</Descriptions.Item>
            <Descriptions.Item label="ASIN/SKU">{`${m.asin || '-'} / ${m.seller_sku || '-'}`}</Descriptions.Item>
            <Descriptions.Item label="商品" span={2}>
              {m.title || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="数量">{m.quantity}</Descriptions.Item>
            <Descriptions.Item label="金额">{amountText(m.amount_minor)}</Descriptions.Item>
            <Descriptions.Item label="收件人">{m.buyer_name || '-'}</Descriptions.Item>
            <Descriptions.Item label="电话">{m.buyer_phone || '-'}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {m.buyer_address || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="付款时间">{formatSeconds(m.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{formatSeconds(m.completed_at)}</Descriptions.Item>
            <Descriptions.Item label="质保截止">{formatSeconds(m.warranty_until)}</Descriptions.Item>
            <Descriptions.Item label="创建人">{m.created_by_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {m.note || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            历史
          </Typography.Title>
          <Timeline
            items={m.events.map((e) => ({
              content: `${formatSeconds(e.created_at)} ${e.user_name ?? ''}:${e.from_status === null ? '' : `${MANUAL_STATUS_LABELS[e.from_status]} → `}${MANUAL_STATUS_LABELS[e.to_status]} ${e.text}`,
            }))}
          />
        </>
      )}
      <Modal
        title={asking ? `${asking.label}的原因` : ''}
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onOk={() => asking && go(asking, reason.trim())}
        okButtonProps={{ disabled: !reason.trim(), loading: transition.isPending }}
      >
        <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} rows={3} />
      </Modal>
    </Drawer>
  );
}

/** 手工单 (manual orders, a view of 订单处理): status tabs with counts, the list, new/edit and the detail. */
export function ManualOrderPanel() {
  const [status, setStatus] = useState<ManualStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const list = useManualList({ ...page, ...(status === undefined ? {} : { status }), ...(keyword ? { keyword } : {}) });
  const [open, setOpen] = useState<number | null>(null);
  const [form, setForm] = useState<{ edit: ManualOrderView | null } | null>(null);
  const has = useHas();
  const counts = list.data?.counts ?? {};
  const all = Object.values(counts).reduce((s, n) => s + n, 0);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="单号 / ASIN / SKU / 标题"
          allowClear
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 240 }}
        />
        {has('order.manual') && (
          <Button type="primary" onClick={() => setForm({ edit: null })} data-testid="manual-new">
            新建手工单
          </Button>
        )}
      </Space>
      <Tabs
        activeKey={status === undefined ? 'all' : String(status)}
        onChange={(k) => {
          setStatus(k === 'all' ? undefined : (Number(k) as ManualStatus));
          setPage({ ...page, page: 1 });
        }}
        items={[
          { key: 'all', label: `全部 (${all})` },
          ...MANUAL_STATUSES.map((s) => ({
            key: String(s),
            label: `${MANUAL_STATUS_LABELS[s]} (${counts[String(s)] ?? 0})`,
          })),
        ]}
      />
      <Table<ManualOrderView>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { title: '单号', dataIndex: 'id', width: 90 },
          { title: '状态', width: 130, render: (_, r) => statusTag(r.status) },
          { title: '店铺/站点', width: 150, render: (_, r) => `${r.shop_name ?? '-'} / ${r.marketplace ?? '-'}` },
          { title: 'ASIN/SKU', width: 200, render: (_, r) => `${r.asin || '-'} / ${r.seller_sku || '-'}` },
          { title: '商品', dataIndex: 'title' },
          { title: '数量', dataIndex: 'quantity', width: 70 },
          { title: '金额', width: 120, render: (_, r) => amountText(r.amount_minor) },
          { title: '创建时间', dataIndex: 'created_at', width: 170, render: formatSeconds },
        ]}
        data-testid="manual-table"
      />
      <ManualDrawer id={open} onClose={() => setOpen(null)} onEdit={(m) => setForm({ edit: m })} />
      <ManualForm edit={form?.edit ?? null} open={form !== null} onClose={() => setForm(null)} />
    </>
  );
}
