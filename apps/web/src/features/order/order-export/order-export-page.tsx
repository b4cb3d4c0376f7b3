import { COUNTRY_OPTIONS } from '@console/shared/constants/marketplaces';
import {
  EXPRESS_STATUS_LABELS,
  EXPRESS_STATUSES,
  FULFILLMENT_CHANNEL_LABELS,
  FULFILLMENT_CHANNELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderListBody,
} from '@console/shared/schemas/order';
import {
  DEFAULT_ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_SYNC_LIMIT,
  type OrderExportColumnKey,
  type OrderExportFilter,
} from '@console/shared/schemas/order-export';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Modal, Progress, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getFile, saveBlob } from '../../../api/goods-files';
import { useJobProgress } from '../../../api/jobs';
import { exportOrders } from '../../../api/order-extras';
import { useShopOptions } from '../../../api/shop';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';

interface Values {
  status?: OrderListBody['status'];
  shop_id?: number;
  marketplace?: OrderListBody['marketplace'];
  fulfillment_channel?: OrderListBody['fulfillment_channel'];
  express_status?: OrderListBody['express_status'];
  range?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
  columns: OrderExportColumnKey[];
}

/** The export's filter from the form (empty fields left out, dates as seconds). */
function filterOf(v: Values): OrderExportFilter {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    ...(v.status ? { status: v.status } : {}),
    ...(v.shop_id ? { shop_id: v.shop_id } : {}),
    ...(v.marketplace ? { marketplace: v.marketplace } : {}),
    ...(v.fulfillment_channel ? { fulfillment_channel: v.fulfillment_channel } : {}),
    ...(v.express_status ? { express_status: v.express_status } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
  };
}

/** Progress of a large export, then the download (once). */
function ExportJobDialog({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  const poll = useJobProgress<{ file_name: string }>(jobId);
  const job = jobId === null ? undefined : poll.data;
  const [error, setError] = useState('');
  const downloaded = useRef<string | null>(null);
  useEffect(() => {
    if (jobId === null || job?.status !== 'done' || downloaded.current === jobId) return;
    downloaded.current = jobId;
    getFile(`/order/export/download?id=${encodeURIComponent(jobId)}`, 'order-export.xlsx')
      .then((f) => {
        if (f.kind === 'file') saveBlob(f.blob, job.result?.file_name || f.fileName);
      })
      .catch((e: Error) => setError(e.message || '导出失败'));
  }, [jobId, job]);
  const failed = error || (job?.status === 'failed' ? job.error || '订单导出失败,请重试' : '');
  const percent = job?.total ? Math.floor((job.progress / job.total) * 100) : 0;
  return (
    <Modal
      title="导出订单"
      open={jobId !== null}
      onCancel={onClose}
      maskClosable={false}
      footer={<Button onClick={onClose}>{job?.status === 'done' ? '完成' : '关闭'}</Button>}
    >
      {failed ? (
        <Alert type="error" title={failed} />
      ) : (
        <>
          <Progress
            percent={job?.status === 'done' ? 100 : percent}
            status={job?.status === 'done' ? 'success' : 'active'}
          />
          <p data-testid="order-export-progress">
            {job?.status === 'done'
              ? `导出完成,已开始下载 ${job.result?.file_name ?? ''}`
              : `正在导出 ${job?.progress ?? 0} / ${job?.total ?? '…'}`}
          </p>
        </>
      )}
    </Modal>
  );
}

/**
 * 订单导出 (`/order/export`): the filters of 订单处理 and the columns to write; up to 1,000 orders
 * download at once, more run as a job with progress. Buyer data is only ever exported masked.
 */
export function OrderExportPage() {
  const shops = useShopOptions();
  const presets = useMemo(() => rangePresets(), []);
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  const run = async (v: Values) => {
    setBusy(true);
    try {
      const out = await exportOrders(filterOf(v), v.columns);
      if (out.kind === 'file') {
        saveBlob(out.blob, out.fileName);
        message.success('导出完成');
      } else setJobId(out.data.job_id);
    } catch {
      // The request helper has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer title="订单导出">
      <Form<Values>
        layout="vertical"
        initialValues={{ columns: [...DEFAULT_ORDER_EXPORT_COLUMNS] }}
        onFinish={run}
        data-testid="order-export-form"
      >
        <Card size="small" title="筛选条件" style={{ marginBottom: 12 }}>
          <Space wrap>
            <Form.Item name="status" noStyle>
              <Select
                placeholder="订单状态"
                allowClear
                style={{ width: 120 }}
                options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
              />
            </Form.Item>
            <Form.Item name="shop_id" noStyle>
              <Select
                placeholder="店铺"
                allowClear
                style={{ width: 160 }}
                options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item name="marketplace" noStyle>
              <Select
                placeholder="站点"
                allowClear
                style={{ width: 120 }}
                options={COUNTRY_OPTIONS.map((c) => ({ ...c }))}
              />
            </Form.Item>
            <Form.Item name="fulfillment_channel" noStyle>
              <Select
                placeholder="配送方式"
                allowClear
                style={{ width: 130 }}
                options={FULFILLMENT_CHANNELS.map((c) => ({ value: c, label: FULFILLMENT_CHANNEL_LABELS[c] }))}
              />
            </Form.Item>
            <Form.Item name="express_status" noStyle>
              <Select
                placeholder="快递状态"
                allowClear
                style={{ width: 120 }}
                options={EXPRESS_STATUSES.map((c) => ({ value: c, label: EXPRESS_STATUS_LABELS[c] }))}
              />
            </Form.Item>
            <Form.Item name="range" noStyle>
              <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="keyword" noStyle>
              <Input placeholder="订单号 / ASIN / SKU" allowClear style={{ width: 200 }} />
            </Form.Item>
          </Space>
        </Card>
        <Card size="small" title="导出列" style={{ marginBottom: 12 }}>
          <Form.Item name="columns" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一列' }]}>
            <Checkbox.Group options={ORDER_EXPORT_COLUMNS.map((c) => ({ value: c.key, label: c.label }))} />
          </Form.Item>
          <Alert
            type="info"
            showIcon
            title={`每个订单商品一行;不超过 ${ORDER_EXPORT_SYNC_LIMIT} 个订单时直接下载,更多时在后台导出并显示进度。买家信息只导出脱敏内容。`}
          />
        </Card>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="order-export-submit">
          导出
        </Button>
      </Form>
      <ExportJobDialog jobId={jobId} onClose={() => setJobId(null)} />
    </PageContainer>
  );
}
