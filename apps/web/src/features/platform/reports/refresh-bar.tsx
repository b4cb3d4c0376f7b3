import type { SellerReportType } from '@console/shared/schemas/seller-reports';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatSeconds } from '../../../lib/format';
import { useRefreshReports } from './reports-api';

/** Last fetched time, the fetch error and 刷新 (the report job of the chosen shop, or every shop). */
export function RefreshBar(props: {
  reportType: SellerReportType;
  shopId?: number;
  lastFetchedAt: number | null | undefined;
  lastError?: string;
  running?: boolean;
  intervalHours?: number;
  disabled?: boolean;
}) {
  const [jobId, setJobId] = useState<string | null>(null);
  const { start, job, reload } = useRefreshReports(jobId);
  const view = job.data;
  const finished = view?.status === 'done' || view?.status === 'failed';
  useEffect(() => {
    if (finished) void reload();
  }, [finished, reload]);
  const busy = start.isPending || (!!jobId && !finished);
  const r = view?.result;
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap>
        <Typography.Text type="secondary" data-testid="reports-last-fetched">
          最近获取:{props.lastFetchedAt ? formatSeconds(props.lastFetchedAt) : '尚未获取'}
          {props.running ? '(获取中)' : ''}
        </Typography.Text>
        <Button
          type="primary"
          data-testid="reports-refresh"
          loading={busy}
          disabled={props.disabled}
          onClick={() =>
            start.mutate(
              { report_type: props.reportType, ...(props.shopId ? { shop_id: props.shopId } : {}) },
              { onSuccess: (d) => setJobId(d.job_id) },
            )
          }
        >
          刷新
        </Button>
        {props.intervalHours !== undefined && (
          <Typography.Text type="secondary">
            {props.intervalHours > 0 ? `每 ${props.intervalHours} 小时自动从亚马逊获取` : '未开启自动获取,请点击刷新'}
          </Typography.Text>
        )}
      </Space>
      {busy && <Alert style={{ marginTop: 8 }} type="info" showIcon message="正在向亚马逊请求报告,通常需要几分钟" />}
      {finished && r && r.errors.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          closable
          onClose={() => setJobId(null)}
          message="部分报告获取失败"
          description={r.errors.join(';')}
        />
      )}
      {view?.status === 'failed' && !r && <Alert style={{ marginTop: 8 }} type="error" message={view.error} />}
      {!busy && props.lastError && !(finished && r?.errors.length) && (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon message={`上次获取失败:${props.lastError}`} />
      )}
    </div>
  );
}
