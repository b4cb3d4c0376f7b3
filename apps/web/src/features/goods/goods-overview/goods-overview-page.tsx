import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type AuditStatus, GOODS_LACKS, type GoodsLack, goodsTypeLabel } from '@console/shared/constants/goods';
import { thumbnailUrl } from '@console/shared/constants/images';
import { DEFAULT_TIME_ZONE } from '@console/shared/constants/time-zone';
import type { GoodsOverview } from '@console/shared/schemas/goods';
import { Alert, Button, Card, Col, Row, Space, Spin, Statistic, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useGoodsOverview } from '../../../api/goods';
import { usePageActive } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { type ListFilterRequest, useGoodsListFilters } from '../lib/list-filters-store';
import './goods-overview.css';

/** Figures older than this are refetched when the tab is shown again. */
const REFRESH_AFTER_MS = 10_000;

/** The product home page (`/goods/index`, 商品首页): the library at a glance. */
export function GoodsOverviewPage() {
  return <GoodsOverviewCards />;
}

function GoodsOverviewCards() {
  const navigate = useNavigate();
  const request = useGoodsListFilters((s) => s.request);
  /** Opens the product list filtered as asked (the list applies it and shows it in its form). */
  const openList = (r: ListFilterRequest) => {
    request(r);
    navigate('/goods/admin/list');
  };
  const overview = useGoodsOverview();
  const o = overview.data;
  // The page stays mounted in its tab: coming back to it after a while shows fresh figures.
  const active = usePageActive();
  const { dataUpdatedAt, refetch } = overview;
  useEffect(() => {
    if (active && dataUpdatedAt && Date.now() - dataUpdatedAt > REFRESH_AFTER_MS) void refetch();
  }, [active, dataUpdatedAt, refetch]);
  return (
    <PageContainer
      type="ghost"
      title="商品首页"
      extra={
        <Space>
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/goods/admin/list')}>
            商品列表
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/goods/admin/create')}>
            创建商品
          </Button>
        </Space>
      }
    >
      {overview.isError && <Alert type="error" showIcon title="商品概况加载失败,请刷新重试" />}
      {!o ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        <Row gutter={[12, 12]} data-testid="goods-overview">
          <Col span={24}>
            <StatusCards counts={o.counts} onOpen={(status) => openList({ status })} />
          </Col>
          <Col xs={24} xl={16}>
            <CreatedChart days={o.created_per_day} timeZone={o.time_zone} />
          </Col>
          <Col xs={24} xl={8}>
            <Incomplete
              incomplete={o.incomplete}
              eans={o.eans}
              onLack={(lack) => openList({ lack })}
              onEans={() => navigate('/goods/ean-table')}
            />
          </Col>
          <Col xs={24} xl={16}>
            <Recent rows={o.recent} onOpen={(id) => navigate(`/goods/admin/update/${id}`)} />
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title="类型分布" variant="borderless">
              {o.by_type.length === 0 ? (
                <Typography.Text type="secondary">暂无商品</Typography.Text>
              ) : (
                o.by_type.map((t) => (
                  <div key={t.type} className="goods-overview-line">
                    <span>{goodsTypeLabel(t.type)}</span>
                    <span>{t.n}</span>
                  </div>
                ))
              )}
            </Card>
          </Col>
        </Row>
      )}
    </PageContainer>
  );
}

