import { IOSS_REASON_TEXT } from '@console/shared/customs/ioss';
import { minor, toDecimalString } from '@console/shared/money';
import type { DeclarationData } from '@console/shared/schemas/logistics';
import { Button, Form, InputNumber, Modal, Popover, Space, Switch, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useReviewRules, useSaveReviewRules, useTracking } from '../../../../api/logistics';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';

const money = (value: number, currency: string) => `${currency} ${toDecimalString(minor(value), currency)}`;

/**
 * 申报 of a waybill (issue 18 §3): the declared value, the IOSS number when it applies (or why
 * not), and in a popover the lines with their HS codes and the exporter.
 */
export function DeclarationCell({ d }: { d: DeclarationData | null }) {
  if (!d) return <>-</>;
  const missingHs = d.lines.some((l) => !l.hs_code);
  const detail = (
    <Space direction="vertical" size={2} data-testid="declaration-detail">
      {d.lines.map((l, i) => (
        <Typography.Text key={i}>
          {l.hs_code ? `HS ${l.hs_code} ${l.name_cn}/${l.name_en}` : `${l.title}(未设置海关编码)`} × {l.quantity}
          {l.unit}:{money(l.value, l.currency)}
        </Typography.Text>
      ))}
      <Typography.Text>
        产销单位:{d.exporter ? `${d.exporter.name}(${d.exporter.credit_code})` : '未备案'}
      </Typography.Text>
      <Typography.Text>
        {IOSS_REASON_TEXT[d.ioss.reason]}
        {d.ioss.value_eur !== null ? `(约 EUR ${d.ioss.value_eur},汇率日期 ${d.ioss.rates_as_of})` : ''}
      </Typography.Text>
    </Space>
  );
  return (
    <Popover content={detail} title="报关申报">
      <Space size={4} wrap>
        <span>{money(d.value, d.currency)}</span>
        {d.ioss.applies ? (
          <Tag color="green">IOSS {d.ioss.number}</Tag>
        ) : d.ioss.reason === 'no_number' ? (
          <Tag color="orange">缺IOSS编号</Tag>
        ) : null}
        {missingHs && <Tag color="orange">缺海关编码</Tag>}
        {!d.exporter && <Tag color="orange">未备案产销单位</Tag>}
      </Space>
    </Popover>
  );
}

/** 轨迹: the carrier's tracking events of a waybill in a dialog. */
export function TrackingButton({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const q = useTracking(open ? id : null);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        轨迹
      </Button>
      <Modal title="物流轨迹" open={open} footer={null} onCancel={() => setOpen(false)}>
        {q.data && (
          <div data-testid="tracking-events">
            <Typography.Paragraph>跟踪号 {q.data.tracking_no}</Typography.Paragraph>
            <Timeline
              items={[...q.data.events].reverse().map((e) => ({
                children: `${formatSeconds(e.at)} ${e.text}${e.place ? ` · ${e.place}` : ''}`,
              }))}
            />
          </div>
        )}
        {q.isFetching && !q.data && <Typography.Text>查询中…</Typography.Text>}
      </Modal>
    </>
  );
}

interface RulesForm {
  over_estimate_pct: number;
  check_margin: boolean;
  check_balance: boolean;
}

/** 审核规则: the tenant's 运费审核 rules, for reviewers (`logistics.review`). */
export function ReviewRulesButton() {
  const has = useHas();
  const allowed = has('logistics.review');
  const [open, setOpen] = useState(false);
  const q = useReviewRules(allowed && open);
  const save = useSaveReviewRules();
  const { message } = useFeedback();
  const [form] = Form.useForm<RulesForm>();
  useEffect(() => {
    if (open && q.data) form.setFieldsValue(q.data);
  }, [open, q.data, form]);
  if (!allowed) return null;
  const submit = async () => {
    if (!q.data) return;
    const v = await form.validateFields();
    const r = await save.mutateAsync({ ...v, version: q.data.version }).catch(() => null);
    if (!r) {
      q.refetch();
      return;
    }
    message.success('审核规则已保存');
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>审核规则</Button>
      <Modal
        title="运费审核规则"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText="保存"
        confirmLoading={save.isPending}
      >
        <Form form={form} layout="vertical" data-testid="rules-form">
          <Form.Item
            name="over_estimate_pct"
            label="运费超出预估百分比(%)"
            extra="运费高于订单预估运费的该百分比时拦截(0 表示超出即拦截)"
            rules={[{ required: true, message: '请填写该字段' }]}
          >
            <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="check_margin" label="利润为负时拦截" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="check_balance" label="余额不足时拦截" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Typography.Text type="secondary">带电包裹走不接受带电的渠道时总是拦截。</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
