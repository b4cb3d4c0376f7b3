import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS } from '@console/shared/schemas/overseas-inbound';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInboundMutations, useInboundSkuOptions, useInboundWarehouses } from '../../../api/overseas-inbound';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';

interface FormValues {
  warehouse_id: number;
  shipping_method: (typeof SHIPPING_METHODS)[number];
  carrier?: string;
  tracking_no?: string;
  expected_date?: string;
  note?: string;
  boxes: { lines: { stock_id: number; quantity: number }[] }[];
}

/** A SKU picker over the tenant's SKUs (searched on the server). */
function SkuSelect(props: { value?: number; onChange?: (v: number) => void; testId: string }) {
  const [keyword, setKeyword] = useState('');
  const options = useInboundSkuOptions(keyword);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={props.value}
      onChange={props.onChange}
      placeholder="选择SKU"
      style={{ width: 280 }}
      data-testid={props.testId}
      loading={options.isFetching}
      options={(options.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.sku} ${s.title}` }))}
    />
  );
}

/** 创建入库单 (`/overseas/inbound/add`): the warehouse, shipping and the boxes with their SKUs and quantities. */
export function InboundAddPage() {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const warehouses = useInboundWarehouses();
  const { save } = useInboundMutations();
  const submit = async (v: FormValues) => {
    const saved = await save.mutateAsync({
      warehouse_id: v.warehouse_id,
      shipping_method: v.shipping_method,
      carrier: v.carrier ?? '',
      tracking_no: v.tracking_no ?? '',
      expected_date: v.expected_date || null,
      note: v.note ?? '',
      boxes: v.boxes,
    });
    message.success(`入库单 ${saved.number} 已保存`);
    navigate(`/overseas/inbound/list?id=${saved.id}`);
  };
  return (
    <PageContainer title="创建入库单">
      <Form<FormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 900 }}
        initialValues={{ shipping_method: 'sea', boxes: [{ lines: [{}] }] }}
        onFinish={submit}
        data-testid="inbound-form"
      >
        <Space wrap size="large">
          <Form.Item name="warehouse_id" label="目的仓库" rules={[{ required: true, message: '请选择仓库' }]}>
            <Select
              style={{ width: 240 }}
              data-testid="inbound-warehouse"
              placeholder="选择海外仓"
              options={(warehouses.data?.list ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
            />
          </Form.Item>
          <Form.Item name="shipping_method" label="运输方式" rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }))}
            />
          </Form.Item>
          <Form.Item name="carrier" label="承运商">
            <Input style={{ width: 180 }} maxLength={64} />
          </Form.Item>
          <Form.Item name="tracking_no" label="跟踪号">
            <Input style={{ width: 200 }} maxLength={64} />
          </Form.Item>
          <Form.Item name="expected_date" label="预计到仓日期">
            <Input type="date" style={{ width: 170 }} data-testid="inbound-expected" />
          </Form.Item>
        </Space>
        <Form.List name="boxes">
          {(boxes, { add, remove }) => (
            <>
              {boxes.map((box, i) => (
                <Card
                  key={box.key}
                  size="small"
                  title={`第 ${i + 1} 箱`}
                  style={{ marginBottom: 12 }}
                  data-testid={`inbound-box-${i + 1}`}
                  extra={
                    boxes.length > 1 && (
                      <Button type="link" danger onClick={() => remove(box.name)}>
                        删除箱子
                      </Button>
                    )
                  }
                >
                  <Form.List name={[box.name, 'lines']}>
                    {(lines, l) => (
                      <>
                        {lines.map((line, j) => (
                          <Space key={line.key} align="baseline">
                            <Form.Item
                              name={[line.name, 'stock_id']}
                              rules={[{ required: true, message: '请选择SKU' }]}
                            >
                              <SkuSelect testId={`inbound-sku-${i + 1}-${j + 1}`} />
                            </Form.Item>
                            <Form.Item
                              name={[line.name, 'quantity']}
                              rules={[{ required: true, message: '请填写数量' }]}
                            >
                              <InputNumber
                                min={1}
                                max={100000}
                                precision={0}
                                placeholder="数量"
                                data-testid={`inbound-qty-${i + 1}-${j + 1}`}
                              />
                            </Form.Item>
                            {lines.length > 1 && (
                              <Button type="link" danger onClick={() => l.remove(line.name)}>
                                删除
                              </Button>
                            )}
                          </Space>
                        ))}
                        <Button type="dashed" onClick={() => l.add({})}>
                          添加SKU
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button onClick={() => add({ lines: [{}] })} data-testid="inbound-add-box">
                添加箱子
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="note" label="备注" style={{ marginTop: 12 }}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="inbound-save">
          保存草稿
        </Button>
      </Form>
    </PageContainer>
  );
}
