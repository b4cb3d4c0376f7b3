import { formatMoney, minor } from '@console/shared/money';
import { AGE_BUCKET_LABELS, AGE_BUCKETS } from '@console/shared/schemas/overseas-home';
import { OUTBOUND_STATUS_LABELS, OUTBOUND_STATUSES } from '@console/shared/schemas/overseas-outbound';
import { Card, Col, List, Row, Select, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHomeSummary, useOutboundStock } from '../../../api/overseas-outbound';
import { PageContainer } from '../../../layout/page/page-container';

/**
 * 海外仓首页 (`/overseas/index`): stock value, low stock against the reorder point, inbound
 * arriving this week, outbound by status and storage age; each figure opens its list with the
 * filter in the URL query.
 */
export function OverseasHomePage() {
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const warehouses = useOutboundStock(undefined).data?.warehouses ?? [];
  const s = useHomeSummary(warehouseId).data;
  const wq = warehouseId ? `&warehouse_id=${warehouseId}` : '';
  return (
    <PageContainer title="海外仓首页">
      <Select
        style={{ width: 240, marginBottom: 12 }}
        allowClear
        placeholder="全部仓库"
        value={warehouseId}
        onChange={(v?: number) => setWarehouseId(v)}
        options={warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
      />
      <Row gutter={[12, 12]} data-testid="overseas-home">
        <Col xs={24} md={8}>
          <Card title="库存货值(申报价值 × 在库)" size="small">
            <Link to={`/overseas/inventory/list?has_stock=1${wq}`} data-testid="home-stock-value">
              {(s?.stock_value ?? []).length === 0
                ? '0'
                : s?.stock_value.map((v) => (
                    <div key={v.currency}>
                      <Statistic value={formatMoney(minor(v.value_minor), v.currency)} />
                    </div>
                  ))}
            </Link>
            <Typography.Text type="secondary">{`${s?.sku_count ?? 0} 个SKU,在库 ${s?.on_hand ?? 0} 件`}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="低库存SKU(可用 ≤ 补货点)" size="small">
            <Link to={`/overseas/inventory/list?low_stock=1${wq}`} data-testid="home-low-stock">
              <Statistic value={s?.low_stock.count ?? 0} suffix="个" />
            </Link>
            <List
              size="small"
              dataSource={s?.low_stock.list ?? []}
              renderItem={(l) => (
                <List.Item>{`${l.sku} @${l.warehouse_code}:可用 ${l.available} / 补货点 ${l.reorder_point}`}</List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="本周预计到仓入库单" size="small">
            {s && !s.inbound_week.enabled ? (
              <Typography.Text type="secondary" data-testid="home-inbound-off">
                未启用(入库单尚未上线)
              </Typography.Text>
            ) : (
              <Link to="/overseas/inbound/list?arriving=week" data-testid="home-inbound-week">
                <Statistic value={s?.inbound_week.count ?? 0} suffix={`单 / ${s?.inbound_week.units ?? 0} 件`} />
              </Link>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="出库单(按状态)" size="small">
            <Row gutter={8}>
              {OUTBOUND_STATUSES.map((st) => (
                <Col key={st} span={8}>
                  <Link to={`/overseas/outbound/list?status=${st}`} data-testid={`home-outbound-${st}`}>
                    <Statistic title={OUTBOUND_STATUS_LABELS[st]} value={s?.outbound_by_status[st] ?? 0} />
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="库龄(按入库先进先出,件)" size="small">
            <Row gutter={8}>
              {AGE_BUCKETS.map((b) => (
                <Col key={b} span={6}>
                  <Link to={`/overseas/inventory/flow?age=${b}${wq}`} data-testid={`home-age-${b}`}>
                    <Statistic title={AGE_BUCKET_LABELS[b]} value={s?.age_buckets[b] ?? 0} />
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
