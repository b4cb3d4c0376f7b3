import { GOODS_TYPES } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES, priceCountryCurrency } from '@console/shared/constants/marketplaces';
import { Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { batchUpdate } from '../../../../api/goods';
import { useFeedback } from '../../../../app/ui-bridge';
import { MoneyInput } from '../../../../components/money-input';
import { moneyInputError, moneyInputRule } from '../../../../lib/money-input';
import { CategorySelect } from '../../components/category-select';
import { countryDigits, majorToMinor, yuanToFen } from '../../lib/money';
import { type BatchDialogProps, type Scope, SelectionScope } from './selection-scope';

interface Values {
  type?: number;
  category_id?: number | null;
  brand_name?: string;
  vendor?: string;
  quantity?: number | null;
  deal_time?: number | null;
  cost_yuan?: number | null;
  weight?: number | null;
  remark?: string;
  add_tags?: string[];
  remove_tags?: string[];
  price_country?: string;
  price_major?: string;
}

/** The fields of batchUpdate2 from the form: only filled fields are sent; cost in yuan becomes fen. */
export function batchFields(v: Values): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  if (v.type) f.type = v.type;
  if (v.category_id) f.category_id = v.category_id;
  if (v.brand_name?.trim()) f.brand_name = v.brand_name.trim();
  if (v.vendor?.trim()) f.vendor = v.vendor.trim();
  if (v.quantity !== undefined && v.quantity !== null) f.quantity = v.quantity;
  if (v.deal_time !== undefined && v.deal_time !== null) f.deal_time = v.deal_time;
  if (v.cost_yuan !== undefined && v.cost_yuan !== null) f.cost_price = yuanToFen(v.cost_yuan);
  if (v.weight !== undefined && v.weight !== null) f.weight = v.weight;
  if (v.remark?.trim()) f.remark = v.remark.trim();
  if (v.add_tags?.length) f.add_tags = v.add_tags;
  if (v.remove_tags?.length) f.remove_tags = v.remove_tags;
  if (v.price_country && v.price_major) {
    const price = majorToMinor(v.price_major, countryDigits(v.price_country));
    if (price !== null && !Number.isNaN(price)) f.prices = [{ country_code: v.price_country, price }];
  }
  return f;
}

const typeOptions = GOODS_TYPES.filter((t) => t.value !== 0).map((t) => ({ value: t.value, label: t.label }));
const countryOptions = PRICE_COUNTRIES.map((c) => ({ value: c.country_code, label: `${c.country} (${c.currency})` }));

/** Batch edit (批量编辑): sets the filled fields on the selection or on everything the filter matches. */
export function BatchEditDialog({ open, onClose, selectionFor, selectedCount, total, onDone }: BatchDialogProps) {
  const [form] = Form.useForm<Values>();
  const [scope, setScope] = useState<Scope>(selectedCount ? 'selected' : 'filter');
  const [busy, setBusy] = useState(false);
  const { message } = useFeedback();

  const submit = async () => {
    const fields = batchFields(await form.validateFields());
    if (Object.keys(fields).length === 0) {
      message.warning('请至少填写一个要修改的字段');
      return;
    }
    setBusy(true);
    try {
      const r = await batchUpdate(selectionFor(scope), fields);
      message.success(`已修改${r.affected}个商品`);
      form.resetFields();
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="批量编辑"
      open={open}
      width={640}
      onCancel={onClose}
      onOk={submit}
      okText="确定修改"
      confirmLoading={busy}
      destroyOnHidden
      data-testid="batch-edit-dialog"
    >
      <SelectionScope value={scope} onChange={setScope} selectedCount={selectedCount} total={total} />
      <Form<Values> form={form} layout="horizontal" labelCol={{ span: 5 }} data-testid="batch-edit-form">
        <p style={{ color: 'var(--ant-color-text-secondary)' }}>只修改填写了的字段,留空的字段保持不变。</p>
        <Form.Item name="type" label="类型">
          <Select allowClear options={typeOptions} />
        </Form.Item>
        <Form.Item name="category_id" label="商品分类">
          <CategorySelect placeholder="不修改" data-testid="batch-edit-category" />
        </Form.Item>
        <Form.Item name="brand_name" label="品牌名">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="vendor" label="制造商">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="quantity" label="库存">
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="deal_time" label="处理时间(天)">
          <InputNumber min={0} max={30} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="cost_yuan" label="成本价(元)" rules={[moneyInputRule]}>
          <MoneyInput allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="weight" label="重量(g)">
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="价格">
          <Space.Compact>
            <Form.Item name="price_country" noStyle>
              <Select allowClear placeholder="国家" options={countryOptions} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="price_major"
              noStyle
              dependencies={['price_country']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, v?: string) => {
                    const country = getFieldValue('price_country') as string | undefined;
                    const error = country && v?.trim() ? moneyInputError(v, priceCountryCurrency(country)) : null;
                    if (error) throw new Error(error);
                  },
                }),
              ]}
            >
              <Input placeholder="价格" style={{ width: 140 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="add_tags" label="添加标签">
          <Select mode="tags" open={false} placeholder="输入后回车" />
        </Form.Item>
        <Form.Item name="remove_tags" label="移除标签">
          <Select mode="tags" open={false} placeholder="输入后回车" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
