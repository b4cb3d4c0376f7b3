import { GOODS_TYPE_UNSET_LABEL, GOODS_TYPES } from '@console/shared/constants/goods';
import type { BaseInfo } from '@console/shared/schemas/goods';
import { httpUrl } from '@console/shared/validation/url';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { memo, useMemo } from 'react';
import { MoneyInput } from '../../../../components/money-input';
import { moneyInputRule } from '../../../../lib/money-input';
import { zodRule } from '../../../../lib/zod-rule';
import { CategorySelect } from '../../components/category-select';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { quantityHelp } from '../editor-model';
import { useEditor, useEditorStore } from '../editor-store';
import { ProductIdField } from './product-id-field';

/** The supplier link is http(s) only, checked on the screen with the API's own schema (issue 27 §5). */
const LINK_URL_RULE = zodRule(httpUrl('来源链接', { allowEmpty: true }), 'onChange');

type Values = Omit<BaseInfo, 'cost_price' | 'is_electric' | 'not_vat'> & {
  cost_yuan?: number | null;
  is_electric?: boolean;
  not_vat?: boolean;
  tags?: string[];
};

const typeOptions = GOODS_TYPES.map((t) => ({
  value: t.value,
  label: t.value === 0 ? GOODS_TYPE_UNSET_LABEL : t.label,
}));

/** Form values -> baseInfo patch: cost in yuan becomes fen (integers only), switches become 0/1. */
function toPatch(changed: Partial<Values>): { base: Partial<BaseInfo>; tags?: string[] } {
  const { cost_yuan, is_electric, not_vat, tags, ...rest } = changed;
  const base: Partial<BaseInfo> = { ...rest };
  // Text that is no amount (NaN, shown as 金额格式不正确) keeps the last cost.
  if ('cost_yuan' in changed && !Number.isNaN(cost_yuan)) base.cost_price = yuanToFen(cost_yuan);
  if (is_electric !== undefined) base.is_electric = is_electric ? 1 : 0;
  if (not_vat !== undefined) base.not_vat = not_vat ? 1 : 0;
  return { base, ...(tags ? { tags } : {}) };
}

/** Base info pane (baseInfo fields of spec section 3); more fields behind the goodsInfo switch. */
export const BaseInfoForm = memo(function BaseInfoForm() {
  const store = useEditorStore();
  const more = useEditor((s) => s.switches.goodsInfo);
  const skuError = useEditor((s) => s.fieldErrors.sku);
  // A new product's random default says so until it is changed: the shown number is the one saved.
  const quantityNote = useEditor((s) => quantityHelp(s.draft));
  const initial = useMemo<Values>(() => {
    const { draft } = store.getState();
    const b = draft.baseInfo;
    return {
      ...b,
      cost_yuan: fenToYuan(b.cost_price),
      is_electric: b.is_electric === 1,
      not_vat: b.not_vat === 1,
      tags: draft.tags,
    };
  }, [store]);
  return (
    <Form<Values>
      layout="vertical"
      initialValues={initial}
      data-testid="base-info-form"
      onValuesChange={(changed) => {
        const { base, tags } = toPatch(changed);
        if (Object.keys(base).length) store.getState().setBase(base);
        if (tags) store.getState().setDraft({ tags });
      }}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="sku"
            label="SKU"
            validateStatus={skuError ? 'error' : undefined}
            help={skuError || undefined}
          >
            <Input data-testid="base-sku" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="type" label="类型">
            <Select options={typeOptions} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <ProductIdField />
        </Col>
        <Col span={8}>
          <Form.Item name="brand_name" label="品牌名">
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="vendor" label="制造商">
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="manufactuer_id" label="制造商编号">
            <Input />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="cost_yuan" label="成本价(元)" rules={[moneyInputRule]}>
            <MoneyInput data-testid="base-cost" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="quantity" label="库存" help={quantityNote}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="base-quantity" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="deal_time" label="处理时间(天)">
            <InputNumber min={0} max={30} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="category_id" label="商品分类">
            <CategorySelect placeholder="选择分类" style={{ width: '100%' }} data-testid="base-category" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="link_url" label="来源链接" rules={[LINK_URL_RULE]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="tags" label="标签">
            <Select mode="tags" open={false} placeholder="输入后回车" />
          </Form.Item>
        </Col>
      </Row>
      {more && (
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="weight" label="重量(g)">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {(['length1', 'length2', 'length3'] as const).map((k, i) => (
            <Col span={4} key={k}>
              <Form.Item name={k} label={`${['长', '宽', '高'][i]}(cm)`}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          <Col span={6}>
            <Form.Item name="discount" label="折扣(0-1)">
              <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="is_electric" label="带电" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="not_vat" label="免VAT" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="product_category_text" label="类目文本">
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </Form>
  );
});
