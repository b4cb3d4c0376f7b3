import { CURRENCIES, roundedMarketCurrencies } from '@console/shared/money';
import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { type PriceRule, useFollowMutations, usePriceRule } from '../../../../api/follow';
import { useFeedback } from '../../../../app/ui-bridge';
import { bpToPercent, percentToBp, ruleAmountFromNumber, ruleAmountIn, ruleAmountToNumber } from '../../follow-units';

type RuleForm = { mode: PriceRule['mode']; value: number; margin: number };

/**
 * The saved rule in the form's units: an amount with two decimals (in each marketplace's own
 * currency; rounded up to whole units where the currency has none, JPY), or a percent; the margin in percent.
 */
function toForm(r: PriceRule): RuleForm {
  return {
    mode: r.mode,
    value: r.mode === 'amount' ? ruleAmountToNumber(r.value) : bpToPercent(r.value),
    margin: bpToPercent(r.min_margin_bp),
  };
}

/** The form's values in the API's units (minor units, basis points). */
function toRule(v: RuleForm): PriceRule {
  return {
    mode: v.mode,
    value: v.mode === 'amount' ? ruleAmountFromNumber(v.value) : percentToBp(v.value),
    min_margin_bp: percentToBp(v.margin),
  };
}

/**
 * The tenant's follow price rule: below the Buy Box by an amount (in each marketplace's own
 * currency, two decimals; what it is in a currency without decimals is shown beside it) or a
 * percent, never under cost x (1 + minimum margin %).
 */
export function PriceRuleForm() {
  const { message } = useFeedback();
  const rule = usePriceRule();
  const { saveRule } = useFollowMutations();
  const [form] = Form.useForm<RuleForm>();
  useEffect(() => {
    if (rule.data) form.setFieldsValue(toForm(rule.data));
  }, [rule.data, form]);
  const mode = Form.useWatch('mode', form);
  const value = Form.useWatch('value', form);
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 12 }}
      data-testid="follow-price-rule"
      onFinish={async (v) => {
        await saveRule.mutateAsync(toRule(v));
        message.success('定价规则已保存');
      }}
    >
      <Space wrap>
        <span>建议价:购物车价格减</span>
        <Form.Item name="mode" noStyle>
          <Select
            aria-label="降价方式"
            style={{ width: 120 }}
            options={[
              { value: 'amount', label: '固定金额' },
              { value: 'percent', label: '百分比' },
            ]}
            // The number typed means something else in the other mode: start it over.
            onChange={() => form.setFieldValue('value', undefined)}
          />
        </Form.Item>
        <Form.Item name="value" rules={[{ required: true, message: '请填写降价幅度' }]} style={{ marginBottom: 0 }}>
          {mode === 'percent' ? (
            <InputNumber
              aria-label="降价百分比"
              min={0}
              max={100}
              precision={2}
              step={0.5}
              suffix="%"
              style={{ width: 120 }}
            />
          ) : (
            <InputNumber
              aria-label="降价金额"
              min={0}
              max={100_000}
              precision={2}
              step={0.01}
              // One rule for every marketplace: the amount is in each marketplace's own currency.
              suffix="站点货币"
              title="按站点货币计,如英国站为英镑;日元无小数,向上取整到整日元"
              style={{ width: 170 }}
            />
          )}
        </Form.Item>
        {mode === 'amount' && typeof value === 'number' && (
          <Typography.Text type="secondary" data-testid="rule-rounded">
            {roundedMarketCurrencies()
              .map((c) => `${CURRENCIES[c].name}站点按 ${ruleAmountIn(ruleAmountFromNumber(value), c)}`)
              .join(',')}
          </Typography.Text>
        )}
        <span>最低利润率</span>
        <Form.Item name="margin" rules={[{ required: true, message: '请填写最低利润率' }]} style={{ marginBottom: 0 }}>
          <InputNumber aria-label="最低利润率" min={0} max={1000} precision={2} suffix="%" style={{ width: 120 }} />
        </Form.Item>
        <Button htmlType="submit" loading={saveRule.isPending}>
          保存规则
        </Button>
      </Space>
    </Form>
  );
}
