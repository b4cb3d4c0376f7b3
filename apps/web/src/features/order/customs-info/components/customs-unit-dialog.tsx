import { creditCodeError } from '@console/shared/customs/credit-code';
import type { CustomsUnitRow } from '@console/shared/schemas/customs';
import { Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useCustomsUnitMutations } from '../../../../api/customs';
import { useFeedback } from '../../../../app/ui-bridge';

interface Values {
  name: string;
  credit_code: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  is_default: boolean;
  remark?: string;
}

/** Add or edit one production and sales unit record; the credit code's check digit is checked as typed. */
export function CustomsUnitDialog({
  row,
  open,
  onClose,
}: {
  row: CustomsUnitRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { create, update } = useCustomsUnitMutations();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);

  const submit = async (v: Values) => {
    const body = { ...v, remark: v.remark ?? '' };
    try {
      if (row) await update.mutateAsync({ ...body, id: row.id, version: row.version });
      else await create.mutateAsync(body);
      message.success(row ? '修改成功' : '添加成功');
      onClose();
    } catch {
      // Shown by the http client; the dialog stays open.
    }
  };

  return (
    <Modal
      title={row ? '编辑产销单位' : '添加产销单位'}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ is_default: false }}
        data-testid="customs-unit-form"
      >
        <Form.Item name="name" label="单位名称" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="credit_code"
          label="统一社会信用代码"
          normalize={(v: string) => v.toUpperCase().trim()}
          rules={[
            { required: true, message: '请填写统一社会信用代码' },
            {
              validator: async (_, v: string | undefined) => {
                const error = v ? creditCodeError(v) : null;
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input maxLength={18} placeholder="18位,含校验位" />
        </Form.Item>
        <Form.Item name="address" label="地址" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="contact_name" label="联系人" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="contact_phone"
          label="联系电话"
          rules={[
            { required: true, message: '请填写联系电话' },
            {
              pattern: /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/,
              message: '联系电话格式不正确(11位手机号或带区号的固定电话)',
            },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="is_default" label="报关默认使用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
