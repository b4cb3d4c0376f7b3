import type { UploadQueueView } from '@console/shared/schemas/upload';
import {
  Button,
  Popconfirm,
  Progress,
  Space,
  Table,
  type TablePaginationConfig,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { memo } from 'react';
import { queueUnfinished } from '../../../../api/upload';
import { formatSeconds } from '../../../../lib/format';
import {
  formatEta,
  marketplaceLabel,
  queueFigures,
  queueProgress,
  queueStateText,
  uploadTypeLabel,
} from '../../amazon-upload/upload-labels';

/** Row actions of the queue table; the page implements them. */
export interface QueueActions {
  retry: (q: UploadQueueView) => void;
  recheck: (q: UploadQueueView) => void;
  cancel: (q: UploadQueueView) => void;
  items: (q: UploadQueueView) => void;
  edit: (q: UploadQueueView) => void;
}

function Figures({ q }: { q: UploadQueueView }) {
  const { figures } = queueFigures(q.counts);
  return (
    <Space size={4} wrap data-testid={`queue-figures-${q.id}`}>
      {figures.map((f) => (
        <Tag key={f.key} color={f.color} style={{ marginInlineEnd: 0 }}>
          {f.label} {f.count}
        </Tag>
      ))}
    </Space>
  );
}

/** A queue's progress bar, coloured by how it ended (green only when every item went live). */
export function QueueProgress({ q }: { q: UploadQueueView }) {
  const { token } = theme.useToken();
  const p = queueProgress(q);
  return (
    <Progress
      percent={q.percent}
      size="small"
      status={p.status}
      strokeColor={p.warning ? token.colorWarning : undefined}
      format={p.warning ? (n) => <span style={{ color: token.colorWarning }}>{n}%</span> : undefined}
      data-testid={`queue-progress-${q.id}`}
      data-outcome={q.outcome ?? ''}
    />
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
      // The sum of the columns' widths: no column is squeezed under the fixed 操作.
      scroll={{ x: 70 + 140 + 150 + 100 + 110 + 90 + 220 + 150 + 100 + 160 + 250 }}
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
          title: '状态',
          dataIndex: 'status',
          width: 110,
          render: (_s: UploadQueueView['status'], q) => {
            const state = queueStateText(q);
            const tag = (
              <Tag color={state.color} data-testid={`queue-status-${q.id}`}>
                {state.text}
              </Tag>
            );
            // A stopped queue (已中止) shows how it ended and, under it, why it stopped.
            const stopped = q.status === 'failed' && q.outcome && (
              <div style={{ fontSize: 12 }}>
                <Typography.Text type="danger">已中止</Typography.Text>
              </div>
            );
            return (
              <>
                {q.error ? <Tooltip title={q.error}>{tag}</Tooltip> : tag}
                {stopped}
              </>
            );
          },
        },
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
              <QueueProgress q={q} />
              {queueUnfinished(q) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  预计剩余 {formatEta(q.eta_seconds)}
                </Typography.Text>
              )}
            </div>
          ),
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
            const { retryable } = queueFigures(q.counts);
            return (
              <Space size={0} wrap>
                <Button size="small" type="link" onClick={() => actions.items(q)} data-testid={`queue-items-${q.id}`}>
                  查看条目
                </Button>
                <Popconfirm
                  title={`重新提交${retryable}个没有上架的条目(未通过检查、亚马逊拒绝、发送失败、结果未知)?`}
                  onConfirm={() => actions.retry(q)}
                  disabled={!retryable}
                >
                  <Button size="small" type="link" disabled={!retryable} data-testid={`queue-retry-${q.id}`}>
                    重试失败
                  </Button>
                </Popconfirm>
                {q.counts.unknown > 0 && (
                  <Popconfirm
                    title={`向亚马逊重新查询${q.counts.unknown}个结果未知的条目?不会重新发送。`}
                    onConfirm={() => actions.recheck(q)}
                  >
                    <Button size="small" type="link" data-testid={`queue-recheck-${q.id}`}>
                      重新查询
                    </Button>
                  </Popconfirm>
                )}
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
