import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useHomeReport } from '../../../api/home';
import { roleName, useBrandingStore } from '../../../app/bootstrap';
import { usePageActive } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { formatDate, formatSeconds } from '../../../lib/format';
import { useSessionStore } from '../../../stores/session-store';
import { HomeChecklist } from './home-checklist';
import { HomeFigures } from './home-figures';

/** Figures older than this are read again when the tab is shown again. */
const REFRESH_AFTER_MS = 30_000;

/**
 * Home (`/index`, issue 31 §1): the state of the business for the caller's role (getNewReport),
 * each figure opening the list behind it, the getting-started checklist of a new tenant, and a
 * small account card.
 */
export function HomePage() {
  const user = useSessionStore((s) => s.user);
  const brand = useBrandingStore((s) => s.title);
  const report = useHomeReport();
  const r = report.data;
  // The page stays mounted in its tab: coming back to it after a while shows fresh figures.
  const active = usePageActive();
  const { dataUpdatedAt, refetch } = report;
  useEffect(() => {
    if (active && dataUpdatedAt && Date.now() - dataUpdatedAt > REFRESH_AFTER_MS) void refetch();
  }, [active, dataUpdatedAt, refetch]);
  const empty = r && !r.orders && !r.uploads && !r.monitor && !r.finance && !r.goods && !r.shops;
  return (
    <PageContainer type="ghost">
      <Row gutter={[12, 12]}>
        <Col span={24}>
          <Card size="small" variant="borderless">
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Typography.Text strong>
                欢迎使用{brand},{user?.user_name}
              </Typography.Text>
              <Space>
                {r && (
                  <Typography.Text type="secondary" data-testid="home-updated">
                    更新于 {formatSeconds(r.generated_at)}
                  </Typography.Text>
                )}
                <Button
                  icon={<ReloadOutlined />}
                  loading={report.isFetching}
                  onClick={() => void refetch()}
                  data-testid="home-refresh"
                >
                  刷新
                </Button>
              </Space>
            </Space>
            <Descriptions size="small" column={4} style={{ marginTop: 8 }}>
              <Descriptions.Item label="账号">{user?.account ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="角色">{roleName(user)}</Descriptions.Item>
              <Descriptions.Item label="用户ID">{user?.uid}</Descriptions.Item>
              <Descriptions.Item label="到期时间">{formatDate(user?.end_time)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        {report.isError && (
          <Col span={24}>
            <Alert type="error" showIcon title="首页数据加载失败,请点击刷新重试" />
          </Col>
        )}
        {!r && report.isPending && (
          <Col span={24}>
            <Spin style={{ display: 'block', margin: 48 }} />
          </Col>
        )}
        {r?.checklist && (
          <Col span={24}>
            <HomeChecklist checklist={r.checklist} />
          </Col>
        )}
        {r && !empty && (
          <Col span={24}>
            <HomeFigures report={r} />
          </Col>
        )}
        {empty && (
          <Col span={24}>
            <Card variant="borderless">
              <Empty description="当前角色没有可查看的经营数据" />
            </Card>
          </Col>
        )}
      </Row>
    </PageContainer>
  );
}
