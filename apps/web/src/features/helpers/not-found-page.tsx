import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** 404 page for any path that is not a route (spec section 2); open without sign-in. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div style={{ paddingTop: 80 }} data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle="抱歉,您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => navigate('/index')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
