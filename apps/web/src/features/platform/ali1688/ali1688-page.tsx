import { ALI1688_CONNECTION_LABELS, type Ali1688ConnectionView } from '@console/shared/schemas/ali1688';
import { Alert, Button, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { startAli1688Connect, useAli1688Connection, useAli1688Mutations } from './ali1688-api';
import { useFinishAli1688 } from './use-finish-ali1688';

const STATE_COLORS = { connected: 'success', expired: 'warning', failed: 'error', none: 'default' } as const;

const time = (s: number | null) => (s ? new Date(s * 1000).toLocaleString('zh-CN', { hour12: false }) : '—');

/** What the operator must set when the server cannot connect 1688 accounts. */
function ChannelNote({ c }: { c: Ali1688ConnectionView }) {
  if (c.oauth_ready) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="ali1688-not-configured"
      title="服务器未配置1688开放平台应用,暂时无法连接1688账号"
      description={
        c.channel === 'none'
          ? '请运营方在服务器设置 ALI1688_BASE_URL、ALI1688_APP_KEY 和 ALI1688_APP_SECRET(1688开放平台应用),演示环境可设置 ALI1688=demo 使用内置模拟器,然后重启服务。未配置时采购信息请手动填写。'
          : '请运营方在服务器设置 ALI1688_APP_SECRET(1688开放平台应用的密钥)并重启服务。'
      }
    />
  );
}

/**
 * 1688采购 (`/platform/ali1688`): the tenant's own 1688 buyer account, connected through 1688's
 * authorization; 1688下单 of the tenant's orders then buys with that account (docs/ali1688.md).
 */
export function Ali1688Page() {
  const q = useAli1688Connection();
  const failure = useFinishAli1688();
  const { disconnect } = useAli1688Mutations();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const c = q.data;

  const connect = async () => {
    setBusy(true);
    try {
      const r = await startAli1688Connect();
      window.location.assign(r.authorize_url);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer title="1688采购">
      <Typography.Paragraph type="secondary">
        连接本公司的1688买家账号后,订单中的「1688下单」将以该账号在1688下单并由该账号付款(不再从余额扣款),
        物流也以该账号查询。授权在1688页面完成,控制台只保存加密后的授权凭证,不保存1688登录密码。
        未连接时,使用平台的1688账号代为下单并从余额扣款。
      </Typography.Paragraph>
      {failure && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={failure} data-testid="ali1688-failure" />
      )}
      {c && <ChannelNote c={c} />}
      {c && (c.state === 'expired' || c.state === 'failed') && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="1688账号授权已失效,请重新授权;重新授权前1688下单会被拒绝"
        />
      )}
      <Descriptions bordered column={2} size="small" data-testid="ali1688-connection">
        <Descriptions.Item label="状态">
          {c && (
            <Tag color={STATE_COLORS[c.state]} data-testid="ali1688-state">
              {ALI1688_CONNECTION_LABELS[c.state]}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="1688会员">
          {c?.login_id || c?.member_id ? `${c.login_id ?? ''}(${c.member_id ?? ''})` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="连接人">{c?.connected_by ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="连接时间">{time(c?.connected_at ?? null)}</Descriptions.Item>
        <Descriptions.Item label="访问令牌到期">{time(c?.access_expires_at ?? null)}</Descriptions.Item>
        <Descriptions.Item label="授权到期">{time(c?.refresh_expires_at ?? null)}</Descriptions.Item>
        <Descriptions.Item label="最近刷新" span={2}>
          {c?.last_refresh_at
            ? `${time(c.last_refresh_at)} ${c.last_refresh_ok ? '成功' : `失败:${c.last_refresh_error ?? ''}`}`
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        {c?.state === 'none' ? (
          <Button type="primary" loading={busy} disabled={!c.oauth_ready} onClick={connect}>
            连接1688账号
          </Button>
        ) : (
          <>
            <Button type="primary" loading={busy} disabled={!c?.oauth_ready} onClick={connect}>
              重新授权
            </Button>
            <Popconfirm
              title="断开1688账号?"
              description="断开后1688下单将改用平台的1688账号并从余额扣款。"
              okText="断开"
              cancelText="取消"
              onConfirm={() =>
                disconnect.mutateAsync().then(() => {
                  message.success('已断开1688账号');
                })
              }
            >
              <Button danger disabled={!c}>
                断开
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
    </PageContainer>
  );
}
