import { GOODS_LACKS } from '@console/shared/constants/goods';
import { formatMoney, minor } from '@console/shared/money';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactElement } from 'react';
import type { HomeReport } from '../../../api/home';
import { FigureCard } from './figure-card';
import { useHomeLinks } from './home-links';

/** Where each figure leads (the list behind it, filtered as the figure counts; docs/home.md). */
export const FIGURE_LINKS = {
  today: (since: number) => `/order/list?since=${since}`,
  unshipped: '/order/list?status=Unshipped',
  pending: '/order/list?status=Pending',
  oversold: '/order/list?oversold=1',
  siteToday: '/order/list?view=site',
  sitePaid: '/order/list?view=site&site_status=paid',
  sitePending: '/order/list?view=site&site_status=pending',
  uploadRunning: '/goods/amazon/queue?status=running',
  uploadPending: '/goods/amazon/queue?status=pending',
  uploadFailed: '/goods/amazon/queue?status=failed',
  monitor: '/index/message-send?source=monitor&unread=1',
  balance: '/member/index',
  goods: '/goods/admin/list',
  shops: '/order/shop?auth=attention',
  shopsExpired: '/order/shop?auth=expired',
  shopsNever: '/order/shop?auth=never',
  shopsExpiring: '/order/shop?auth=expiring',
} as const;

const span = { xs: 12, md: 8, xl: 6 } as const;

/** The statistic cards of 首页: only the groups the report holds (the role may see them). */
export function HomeFigures({ report: r }: { report: HomeReport }) {
  const { canOpen, open, goodsList } = useHomeLinks();
  /** `onOpen` for a path, or undefined when the role cannot open it (the figure is not a link). */
  const to = (path: string) => (canOpen(path) ? () => open(path) : undefined);
  const cards: ReactElement[] = [];
  if (r.orders) {
    const o = r.orders;
    cards.push(
      <FigureCard
        key="t"
        id="orders-today"
        title="今日订单"
        value={o.today}
        onOpen={to(FIGURE_LINKS.today(r.today_start))}
      />,
      <FigureCard
        key="u"
        id="orders-unshipped"
        title="待发货订单"
        value={o.unshipped}
        onOpen={to(FIGURE_LINKS.unshipped)}
      />,
      <FigureCard key="p" id="orders-pending" title="待付款订单" value={o.pending} onOpen={to(FIGURE_LINKS.pending)} />,
      <FigureCard
        key="o"
        id="orders-oversold"
        title="超卖订单"
        value={o.oversold}
        tone={o.oversold > 0 ? 'danger' : undefined}
        onOpen={to(FIGURE_LINKS.oversold)}
      />,
    );
  }
  if (r.site_orders) {
    const so = r.site_orders;
    cards.push(
      <FigureCard
        key="st"
        id="site-orders-today"
        title="今日独立站订单"
        value={so.today}
        onOpen={to(FIGURE_LINKS.siteToday)}
      />,
      <FigureCard
        key="sp"
        id="site-orders-paid"
        title="独立站已付款"
        value={so.paid}
        onOpen={to(FIGURE_LINKS.sitePaid)}
      />,
      <FigureCard
        key="sw"
        id="site-orders-pending"
        title="独立站待付款"
        value={so.pending}
        onOpen={to(FIGURE_LINKS.sitePending)}
      />,
    );
  }
  if (r.uploads) {
    const u = r.uploads;
    cards.push(
      <FigureCard
        key="ur"
        id="uploads-running"
        title="上传进行中"
        value={u.running}
        onOpen={to(FIGURE_LINKS.uploadRunning)}
      />,
      <FigureCard
        key="up"
        id="uploads-pending"
        title="上传排队中"
        value={u.pending}
        onOpen={to(FIGURE_LINKS.uploadPending)}
      />,
      <FigureCard
        key="uf"
        id="uploads-failed"
        title="上传已中止"
        value={u.failed}
        tone={u.failed > 0 ? 'danger' : undefined}
        onOpen={to(FIGURE_LINKS.uploadFailed)}
      />,
    );
  }
  if (r.monitor) {
    cards.push(
      <FigureCard
        key="m"
        id="monitor-unread"
        title="未读跟卖提醒"
        value={r.monitor.unread}
        tone={r.monitor.unread > 0 ? 'warning' : undefined}
        onOpen={to(FIGURE_LINKS.monitor)}
      />,
    );
  }
  if (r.finance) {
    const f = r.finance;
    cards.push(
      <FigureCard
        key="f"
        id="balance"
        title="可用余额"
        value={formatMoney(minor(f.available_minor), f.currency)}
        tone={f.below_warning ? 'danger' : undefined}
        onOpen={to(FIGURE_LINKS.balance)}
        extra={
          f.warning_minor > 0
            ? `${f.below_warning ? '低于' : '预警'} ${formatMoney(minor(f.warning_minor), f.currency)}`
            : '未设置余额预警'
        }
      />,
    );
  }
  if (r.shops) {
    const s = r.shops;
    const attention = s.expired + s.never + s.expiring;
    cards.push(
      <FigureCard
        key="s"
        id="shops-attention"
        title="店铺授权待处理"
        value={attention}
        suffix={`/ ${s.total}`}
        tone={attention > 0 ? 'warning' : undefined}
        onOpen={to(FIGURE_LINKS.shops)}
        extra={(
          [
            ['expired', '失效', s.expired, FIGURE_LINKS.shopsExpired],
            ['never', '未授权', s.never, FIGURE_LINKS.shopsNever],
            ['expiring', '即将到期', s.expiring, FIGURE_LINKS.shopsExpiring],
          ] as const
        ).map(([k, label, n, path], i) => (
          <span key={k}>
            {i > 0 && ' · '}
            {canOpen(path) ? (
              <Typography.Link
                data-testid={`home-shops-${k}`}
                onClick={(e) => {
                  e.stopPropagation();
                  open(path);
                }}
              >
                {label} {n}
              </Typography.Link>
            ) : (
              `${label} ${n}`
            )}
          </span>
        ))}
      />,
    );
  }
  if (r.goods) {
    cards.push(
      <FigureCard
        key="gw"
        id="goods-will-audit"
        title="待审核商品"
        value={r.goods.will_audit}
        onOpen={canOpen(FIGURE_LINKS.goods) ? () => goodsList({ status: 'willAudit' }) : undefined}
      />,
    );
  }
  return (
    <Row gutter={[12, 12]} data-testid="home-figures">
      {cards.map((c) => (
        <Col key={c.key} {...span}>
          {c}
        </Col>
      ))}
      {r.goods && (
        <Col span={24}>
          <Card
            size="small"
            variant="borderless"
            title={`待完善商品 ${r.goods.incomplete}`}
            data-testid="home-goods-incomplete"
          >
            {GOODS_LACKS.map((l) => {
              const n = r.goods!.lacks[l.value];
              return canOpen(FIGURE_LINKS.goods) && n > 0 ? (
                <Typography.Link
                  key={l.value}
                  style={{ marginRight: 16 }}
                  onClick={() => goodsList({ lack: l.value })}
                  data-testid={`home-lack-${l.value}`}
                >
                  {l.label} {n}
                </Typography.Link>
              ) : (
                <Typography.Text key={l.value} style={{ marginRight: 16 }} data-testid={`home-lack-${l.value}`}>
                  {l.label} {n}
                </Typography.Text>
              );
            })}
          </Card>
        </Col>
      )}
    </Row>
  );
}
