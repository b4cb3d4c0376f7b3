import { ALERT_KINDS } from '@console/shared/schemas/monitor';
import { Button, Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useMonitorMutations, useMonitorOverview } from '../../../api/monitor';
import { PageContainer } from '../../../layout/page/page-container';

/** 监控首页 (`/monitor/index`): ASINs watched, open alerts, hijacked ASINs, Buy Box share, checks against the budget. */
export function MonitorHomePage() {
  const o = useMonitorOverview().data;
  const { handle } = useMonitorMutations();
  const open = (o?.latest_alerts ?? []).filter((a) => !a.handled).map((a) => a.id);
  const share =
    o?.buybox_share_bp === null || o?.buybox_share_bp === undefined ? '-' : `${Math.floor(o.buybox_share_bp / 100)}%`;
  return (
    <PageContainer title="监控首页">
      <Row gutter={[12, 12]} data-testid="monitor-overview">
        <Col span={6}>
          <Card>
            <Statistic title="监控ASIN" value={o?.watched ?? 0} suffix={o ? `/ 本账号 ${o.used}/${o.limit}` : ''} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="未处理提醒" value={o?.open_alerts ?? 0} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="被跟卖ASIN" value={o?.hijacked ?? 0} suffix={o ? `(案件 ${o.live_cases})` : ''} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="购物车占有率" value={share} suffix={o ? `(我方在售 ${o.our_offers})` : ''} />
          </Card>
        </Col>
        <Col span={12}>
          <Card>
            <Statistic
              title="今日检查次数 / 每日预算"
              value={o?.checks_today ?? 0}
              suffix={o ? `/ ${o.budget_today}` : ''}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card>
            <Statistic title="普通优先级检查间隔(秒)" value={o?.poll_interval_s ?? 0} />
          </Card>
        </Col>
      </Row>
      <Card
        title="最新提醒"
        style={{ marginTop: 12 }}
        extra={
          <Button size="small" disabled={open.length === 0} onClick={() => handle.mutate({ ids: open })}>
            全部标记已处理
          </Button>
        }
      >
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={o?.latest_alerts ?? []}
          columns={[
            {
              title: '时间',
              dataIndex: 'created_at',
              width: 170,
              render: (v: string) => v.slice(0, 19).replace('T', ' '),
            },
            { title: 'ASIN', dataIndex: 'asin', width: 120 },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 130,
              render: (k: keyof typeof ALERT_KINDS) => <Tag>{ALERT_KINDS[k]}</Tag>,
            },
            { title: '内容', dataIndex: 'detail' },
            {
              title: '处理',
              width: 110,
              render: (_, a) =>
                a.handled ? (
                  <Tag>已处理</Tag>
                ) : (
                  <Button size="small" onClick={() => handle.mutate({ ids: [a.id] })}>
                    标记已处理
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
