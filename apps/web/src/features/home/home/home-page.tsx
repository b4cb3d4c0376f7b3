import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { roleName, useBrandingStore } from '../../../app/bootstrap';
import { flattenLeaves } from '../../../layout/menu/menu-model';
import { useMenuSelect, useMenus } from '../../../layout/menu/use-menus';
import { PageContainer } from '../../../layout/page/page-container';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../stores/session-store';

/** Home (index): the signed-in account at a glance and quick links to the sections the user may open. */
export function HomePage() {
  const user = useSessionStore((s) => s.user);
  const brand = useBrandingStore((s) => s.title);
  const { aside } = useMenus();
  const select = useMenuSelect();
  const sections = aside.slice(1);
  return (
    <PageContainer type="ghost">
      <Row gutter={[12, 12]}>
        <Col span={24}>
          <Card variant="borderless">
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              欢迎使用{brand},{user?.user_name}
            </Typography.Title>
            <Descriptions size="small" column={4}>
              <Descriptions.Item label="账号">{user?.account ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="角色">{roleName(user)}</Descriptions.Item>
              <Descriptions.Item label="用户ID">{user?.uid}</Descriptions.Item>
              <Descriptions.Item label="到期时间">{formatDate(user?.end_time)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        {sections.map((s) => (
          <Col key={s.key} xs={24} md={12} xl={8}>
            <Card size="small" title={s.title} variant="borderless">
              <div className="home-links">
                {flattenLeaves(s.children ?? []).map((e) => (
                  <Typography.Link key={e.path} onClick={() => select(e.node)} style={{ marginRight: 12 }}>
                    {e.fullTitle}
                  </Typography.Link>
                ))}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </PageContainer>
  );
}
