import { can } from '@console/shared/permissions/can';
import { Alert, Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useFbaStockStatus, useFbaStockSyncJob, useStartFbaStockSync } from '../../../api/fba-stock';
import { formatSeconds } from '../../../lib/format';
import { useSessionStore } from '../../../stores/session-store';

/**
 * The FBA part of 库存列表: each shop x marketplace's last sync from Amazon's FBA Inventory API
 * and 同步FBA库存 (for `fba.use`) with the job's progress and result.
 */
export function FbaStockBar() {
  const user = useSessionStore((s) => s.user);
  const allowed = can(user, 'fba.use');
  const status = useFbaStockStatus(allowed);
  const start = useStartFbaStockSync();
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, refresh } = useFbaStockSyncJob(jobId);
  const view = job.data;
  const finished = view?.status === 'done' || view?.status === 'failed';
  useEffect(() => {
    if (finished) void refresh();
  }, [finished, refresh]);
  if (!allowed) return null;
  const r = view?.result;
  const running = !!jobId && !finished;
  return (
    <div data-testid="fba-stock-bar" style={{ marginBottom: 12 }}>
      <Space wrap>
        <Typography.Text strong>亚马逊FBA库存</Typography.Text>
        {(status.data?.list ?? []).map((p) => (
          <Tooltip key={`${p.shop_id}-${p.marketplace_id}`} title={p.last_error || undefined}>
            <Tag color={p.last_error ? 'red' : p.last_synced_at ? 'blue' : 'default'}>
              {p.shop_name} · {p.marketplace_name}:
              {p.last_synced_at ? `${formatSeconds(p.last_synced_at)} 同步` : '未同步'}
            </Tag>
          </Tooltip>
        ))}
        {status.data && status.data.list.length === 0 && (
          <Typography.Text type="secondary">没有已授权的店铺</Typography.Text>
        )}
        <Button
          size="small"
          type="primary"
          data-testid="fba-stock-sync"
          loading={start.isPending || running}
          disabled={!status.data?.list.length}
          onClick={() => start.mutate({}, { onSuccess: (d) => setJobId(d.job_id) })}
        >
          同步FBA库存
        </Button>
        {status.data && (
          <Typography.Text type="secondary">每 {status.data.interval_minutes} 分钟自动同步</Typography.Text>
        )}
      </Space>
      {running && view && view.total > 0 && (
        <Progress percent={Math.round((view.progress / view.total) * 100)} size="small" style={{ maxWidth: 360 }} />
      )}
      {finished && r && (
        <Alert
          style={{ marginTop: 8 }}
          type={r.errors.length ? 'warning' : 'success'}
          data-testid="fba-stock-result"
          showIcon
          closable
          onClose={() => setJobId(null)}
          message={`同步完成:${r.pairs} 个店铺站点,${r.skus} 个MSKU,${r.movements} 条库存变动(入 ${r.units_in} 件,出 ${r.units_out} 件)${r.created_skus ? `,新建 ${r.created_skus} 个SKU` : ''}`}
          description={r.errors.length ? r.errors.join(';') : undefined}
        />
      )}
      {view?.status === 'failed' && !r && <Alert style={{ marginTop: 8 }} type="error" message={view.error} />}
    </div>
  );
}
