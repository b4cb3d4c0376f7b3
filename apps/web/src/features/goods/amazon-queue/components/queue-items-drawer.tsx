import { thumbnailUrl } from '@console/shared/constants/images';
import { UPLOAD_ITEM_STATUSES, type UploadItemView, type UploadQueueView } from '@console/shared/schemas/upload';
import { Button, Drawer, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ItemFilters, queueUnfinished, useQueueItems, useUploadMutations } from '../../../../api/upload';
import { useFeedback } from '../../../../app/ui-bridge';
import { serverPagination } from '../../../../components/list-parts';
import { usePageActive } from '../../../../layout/keep-alive/keep-alive-outlet';
import { formatSeconds } from '../../../../lib/format';
import { ITEM_STATUS_COLOR, itemStatusLabel, marketplaceLabel } from '../../amazon-upload/upload-labels';

const ROLE_LABEL: Record<UploadItemView['role'], string> = { single: '单品', parent: '父体', child: '子体' };

/** 查看条目: a queue's items (one seller SKU x marketplace each) with a status filter and a link to each product's error feed. */
export function QueueItemsDrawer({ queue, onClose }: { queue: UploadQueueView | null; onClose: () => void }) {
  // The drawer lives in the document body: it hides with its page's tab (another tab must not
  // find it over its page) and shows again on return; following a link closes it.
  const active = usePageActive();
  return (
    <Drawer
      open={queue !== null && active}
      onClose={onClose}
      title={queue ? `队列 #${queue.id} 的条目` : ''}
      size={1000}
      destroyOnHidden
    >
      {queue && <ItemsTable queue={queue} onLeave={onClose} />}
    </Drawer>
  );
}

/** The items; following a link to an error feed closes the drawer (`onLeave`). */
function ItemsTable({ queue, onLeave }: { queue: UploadQueueView; onLeave: () => void }) {
  const [filters, setFilters] = useState<ItemFilters>({ queue_id: queue.id, page: 1, pageSize: 20 });
  const items = useQueueItems(filters, queueUnfinished(queue));
  const set = (patch: Partial<ItemFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const { retry, recheck } = useUploadMutations();
  const { message } = useFeedback();
  // 结果未知: read it back again (重新查询) or send it again (重新提交).
  const recheckOne = async (r: UploadItemView) => {
    const res = await recheck.mutateAsync({ queue_id: queue.id, item_ids: [r.id] });
    message.success(res.affected ? '正在向亚马逊重新查询' : '该条目已不是结果未知');
  };
  const resendOne = async (r: UploadItemView) => {
    const res = await retry.mutateAsync({ queue_id: queue.id, item_ids: [r.id] });
    message.success(res.affected ? '已重新提交' : '该条目无需重新提交');
  };
  return (
    <div data-testid="queue-items">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 140 }}
          data-testid="items-status"
          options={UPLOAD_ITEM_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(status?: string) => set({ status })}
        />
        <Select
          allowClear
          placeholder="站点"
          style={{ width: 140 }}
          options={queue.marketplaces.map((m) => ({ value: m, label: marketplaceLabel(m) }))}
          onChange={(marketplace?: string) => set({ marketplace })}
        />
        <Input.Search
          allowClear
          placeholder="标题 / SKU / 卖家SKU"
          style={{ width: 240 }}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
      </Space>
      <Table<UploadItemView>
        rowKey="id"
        size="small"
        loading={items.isFetching && !items.data}
        dataSource={items.data?.list ?? []}
        pagination={serverPagination(filters, items.data?.total ?? 0, setFilters)}
        data-testid="items-table"
        // The columns' widths: the title stays in its column, 操作 stays on screen (fixed right).
        scroll={{ x: 320 + 90 + 160 + 100 + 110 + 150 + 150 + 150 }}
        columns={[
          {
            title: '商品',
            key: 'goods',
            width: 320,
            render: (_, r) => (
              <Space style={{ maxWidth: '100%' }}>
                {r.thumbnail && <img src={thumbnailUrl(r.thumbnail)} alt="" width={40} height={40} />}
                <div style={{ minWidth: 0, maxWidth: 250 }}>
                  <Typography.Text ellipsis={{ tooltip: r.goods_title }} style={{ maxWidth: 250 }}>
                    {r.goods_title || '(无标题)'}
                  </Typography.Text>
                  <div
                    style={{
                      fontSize: 12,
                      color: 'var(--ant-color-text-tertiary)',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    #{r.goods_id} · {r.goods_sku} · {ROLE_LABEL[r.role]}
                  </div>
                </div>
              </Space>
            ),
          },
          { title: '站点', dataIndex: 'marketplace', width: 90, render: marketplaceLabel },
          { title: '卖家SKU', dataIndex: 'seller_sku', width: 160, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (s: UploadItemView['status'], r) => {
              const tag = (
                <Tag color={ITEM_STATUS_COLOR[s]} data-testid={`item-status-${r.id}`}>
                  {itemStatusLabel(s)}
                </Tag>
              );
              return s === 'unknown' && r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
            },
          },
          { title: 'ASIN', dataIndex: 'asin', width: 110, render: (a: string | null) => a ?? '-' },
          {
            title: '问题',
            key: 'issues',
            width: 150,
            render: (_, r) =>
              r.errors || r.warnings || r.error ? (
                <Link
                  to={`/goods/amazon/error_feed/${queue.id}/${r.goods_id}`}
                  data-testid={`item-feed-${r.id}`}
                  onClick={onLeave}
                  title={r.error ?? undefined}
                >
                  {r.errors}个错误{r.warnings ? ` / ${r.warnings}个警告` : ''} 查看
                </Link>
              ) : (
                '-'
              ),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 150, render: (t: number) => formatSeconds(t) },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_, r) =>
              r.status === 'unknown' ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => void recheckOne(r)}
                    data-testid={`item-recheck-${r.id}`}
                  >
                    重新查询
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => void resendOne(r)}
                    data-testid={`item-resend-${r.id}`}
                  >
                    重新提交
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
