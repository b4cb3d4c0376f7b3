import { CASE_STATUSES, type CaseStatus } from '@console/shared/schemas/monitor';
import { Button, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  type CaseFilters,
  type MonitorCase,
  useMonitorCases,
  useMonitorMutations,
  useMonitorSettings,
} from '../../../api/monitor';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { CaseDetailDrawer } from './components/case-detail-drawer';

const COLORS: Record<CaseStatus, string> = {
  open: 'red',
  warned: 'orange',
  reported: 'blue',
  removed: 'green',
  unresolved: 'default',
};
const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '-');

/**
 * 跟卖移除 (`/monitor/monitor-bridge/list`): a case per own-brand ASIN and follower in the
 * monitor-bridge countries, with evidence and generated texts; 已移除 is set by itself when
 * the follower stays gone for the set time.
 */
export function MonitorBridgePage() {
  const { message } = useFeedback();
  const params = usePageSearchParams();
  const [filters, setFilters] = useState<CaseFilters>({
    page: 1,
    pageSize: 20,
    keyword: params.get('keyword') ?? undefined,
  });
  const [detail, setDetail] = useState<number | null>(null);
  const list = useMonitorCases(filters);
  const settings = useMonitorSettings().data;
  const [minutes, setMinutes] = useState<number | null>(null);
  const { settings: save } = useMonitorMutations();
  const columns: ColumnsType<MonitorCase> = [
    { title: 'ASIN', dataIndex: 'asin', width: 120 },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '站点', dataIndex: 'marketplace', width: 60 },
    {
      title: '跟卖者',
      width: 180,
      render: (_, r) => (
        <Typography.Link onClick={() => setDetail(r.id)} data-testid={`case-${r.seller_id}`}>
          {r.seller_name ? `${r.seller_name} (${r.seller_id})` : r.seller_id}
        </Typography.Link>
      ),
    },
    {
      title: '状态',
      width: 90,
      render: (_, r) => (
        <Tag color={COLORS[r.status]} data-testid={`case-status-${r.seller_id}`}>
          {CASE_STATUSES[r.status]}
        </Tag>
      ),
    },
    { title: '首次发现', width: 160, render: (_, r) => time(r.first_seen_at) },
    { title: '最近出现', width: 160, render: (_, r) => time(r.last_seen_at) },
    { title: '消失于', width: 160, render: (_, r) => time(r.gone_since) },
    { title: '证据', dataIndex: 'evidence_count', width: 60 },
  ];
  return (
    <PageContainer title="跟卖移除">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="关键词"
          placeholder="ASIN/卖家ID/标题"
          allowClear
          defaultValue={filters.keyword}
          onSearch={(keyword) => setFilters({ ...filters, page: 1, keyword: keyword || undefined })}
        />
        <Select
          aria-label="状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, page: 1, status })}
          options={Object.entries(CASE_STATUSES).map(([value, label]) => ({ value, label }))}
        />
        <span>跟卖者消失</span>
        <InputNumber
          aria-label="移除确认时间"
          min={0}
          max={43200}
          value={minutes ?? settings?.removed_after_minutes}
          onChange={(v) => setMinutes(v)}
        />
        <span>分钟后自动标记为已移除</span>
        <Button
          disabled={minutes === null}
          onClick={async () => {
            if (minutes === null) return;
            await save.mutateAsync({ removed_after_minutes: minutes });
            message.success('操作成功');
          }}
        >
          保存设置
        </Button>
      </Space>
      <Table
        data-testid="monitor-case-table"
        rowKey="id"
        size="small"
        scroll={{ x: 1200 }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
      />
      <CaseDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </PageContainer>
  );
}
