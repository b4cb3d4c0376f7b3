import { ReloadOutlined } from '@ant-design/icons';
import { PLATFORM_STATE_RANK } from '@console/shared/schemas/platform';
import { Alert, Button, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSessionStore } from '../../../stores/session-store';
import { canOpenPath } from '../../home/home/home-links';
import { StatusCard } from './status-card';
import { usePlatformStatus } from './use-platform-status';

/**
 * 平台首页 (`/platform/index`, issue 31 §4): the state of every connection the console depends
 * on, each card saying what to do next (docs/platform.md).
 */
export function PlatformIndexPage() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const status = usePlatformStatus();
  const d = status.data;
  const canOpen = (path: string) => canOpenPath(user, path);
  const open = (path: string) => navigate(path);
  const attention = d?.cards.filter((c) => PLATFORM_STATE_RANK[c.state] >= PLATFORM_STATE_RANK.warning).length ?? 0;
  return (
    <PageContainer title="平台首页">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">
          店铺授权和各项外部服务的连接状态{d ? `(更新于 ${formatSeconds(d.generated_at)})` : ''}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} loading={status.isFetching} onClick={() => void status.refetch()}>
          刷新
        </Button>
      </Space>
      {status.isError && <Alert type="error" showIcon message="状态读取失败,请稍后刷新重试" />}
      {d && attention > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${attention}项需要处理,请按卡片中的提示操作`}
        />
      )}
      {!d && status.isLoading && <Spin />}
      {d && d.cards.length === 0 && <Empty />}
      <Row gutter={[12, 12]}>
        {d?.cards.map((c) => (
          <Col key={c.key} xs={24} lg={c.key === 'shops' ? 24 : 12} xxl={c.key === 'shops' ? 24 : 8}>
            <StatusCard card={c} canOpen={canOpen} onOpen={open} />
          </Col>
        ))}
      </Row>
    </PageContainer>
  );
}
