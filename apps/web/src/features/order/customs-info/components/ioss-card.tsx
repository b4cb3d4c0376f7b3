import { CURRENCIES } from '@console/shared/money';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useIossMutations, useIossSetting } from '../../../../api/customs';
import { useFeedback } from '../../../../app/ui-bridge';

/**
 * The platform operator's IOSS number (shown to the operator's admins only): the number that
 * goes on declarations to the EU up to EUR 150, and a check of one declaration.
 */
export function IossCard() {
  const { message } = useFeedback();
  const setting = useIossSetting(true);
  const { save, check } = useIossMutations();
  const [number, setNumber] = useState('');
  const [result, setResult] = useState<Awaited<ReturnType<typeof check.mutateAsync>> | null>(null);

  useEffect(() => setNumber(setting.data?.ioss_number ?? ''), [setting.data?.ioss_number]);

  const onSave = async () => {
    try {
      await save.mutateAsync({ ioss_number: number.trim(), version: setting.data?.version ?? 0 });
      message.success('修改成功');
    } catch {
      // Shown by the http client.
    }
  };

  return (
    <Card title="平台IOSS编号" size="small" style={{ marginBottom: 16 }} data-testid="ioss-card">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        寄往欧盟且货值不超过150欧元(按{setting.data?.rates_as_of ?? ''}
        日期的汇率换算)的包裹,报关时使用此IOSS编号;超过150欧元不使用。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Input
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="IM加10位数字"
          style={{ width: 220 }}
          maxLength={12}
          data-testid="ioss-number"
        />
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          保存
        </Button>
      </Space>
      <Form
        layout="inline"
        initialValues={{ country: 'DE', currency: 'EUR' }}
        onFinish={async (v: { country: string; value: string; currency: string }) => {
          try {
            setResult(await check.mutateAsync(v));
          } catch {
            setResult(null);
          }
        }}
      >
        <Form.Item name="country" label="目的国" rules={[{ required: true, message: '请填写目的国' }]}>
          <Input style={{ width: 70 }} maxLength={2} />
        </Form.Item>
        <Form.Item name="value" label="货值" rules={[{ required: true, message: '请填写货值' }]}>
          <Input style={{ width: 120 }} data-testid="ioss-value" />
        </Form.Item>
        <Form.Item name="currency">
          <Select style={{ width: 100 }} options={Object.keys(CURRENCIES).map((c) => ({ label: c, value: c }))} />
        </Form.Item>
        <Button htmlType="submit" loading={check.isPending}>
          检查
        </Button>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.applies ? 'success' : 'info'}
          data-testid="ioss-result"
          message={`${result.reason_text}${result.value_eur ? `(折合 ${result.value_eur} EUR)` : ''}${
            result.ioss_number ? `,IOSS编号 ${result.ioss_number}` : ''
          }`}
        />
      )}
    </Card>
  );
}
