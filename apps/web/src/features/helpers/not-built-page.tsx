import { Empty } from 'antd';
import { useRouteHandle } from '../../app/root-shell';
import { PageContainer } from '../../layout/page/page-container';

/** Plain page for screens that later issues build (docs/not-built.md lists them). */
export function NotBuiltPage() {
  const handle = useRouteHandle();
  return (
    <PageContainer type="card" title={handle?.meta.title}>
      <Empty description="该页面尚未开发" data-testid="not-built" style={{ padding: '48px 0' }} />
    </PageContainer>
  );
}
