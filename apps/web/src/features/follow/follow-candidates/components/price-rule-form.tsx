import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useEffect } from 'react';
import { type PriceRule, useFollowMutations, usePriceRule } from '../../../../api/follow';
import { useFeedback } from '../../../../app/ui-bridge';
import { MoneyInput } from '../../../../components/money-input';
import { moneyInputRule } from '../../../../lib/money-input';

/**
 * The tenant's follow price rule: below the Buy Box by an amount (in the marketplace's minor
 * units, e.g. cents) or a percent, never under cost x (1 + minimum margin).
 */
export function PriceRuleForm() {
  const { message } = useFeedback();
  const rule = usePriceRule();
  const { saveRule } = useFollowMutations();
  const [form] = Form.useForm<{ mode: PriceRule['mode']; value: number; margin: number }>();
  useEffect(() => {
    if (rule.data)
      form.setFieldsValue({ mode: rule.data.mode, value: rule.data.value, margin: rule.data.min_margin_bp });
  }, [rule.data, form]);
  const mode = Form.useWatch('mode', form);
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 12 }}
      onFinish={async (v) => {
        await saveRule.mutateAsync({ mode: v.mode, value: v.value, min_margin_bp: v.margin });
        message.success('定价规则已保存');
      }}
    >
      <Space>
        <span>建议价:购物车价格减</span>
        <Form.Item name="mode" noStyle>
          <Select
            style={{ width: 130 }}
            options={[
              { value: 'amount', label: '固定金额(分)' },
              { value: 'percent', label: '百分比(万分之)' },
            ]}
          />
        </Form.Item>
        {mode === 'percent' ? (
          <Form.Item name="value" noStyle rules={[{ required: true, message: '请填写降价幅度' }]}>
            <InputNumber min={0} precision={0} style={{ width: 100 }} addonAfter="‱" />
          </Form.Item>
        ) : (
          // An amount in minor units, read by the shared money parser ("10,50" is 金额格式不正确).
          <Form.Item name="value" rules={[{ required: true, message: '请填写降价幅度' }, moneyInputRule]}>
            <MoneyInput minorUnits aria-label="降价金额" style={{ width: 120 }} suffix="分" />
          </Form.Item>
        )}
        <span>最低利润率</span>
        <Form.Item name="margin" noStyle rules={[{ required: true, message: '请填写最低利润率' }]}>
          <InputNumber min={0} precision={0} style={{ width: 100 }} addonAfter="‱" />
        </Form.Item>
        <Button htmlType="submit" loading={saveRule.isPending}>
          保存规则
        </Button>
      </Space>
    </Form>
  );
}
