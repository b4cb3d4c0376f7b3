import { countryName } from '@console/shared/constants/marketplaces';
import {
  EXPRESS_STATUS_LABELS,
  EXPRESS_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from '@console/shared/schemas/order';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useOrderOverview } from '../../../api/order';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';

/** 订单首页 (`/order/index`): orders per status, items per express status, orders per day, each shop's sync. */
export function OrderIndexPage() {
  const o = useOrderOverview();
  const nav = useNavigate();
  const d = o.data;
  return (
    <PageContainer title="订单首页">
      <Row gutter={[12, 12]} data-testid="order-counts">
        <Col span={4}>
          <Card size="small" hoverable onClick={() => nav('/order/list')}>
            <Statistic title="全部订单" value={d?.counts.all ?? 0} />
          </Card>
        </Col>
        {ORDER_STATUSES.map((s) => (
          <Col span={4} key={s}>
            <Card size="small">
              <Statistic title={ORDER_STATUS_LABELS[s]} value={d?.counts[s] ?? 0} />
            </Card>
          </Col>
        ))}
        <Col span={4}>
          <Card size="small" hoverable onClick={() => nav('/order/list?oversold=1')} data-testid="order-home-oversold">
            <Statistic
              title="超卖订单"
              value={d?.oversold ?? 0}
              valueStyle={(d?.oversold ?? 0) > 0 ? { color: '#cf1322' } : undefined}
            />
          </Card>
        </Col>
        {EXPRESS_STATUSES.map((s) => (
          <Col span={6} key={s}>
            <Card size="small">
              <Statistic title={`商品${EXPRESS_STATUS_LABELS[s]}`} value={d?.express[s] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={12} style={{ marginTop: 16 }}>
        <Col span={10}>
          <Card size="small" title="近14天订单">
            <Table
              size="small"
              rowKey="day"
              pagination={false}
              dataSource={d?.days ?? []}
              columns={[
                { title: '日期', dataIndex: 'day' },
                { title: '订单数', dataIndex: 'orders' },
              ]}
            />
          </Card>
        </Col>
        <Col span={14}>
          <Card size="small" title="订单同步" data-testid="order-syncs">
            <Table
              size="small"
              rowKey={(r) => `${r.shop_id}-${r.marketplace}`}
              pagination={false}
              dataSource={d?.syncs ?? []}
              columns={[
                { title: '店铺', dataIndex: 'shop_name' },
                {
                  title: '站点',
                  dataIndex: 'marketplace',
                  render: (v: string) => (v === '*' ? '退款' : countryName(v)),
                },
                { title: '已同步到', dataIndex: 'cursor', render: formatSeconds },
                { title: '上次同步', dataIndex: 'last_run_at', render: formatSeconds },
                { title: '错误', dataIndex: 'last_error', render: (v: string | null) => v ?? '-' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
