import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useFinanceOverview, usePayDeposit, useSetWarning } from '../../../api/finance';
import { useFeedback } from '../../../app/ui-bridge';
import { Has } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { BalanceChart } from '../components/balance-chart';
import { toFen, yuan, yuanRule } from '../components/money';

/** 财务首页 (`/member/index`): balances, this month's spend per type, a 30/90-day chart, the low-balance warning. */
export function MemberIndexPage() {
  const [days, setDays] = useState<30 | 90>(30);
  const overview = useFinanceOverview(days);
  const d = overview.data;
  const low = d && d.warning > 0 && d.available < d.warning;
  return (
    <PageContainer title="财务首页">
      {low ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="low-balance"
          message={`可用余额 ${yuan(d.available)} 低于预警金额 ${yuan(d.warning)},请及时充值`}
        />
      ) : null}
      {/* One card per figure (issue 29 §3): the warning level is a card of its own. */}
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} xl={{ flex: '20%' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="可用余额" value={d ? yuan(d.available) : '-'} data-testid="balance-available" />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={{ flex: '20%' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="冻结金额" value={d ? yuan(d.frozen) : '-'} data-testid="balance-frozen" />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={{ flex: '20%' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="保证金" value={d ? yuan(d.deposit) : '-'} />
            <Has permission="finance.payMargin">
              <DepositButton />
            </Has>
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={{ flex: '20%' }}>
          <Card style={{ height: '100%' }}>
            <Statistic title="信用额度" value={d ? yuan(d.credit_limit) : '-'} data-testid="balance-credit" />
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={{ flex: '20%' }}>
          <Card style={{ height: '100%' }} data-testid="balance-warning-card">
            <Statistic title="余额预警" value={d ? (d.warning > 0 ? yuan(d.warning) : '未设置') : '-'} />
            {d ? <WarningForm current={d.warning} /> : null}
          </Card>
        </Col>
      </Row>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col span={16}>
          <Card
            title="余额与消费走势"
            extra={
              <Segmented<30 | 90>
                value={days}
                onChange={setDays}
                options={[
                  { label: '30天', value: 30 },
                  { label: '90天', value: 90 },
                ]}
              />
            }
          >
            <BalanceChart days={d?.days ?? []} />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="本月收支">
            <Table
              rowKey="type"
              size="small"
              pagination={false}
              dataSource={d?.month ?? []}
              columns={[
                { title: '类型', dataIndex: 'type_name' },
                { title: '金额', dataIndex: 'amount', render: yuan },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}

function WarningForm({ current }: { current: number }) {
  const set = useSetWarning();
  const { message } = useFeedback();
  return (
    <Form
      layout="inline"
      style={{ marginTop: 8 }}
      initialValues={{ warning: current ? yuan(current).replace('¥', '') : '' }}
      onFinish={async (v: { warning: string }) => {
        await set.mutateAsync(v.warning ? toFen(v.warning) : 0);
        message.success('设置成功');
      }}
    >
      <Form.Item
        name="warning"
        rules={[{ validator: async (r, v: string) => (v ? yuanRule.validator(r, v) : undefined) }]}
      >
        <Input placeholder="余额预警(元)" style={{ width: 130 }} data-testid="warning-input" />
      </Form.Item>
      <Button htmlType="submit" loading={set.isPending}>
        保存
      </Button>
    </Form>
  );
}

function DepositButton() {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const pay = usePayDeposit();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ amount: string }>();
  return (
    <>
      <Button size="small" style={{ marginTop: 8 }} onClick={() => setOpen(true)}>
        缴纳保证金
      </Button>
      <Modal
        title="缴纳保证金"
        open={open}
        confirmLoading={pay.isPending}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const v = await form.validateFields();
          await pay.mutateAsync({ amount: toFen(v.amount), idem_key: key });
          message.success('缴纳成功');
          setKey(crypto.randomUUID());
          form.resetFields();
          setOpen(false);
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">从可用余额转入保证金。</Typography.Text>
          <Form form={form}>
            <Form.Item name="amount" label="金额(元)" rules={[yuanRule]}>
              <Input />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}
