import { thumbnailUrl } from '@console/shared/constants/images';
import { type ErrorFeedData, UPLOAD_RETRYABLE, type UploadIssue } from '@console/shared/schemas/upload';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useNavigate, useParams } from 'react-router';
import { queueUnfinished, useErrorFeed, useUploadMutations } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import {
  ITEM_STATUS_COLOR,
  itemStatusLabel,
  marketplaceLabel,
  queueStateText,
  uploadTypeLabel,
} from '../amazon-upload/upload-labels';
import { ISSUE_SOURCE_LABEL, IssueFixLink, IssueOrigin } from './issue-parts';

type FeedItem = ErrorFeedData['items'][number];

const SEVERITY: Record<UploadIssue['severity'], { label: string; color: string }> = {
  ERROR: { label: '错误', color: 'error' },
  WARNING: { label: '警告', color: 'warning' },
  INFO: { label: '提示', color: 'default' },
};

function IssuesTable({ goodsId, issues }: { goodsId: number; issues: UploadIssue[] }) {
  if (!issues.length) return <Typography.Text type="secondary">没有问题</Typography.Text>;
  return (
    <Table<UploadIssue>
      size="small"
      pagination={false}
      rowKey={(r, i) => `${r.code}-${i}`}
      dataSource={issues}
      columns={[
        {
          title: '级别',
          dataIndex: 'severity',
          width: 70,
          render: (s: UploadIssue['severity'], r) => (
            <Space direction="vertical" size={0}>
              <Tag color={SEVERITY[s].color}>{SEVERITY[s].label}</Tag>
              <Typography.Text type="secondary" data-testid="issue-source">
                {ISSUE_SOURCE_LABEL[r.source]}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: '字段',
          key: 'field',
          width: 200,
          render: (_, r) => <IssueFixLink goodsId={goodsId} issue={r} />,
        },
        {
          title: '问题',
          key: 'message',
          render: (_, r) => (
            <div data-testid="issue-message">
              <div>{r.message_zh}</div>
              <IssueOrigin issue={r} />
            </div>
          ),
        },
      ]}
    />
  );
}

function ItemCard({ goodsId, item }: { goodsId: number; item: FeedItem }) {
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid={`feed-item-${item.marketplace}`}
      title={
        <Space>
          <span>{marketplaceLabel(item.marketplace)}</span>
          <Tag color={ITEM_STATUS_COLOR[item.status]}>{itemStatusLabel(item.status)}</Tag>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {item.seller_sku}
            {item.asin ? ` · ${item.asin}` : ''} · {formatSeconds(item.updated_at)}
          </Typography.Text>
        </Space>
      }
    >
      {item.error && <Alert type="error" showIcon message={item.error} style={{ marginBottom: 8 }} />}
      <IssuesTable goodsId={goodsId} issues={item.issues} />
    </Card>
  );
}

/**
 * 错误日志 (`/goods/amazon/error_feed/:queue_id/:goods_id`, issue 14 §4): every issue of one
 * product in a queue, per marketplace, in Chinese and Amazon's original, with the editor
 * field it concerns and a link that opens the editor on it.
 */
export function ErrorFeedPage() {
  const params = useParams();
  const queueId = Number(params.queue_id);
  const goodsId = Number(params.goods_id);
  const feed = useErrorFeed(queueId, goodsId);
  const { retry } = useUploadMutations();
  const { message } = useFeedback();
  const navigate = useNavigate();

  if (feed.isError) return <Result status="404" title="记录不存在或无权访问" />;
  if (!feed.data) return <Spin style={{ margin: 48 }} />;
  const d = feed.data;
  const retryable = d.items.filter((i) => UPLOAD_RETRYABLE.includes(i.status)).map((i) => i.id);
  return (
    <PageContainer
      title={`错误日志 #${queueId} / 商品 #${goodsId}`}
      extra={
        <Space>
          <Button onClick={() => navigate('/goods/amazon/queue')}>上传记录</Button>
          <Button onClick={() => navigate(`/goods/amazon/edit/${queueId}`)}>编辑队列</Button>
          <Button onClick={() => navigate(`/goods/admin/update/${goodsId}`)}>编辑商品</Button>
          <Popconfirm
            title="重新提交本商品?"
            description={`将本商品 ${retryable.length} 个失败条目按当前商品资料重新提交到亚马逊;提交后无法撤回,结果在上传记录中查看。`}
            okText="重新提交"
            cancelText="取消"
            disabled={retryable.length === 0 || queueUnfinished(d.queue) || retry.isPending}
            onConfirm={async () => {
              const r = await retry.mutateAsync({ queue_id: queueId, item_ids: retryable });
              message.success(`已重新提交${r.affected}个条目`);
            }}
          >
            <Button
              type="primary"
              disabled={retryable.length === 0 || queueUnfinished(d.queue) || retry.isPending}
              loading={retry.isPending}
              data-testid="feed-retry"
            >
              {retry.isPending ? '提交中' : '重新提交本商品'}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="商品">
          <Space>
            {d.thumbnail && <img src={thumbnailUrl(d.thumbnail)} alt="" width={32} height={32} />}
            <span>{d.goods_title || '(无标题)'}</span>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="SKU">{d.goods_sku || '-'}</Descriptions.Item>
        <Descriptions.Item label="店铺">{d.queue.shop_name}</Descriptions.Item>
        <Descriptions.Item label="上传类型">{uploadTypeLabel(d.queue.upload_type)}</Descriptions.Item>
        <Descriptions.Item label="队列状态">
          <Tag color={queueStateText(d.queue).color}>{queueStateText(d.queue).text}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="创建">{`${d.queue.creator_name} · ${formatSeconds(d.queue.created_at)}`}</Descriptions.Item>
      </Descriptions>
      {d.queue.error && <Alert type="error" showIcon message={d.queue.error} style={{ marginBottom: 12 }} />}
      {d.items.length ? (
        d.items.map((item) => <ItemCard key={item.id} goodsId={goodsId} item={item} />)
      ) : (
        <Empty description="该商品不在此队列中" />
      )}
    </PageContainer>
  );
}
