import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type SaveOutboundBody, useOutboundMutations, useOutboundStock } from '../../../api/overseas-outbound';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';

type FormValues = Omit<SaveOutboundBody, 'lines'> & { lines: { stock_id?: number; quantity?: number }[] };

/** 创建出库单 (`/overseas/outbound/add`): a manual outbound — warehouse, recipient, SKU lines with what is available. */
export function OutboundAddPage() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const stock = useOutboundStock(warehouseId);
  const { save } = useOutboundMutations();
  const warehouse = stock.data?.warehouses.find((w) => w.id === warehouseId);
  const available = new Map((stock.data?.list ?? []).map((s) => [s.stock_id, s.available]));
  const submit = async (v: FormValues) => {
    const r = await save.mutateAsync({
      ...v,
      lines: v.lines.map((l) => ({ stock_id: l.stock_id ?? 0, quantity: l.quantity ?? 0 })),
    });
    message.success(`出库单 ${r.number} 已创建`);
    form.resetFields();
    navigate('/overseas/outbound/list');
  };
  return (
    <PageContainer title="创建出库单">
      <Form<FormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 880 }}
        initialValues={{ lines: [{}] }}
        onFinish={submit}
        data-testid="outbound-form"
      >
        <Card title="仓库与渠道" size="small" style={{ marginBottom: 12 }}>
          <Space wrap align="start">
            <Form.Item name="warehouse_id" label="仓库" rules={[{ required: true, message: '请选择仓库' }]}>
              <Select
                style={{ width: 240 }}
                placeholder="选择海外仓"
                data-testid="outbound-warehouse"
                onChange={(v: number) => setWarehouseId(v)}
                options={(stock.data?.warehouses ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
              />
            </Form.Item>
            <Form.Item name="carrier_code" label="承运商">
              <Select
                style={{ width: 180 }}
                allowClear
                placeholder="选择承运商"
                options={(warehouse?.carriers ?? []).map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
            <Form.Item name="channel" label="渠道">
              <Input style={{ width: 180 }} placeholder="如 DHL Paket" maxLength={64} />
            </Form.Item>
          </Space>
        </Card>
        <Card title="收件人" size="small" style={{ marginBottom: 12 }}>
          <Space wrap align="start">
            <Form.Item name={['recipient', 'name']} label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
              <Input style={{ width: 200 }} data-testid="recipient-name" maxLength={100} />
            </Form.Item>
            <Form.Item name={['recipient', 'phone']} label="电话">
              <Input style={{ width: 180 }} maxLength={40} />
            </Form.Item>
            <Form.Item
              name={['recipient', 'country']}
              label="国家"
              rules={[{ required: true, pattern: /^[A-Za-z]{2}$/, message: '请输入两位国家代码' }]}
            >
              <Input style={{ width: 90 }} placeholder="DE" data-testid="recipient-country" maxLength={2} />
            </Form.Item>
          </Space>
          <Form.Item name={['recipient', 'line1']} label="地址1" rules={[{ required: true, message: '请输入地址' }]}>
            <Input data-testid="recipient-line1" maxLength={200} />
          </Form.Item>
          <Form.Item name={['recipient', 'line2']} label="地址2">
            <Input maxLength={200} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name={['recipient', 'city']} label="城市" rules={[{ required: true, message: '请输入城市' }]}>
              <Input style={{ width: 200 }} data-testid="recipient-city" maxLength={100} />
            </Form.Item>
            <Form.Item name={['recipient', 'state']} label="州/省">
              <Input style={{ width: 160 }} maxLength={100} />
            </Form.Item>
            <Form.Item
              name={['recipient', 'postal_code']}
              label="邮编"
              rules={[{ required: true, message: '请输入邮编' }]}
            >
              <Input style={{ width: 140 }} data-testid="recipient-postal" maxLength={20} />
            </Form.Item>
          </Space>
        </Card>
        <Card title="SKU" size="small" style={{ marginBottom: 12 }}>
          {!warehouseId && <Typography.Text type="secondary">先选择仓库,再选择该仓有库存的SKU</Typography.Text>}
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="start" data-testid="outbound-line">
                    <Form.Item name={[f.name, 'stock_id']} rules={[{ required: true, message: '请选择SKU' }]}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        style={{ width: 360 }}
                        placeholder="选择SKU"
                        data-testid="outbound-sku"
                        options={(stock.data?.list ?? []).map((s) => ({
                          value: s.stock_id,
                          label: `${s.sku} ${s.title}(可用 ${s.available})`,
                          disabled: s.available <= 0,
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'quantity']}
                      dependencies={[['lines', f.name, 'stock_id']]}
                      rules={[
                        { required: true, message: '请输入数量' },
                        ({ getFieldValue }) => ({
                          validator: (_, q?: number) => {
                            const max = available.get(getFieldValue(['lines', f.name, 'stock_id']));
                            return max !== undefined && q !== undefined && q > max
                              ? Promise.reject(new Error(`可用只有 ${max} 件`))
                              : Promise.resolve();
                          },
                        }),
                      ]}
                    >
                      <InputNumber min={1} max={100000} precision={0} placeholder="数量" data-testid="outbound-qty" />
                    </Form.Item>
                    {fields.length > 1 && <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= 100}>
                  添加SKU
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="outbound-submit">
          创建出库单
        </Button>
      </Form>
    </PageContainer>
  );
}
