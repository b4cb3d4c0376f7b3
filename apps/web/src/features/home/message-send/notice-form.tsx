import { AUTH_NAMES } from '@console/shared/constants/roles';
import { Button, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { type NoticeInput, useSendNotice } from '../../../api/messages';
import { useFeedback } from '../../../app/ui-bridge';

interface NoticeValues {
  title: string;
  body?: string;
  scope: 'all' | 'one';
  tenant_id?: number;
  role?: number | 'all';
}

/**
 * 发送通知: the platform operator's notice to every tenant or one, to all of its accounts or to
 * one role (shown only with `message.notice`; the server refuses everyone else).
 */
export function NoticeButton() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<NoticeValues>();
  const send = useSendNotice();
  const { message } = useFeedback();
  const scope = Form.useWatch('scope', form);

  const submit = async (v: NoticeValues) => {
    const body: NoticeInput = { title: v.title, body: v.body ?? '' };
    if (v.scope === 'one' && v.tenant_id) body.tenant_id = v.tenant_id;
    if (typeof v.role === 'number') body.role = v.role;
    const r = await send.mutateAsync(body);
    message.success(`已发送给 ${r.tenants} 个租户`);
    setOpen(false);
    form.resetFields();
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="notice-open">
        发送通知
      </Button>
      <Modal
        title="发送通知"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="发送"
        confirmLoading={send.isPending}
        destroyOnHidden
      >
        <Form<NoticeValues>
          form={form}
          name="notice"
          layout="vertical"
          initialValues={{ scope: 'all', role: 'all' }}
          onFinish={(v) => void submit(v).catch(() => undefined)}
        >
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="body" label="内容">
            <Input.TextArea rows={4} maxLength={4000} />
          </Form.Item>
          <Form.Item name="scope" label="发送范围">
            <Radio.Group
              options={[
                { value: 'all', label: '全部租户' },
                { value: 'one', label: '指定租户' },
              ]}
            />
          </Form.Item>
          {scope === 'one' && (
            <Form.Item name="tenant_id" label="租户ID(主账号ID)" rules={[{ required: true, message: '请填写租户ID' }]}>
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="role" label="接收账号">
            <Select
              style={{ width: 200 }}
              options={[
                { value: 'all', label: '全部账号' },
                ...Object.entries(AUTH_NAMES).map(([value, label]) => ({ value: Number(value), label })),
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
