import type { UploadQueueView } from '@console/shared/schemas/upload';
import { Button, Popconfirm, Progress, Space, Table, type TablePaginationConfig, Tag, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { queueUnfinished } from '../../../../api/upload';
import { formatSeconds } from '../../../../lib/format';
import {
  formatEta,
  marketplaceLabel,
  QUEUE_STATUS_COLOR,
  queueFigures,
  queueStatusLabel,
  uploadTypeLabel,
} from '../../amazon-upload/upload-labels';

/** Row actions of the queue table; the page implements them. */
export interface QueueActions {
  retry: (q: UploadQueueView) => void;
  cancel: (q: UploadQueueView) => void;
  items: (q: UploadQueueView) => void;
  edit: (q: UploadQueueView) => void;
}

function Figures({ q }: { q: UploadQueueView }) {
  const f = queueFigures(q.counts);
  return (
    <Space size={4} wrap data-testid={`queue-figures-${q.id}`}>
      <Tag>等待 {f.waiting}</Tag>
      <Tag color="processing">已发送 {f.sent}</Tag>
      <Tag color="success">已接受 {f.accepted}</Tag>
      <Tag color={f.rejected ? 'error' : 'default'}>被拒绝 {f.rejected}</Tag>
    </Space>
  );
}

/** 上传记录's table: shop, marketplaces, type, counts, progress, ETA, status, creator, time, actions. */
export const QueueTable = memo(function QueueTable({
  rows,
  loading,
  pagination,
  actions,
}: {
  rows: UploadQueueView[];
  loading: boolean;
  pagination: TablePaginationConfig;
  actions: QueueActions;
}) {
  return (
    <Table<UploadQueueView>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      data-testid="queue-table"
      scroll={{ x: 1300 }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: '店铺',
          dataIndex: 'shop_name',
          width: 140,
          render: (name: string, q) => (
            <span>
              {name} {q.sandbox && <Tag color="purple">沙箱</Tag>}
            </span>
          ),
        },
        {
          title: '站点',
          dataIndex: 'marketplaces',
          width: 150,
          render: (ms: string[]) => ms.map(marketplaceLabel).join(' '),
        },
        { title: '类型', dataIndex: 'upload_type', width: 100, render: uploadTypeLabel },
        {
          title: '商品 / 条目',
          key: 'total',
          width: 90,
          render: (_, q) => `${q.goods_count} / ${q.total}`,
        },
        { title: '数量', key: 'figures', width: 220, render: (_, q) => <Figures q={q} /> },
        {
          title: '进度',
          key: 'percent',
          width: 150,
          render: (_, q) => (
            <div>
              <Progress
                percent={q.percent}
                size="small"
                status={q.status === 'failed' ? 'exception' : queueUnfinished(q) ? 'active' : undefined}
              />
              {queueUnfinished(q) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  预计剩余 {formatEta(q.eta_seconds)}
                </Typography.Text>
              )}
            </div>
          ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (s: UploadQueueView['status'], q) => {
            const tag = (
              <Tag color={QUEUE_STATUS_COLOR[s]} data-testid={`queue-status-${q.id}`}>
                {queueStatusLabel(s)}
              </Tag>
            );
            return q.error ? <Tooltip title={q.error}>{tag}</Tooltip> : tag;
          },
        },
        { title: '创建人', dataIndex: 'creator_name', width: 100, ellipsis: true },
        {
          title: '创建 / 完成',
          key: 'time',
          width: 160,
          render: (_, q) => (
            <div style={{ fontSize: 12 }}>
              <div>{formatSeconds(q.created_at)}</div>
              <div>{q.finished_at ? formatSeconds(q.finished_at) : '-'}</div>
            </div>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 250,
          fixed: 'right',
          render: (_, q) => {
            const f = queueFigures(q.counts);
            return (
              <Space size={0} wrap>
                <Button size="small" type="link" onClick={() => actions.items(q)} data-testid={`queue-items-${q.id}`}>
                  查看条目
                </Button>
                <Popconfirm
                  title={`重试${f.rejected}个失败的条目?`}
                  onConfirm={() => actions.retry(q)}
                  disabled={!f.rejected}
                >
                  <Button size="small" type="link" disabled={!f.rejected} data-testid={`queue-retry-${q.id}`}>
                    重试失败
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={`取消${q.counts.waiting}个未发送的条目?`}
                  onConfirm={() => actions.cancel(q)}
                  disabled={!q.counts.waiting}
                >
                  <Button size="small" type="link" disabled={!q.counts.waiting} data-testid={`queue-cancel-${q.id}`}>
                    取消未发送
                  </Button>
                </Popconfirm>
                <Button size="small" type="link" onClick={() => actions.edit(q)} data-testid={`queue-edit-${q.id}`}>
                  编辑队列
                </Button>
              </Space>
            );
          },
        },
      ]}
    />
  );
});