function StatusCards({
  counts,
  onOpen,
}: {
  counts: GoodsOverview['counts'];
  onOpen: (status: AuditStatus | 'all') => void;
}) {
  const items: [string, number, AuditStatus | 'all' | 'recycled'][] = [
    ['商品总数(不含回收站)', counts.all, 'all'],
    ['待审核', counts.willAudit, 'willAudit'],
    ['已审核', counts.hasAudit, 'hasAudit'],
    ['无效', counts.useless, 'useless'],
    ['回收站', counts.recycled, 'recycled'],
  ];
  return (
    <Row gutter={[12, 12]}>
      {items.map(([label, n, key]) => (
        <Col key={key} xs={12} md={8} xl={24 / 5} style={{ flex: '1 1 0' }}>
          <Card
            size="small"
            variant="borderless"
            hoverable={key !== 'recycled'}
            onClick={key === 'recycled' ? undefined : () => onOpen(key)}
          >
            <div data-testid={`goods-overview-${key}`}>
              <Statistic title={label} value={n} />
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** How the chart names its calendar: 北京时间 for China, else the zone's name. */
const zoneLabel = (tz: string) => (tz === DEFAULT_TIME_ZONE ? '北京时间' : tz);

/**
 * Products created per day as plain bars (no chart library for one small chart). Days are the
 * tenant's calendar days, counted on the server; the total counts what 商品总数 counts.
 */
function CreatedChart({ days, timeZone }: { days: GoodsOverview['created_per_day']; timeZone: string }) {
  const max = Math.max(1, ...days.map((d) => d.n));
  const total = days.reduce((a, d) => a + d.n, 0);
  return (
    <Card
      size="small"
      title={`近${days.length}天新增商品`}
      extra={
        <Tooltip title={`按${zoneLabel(timeZone)}的日期统计,不含回收站中的商品`}>
          <span data-testid="goods-overview-chart-total">
            共{total}个(不含回收站,{zoneLabel(timeZone)})
          </span>
        </Tooltip>
      }
      variant="borderless"
    >
      <div className="goods-overview-chart" data-testid="goods-overview-chart">
        {days.map((d) => (
          <Tooltip key={d.day} title={`${d.day}: ${d.n}个`}>
            <div className="goods-overview-bar-col">
              <span className="goods-overview-bar-n">{d.n || ''}</span>
              <div className="goods-overview-bar" style={{ height: `${(d.n / max) * 100}%` }} />
              <span className="goods-overview-bar-day">{d.day.slice(5)}</span>
            </div>
          </Tooltip>
        ))}
      </div>
    </Card>
  );
}

/** The home page's count of each 待完善 kind. */
const LACK_COUNT: Record<GoodsLack, keyof GoodsOverview['incomplete']> = {
  image: 'no_image',
  price: 'no_price',
  en_title: 'no_en_title',
  ean: 'variation_without_ean',
  small_image: 'small_main_image',
};

function Incomplete({
  incomplete,
  eans,
  onLack,
  onEans,
}: {
  incomplete: GoodsOverview['incomplete'];
  eans: GoodsOverview['eans'];
  onLack: (lack: GoodsLack) => void;
  onEans: () => void;
}) {
  return (
    <Card size="small" title="待完善的商品" variant="borderless" data-testid="goods-overview-incomplete">
      {GOODS_LACKS.map(({ value, label }) => {
        const n = incomplete[LACK_COUNT[value]];
        return (
          <div key={value} className="goods-overview-line">
            <span>{label}</span>
            {n ? (
              <Typography.Link onClick={() => onLack(value)} data-testid={`goods-overview-lack-${value}`}>
                {n}个
              </Typography.Link>
            ) : (
              <Typography.Text type="secondary">0个</Typography.Text>
            )}
          </div>
        );
      })}
      <div className="goods-overview-line goods-overview-ean">
        <span>
          EAN库: 空闲 {eans.free} / 已使用 {eans.used}
        </span>
        <Button size="small" type="link" onClick={onEans}>
          {eans.free === 0 ? '导入EAN' : '查看'}
        </Button>
      </div>
    </Card>
  );
}

function Recent({ rows, onOpen }: { rows: GoodsOverview['recent']; onOpen: (id: number) => void }) {
  return (
    <Card size="small" title="最新商品" variant="borderless">
      {rows.length === 0 && <Typography.Text type="secondary">还没有商品,点击右上角"创建商品"开始</Typography.Text>}
      {rows.map((r) => (
        <div key={r.id} className="goods-overview-recent" data-testid="goods-overview-recent">
          {r.thumbnail ? (
            <img src={thumbnailUrl(r.thumbnail)} alt="" width={40} height={40} className="goods-overview-thumb" />
          ) : (
            <div className="goods-overview-thumb goods-overview-thumb-empty">无图</div>
          )}
          <div className="goods-overview-recent-text">
            <Typography.Link onClick={() => onOpen(r.id)} ellipsis>
              {r.title || '(无标题)'}
            </Typography.Link>
            <div className="goods-overview-sub">
              #{r.id} · {r.sku || '-'} · {r.creator_name || '-'} · {formatSeconds(r.created_at)}
            </div>
          </div>
        </div>
      ))}
    </Card>
  );
}
