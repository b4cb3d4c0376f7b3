import { DownloadOutlined } from '@ant-design/icons';
import { GATHER_SITES } from '@console/shared/schemas/gather';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useGatherExtension, useGatherToken } from './gather-api';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * 采集插件下载 (`/index/down-gather`, issue 31 §5, docs/plugin.md): the built extension zip with
 * its version and size, installation steps for Chrome/Edge, the console address and the user's
 * collection token (shown once in full when made, then only its last four characters).
 */
export function DownGatherPage() {
  const info = useGatherExtension();
  const { create, revoke } = useGatherToken();
  const { message } = useFeedback();
  const [fresh, setFresh] = useState<string | null>(null);
  const d = info.data;
  const consoleUrl = d?.console_url ?? window.location.origin;

  const makeToken = async () => {
    const r = await create.mutateAsync();
    setFresh(r.token);
    message.success('已生成采集令牌,请立即复制到插件中,离开本页后不再显示');
  };
  const revokeToken = async () => {
    const r = await revoke.mutateAsync();
    setFresh(null);
    message.success(r.revoked ? '已撤销采集令牌' : '没有可撤销的令牌');
  };

  return (
    <PageContainer title="采集插件下载">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="采集插件" size="small">
          {d && !d.available && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="服务器上尚未构建采集插件"
              description="请管理员在服务器上运行 npm run build:extension(npm start 会自动构建)。"
            />
          )}
          <Descriptions size="small" column={3} data-testid="gather-facts">
            <Descriptions.Item label="版本">{d?.version || '-'}</Descriptions.Item>
            <Descriptions.Item label="大小">{d?.available ? sizeText(d.size) : '-'}</Descriptions.Item>
            <Descriptions.Item label="构建时间">{formatSeconds(d?.built_at)}</Descriptions.Item>
            <Descriptions.Item label="支持网站" span={3}>
              {Object.values(GATHER_SITES).map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!d?.available}
            href={d?.available ? `${d.download_url}` : undefined}
            download={d?.file_name}
            data-testid="gather-download"
          >
            下载插件
          </Button>
        </Card>

        <Card title="安装步骤(Chrome / Edge)" size="small">
          <Steps
            direction="vertical"
            size="small"
            current={-1}
            items={[
              { title: '下载插件并解压', description: '点击上方「下载插件」,把 zip 文件解压到一个不会删除的文件夹。' },
              {
                title: '打开扩展程序页面',
                description: 'Chrome 地址栏输入 chrome://extensions,Edge 输入 edge://extensions。',
              },
              { title: '开启开发者模式', description: '打开页面右上角(Edge 为左下角)的「开发者模式」开关。' },
              { title: '加载已解压的扩展程序', description: '点击「加载已解压的扩展程序」,选择刚才解压的文件夹。' },
              {
                title: '填写控制台地址和采集令牌',
                description: '点击浏览器工具栏的插件图标,粘贴下方的控制台地址和采集令牌,点击保存。',
              },
              {
                title: '开始采集',
                description:
                  '打开1688、淘宝/天猫、速卖通或亚马逊的商品详情页,点击右下角「采集」按钮,商品进入商品列表(类型:采集)。',
              },
            ]}
          />
        </Card>

        <Card title="控制台地址与采集令牌" size="small">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="控制台地址">
              <Typography.Text copyable data-testid="gather-console-url">
                {consoleUrl}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="采集令牌">
              {fresh ? (
                <Space direction="vertical" size={4}>
                  <Typography.Text copyable code data-testid="gather-token-full">
                    {fresh}
                  </Typography.Text>
                  <Typography.Text type="warning">令牌只显示这一次,请立即复制;遗失后可重新生成。</Typography.Text>
                </Space>
              ) : d?.token.active ? (
                <Space size={8} data-testid="gather-token-state">
                  <Typography.Text code>{`sgcg_****${d.token.hint}`}</Typography.Text>
                  <Typography.Text type="secondary">
                    生成于 {formatSeconds(d.token.created_at)},最近使用 {formatSeconds(d.token.last_used_at)}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary" data-testid="gather-token-state">
                  尚未生成
                </Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 12 }}>
            {d?.token.active ? (
              <Popconfirm title="重新生成后旧令牌立即失效,插件需填写新令牌。确定吗?" onConfirm={makeToken}>
                <Button loading={create.isPending} data-testid="gather-token-create">
                  重新生成
                </Button>
              </Popconfirm>
            ) : (
              <Button type="primary" loading={create.isPending} onClick={makeToken} data-testid="gather-token-create">
                生成令牌
              </Button>
            )}
            <Popconfirm title="撤销后插件将无法采集,确定吗?" onConfirm={revokeToken} disabled={!d?.token.active}>
              <Button danger disabled={!d?.token.active} loading={revoke.isPending} data-testid="gather-token-revoke">
                撤销
              </Button>
            </Popconfirm>
          </Space>
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              令牌只能用于把商品采集到你自己的商品库,不能登录控制台;采集价格按「采集价格设置」换算。
            </Typography.Text>
          </div>
        </Card>
      </Space>
    </PageContainer>
  );
}
