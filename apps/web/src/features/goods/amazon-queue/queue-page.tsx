import { UPLOAD_QUEUE_STATUSES, UPLOAD_TYPES, type UploadQueueView } from '@console/shared/schemas/upload';
import { Button, DatePicker, Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type QueueListFilters, useQueueList, useUploadMutations, useUploadTargets } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { useRefetchOnShow } from '../../../layout/keep-alive/use-refetch-on-show';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets } from '../../../lib/date-range';
import { marketplaceLabel } from '../amazon-upload/upload-labels';
import { QueueItemsDrawer } from './components/queue-items-drawer';
import { type QueueActions, QueueTable } from './components/queue-table';
import { type FilterValues, queueFiltersFromValues } from './queue-filters';

/**
 * 上传记录 (`/goods/amazon/queue`, issue 14 §4): every upload queue with its counts, progress
 * and ETA, read again every 2 s while one shown is unfinished; retry failed, cancel unsent,
 * the items, the edit queue.
 */
export function QueuePage() {
  // `?status=` (首页's upload cards, docs/home.md): the queues in that state only.
  const statusLink = UPLOAD_QUEUE_STATUSES.find((s) => s.value === usePageSearchParams().get('status'))?.value;
  const [filters, setFilters] = useState<QueueListFilters>({
    page: 1,
    pageSize: 20,
    ...(statusLink ? { status: statusLink } : {}),
  });
  useEffect(() => {
    if (statusLink) setFilters((f) => ({ page: 1, pageSize: f.pageSize, status: statusLink }));
  }, [statusLink]);
  const list = useQueueList(filters);
  useRefetchOnShow(list);
  const targets = useUploadTargets();
  const { retry, recheck, cancel } = useUploadMutations();
  const [viewing, setViewing] = useState<UploadQueueView | null>(null);
  const navigate = useNavigate();
  const { message } = useFeedback();
  const presets = useMemo(() => rangePresets(), []);
  const rows = list.data?.list ?? [];
  // The drawer follows the polled row, so its figures and polling stay current.
  const shown = viewing ? (rows.find((q) => q.id === viewing.id) ?? viewing) : null;
  const marketplaces = useMemo(
    () => [...new Set((targets.data?.list ?? []).flatMap((s) => s.marketplaces))],
    [targets.data],
  );

  const actions = useMemo<QueueActions>(
    () => ({
      retry: async (q) => {
        const r = await retry.mutateAsync({ queue_id: q.id });
        message.success(`已重新提交${r.affected}个条目`);
      },
      recheck: async (q) => {
        const r = await recheck.mutateAsync({ queue_id: q.id });
        message.success(r.affected ? `正在向亚马逊重新查询${r.affected}个条目` : '没有结果未知的条目');
      },
      cancel: async (q) => {
        const r = await cancel.mutateAsync(q.id);
        message.success(`已取消${r.affected}个未发送的条目`);
      },
      items: setViewing,
      edit: (q) => navigate(`/goods/amazon/edit/${q.id}`),
    }),
    [retry, recheck, cancel, message, navigate],
  );

  return (
    <PageContainer title="上传记录">
      <Form<FilterValues>
        key={statusLink ?? ''}
        initialValues={statusLink ? { status: statusLink } : {}}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => setFilters(queueFiltersFromValues(v, filters.pageSize))}
        data-testid="queue-filter"
      >
        <Form.Item name="shop_id">
          <Select
            allowClear
            placeholder="店铺"
            style={{ width: 160 }}
            options={(targets.data?.list ?? []).map((s) => ({ value: s.shop_id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={UPLOAD_QUEUE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Form.Item>
        <Form.Item name="upload_type">
          <Select
            allowClear
            placeholder="上传类型"
            style={{ width: 140 }}
            options={UPLOAD_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Form.Item name="marketplace">
          <Select
            allowClear
            placeholder="站点"
            style={{ width: 130 }}
            options={marketplaces.map((m) => ({ value: m, label: marketplaceLabel(m) }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <QueueTable
        rows={rows}
        loading={list.isFetching && !list.data}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        actions={actions}
      />
      <QueueItemsDrawer queue={shown} onClose={() => setViewing(null)} />
    </PageContainer>
  );
}
