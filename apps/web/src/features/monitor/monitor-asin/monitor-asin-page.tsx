import { MONITOR_PRIORITIES } from '@console/shared/schemas/monitor';
import { Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type MonitorAsin, type MonitorFilters, useMonitorList, useMonitorMutations } from '../../../api/monitor';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { money } from '../../follow/follow-money';
import { MonitorAddDialog } from './components/monitor-add-dialog';
import { MonitorDetailDrawer } from './components/monitor-detail-drawer';
import { MonitorEditDialog } from './components/monitor-edit-dialog';

const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '-');

/**
 * 跟卖监控 (`/monitor/monitor-asin/list`): watched ASINs with the Buy Box, sellers, alerts and
 * cases, when each was last read and will be next; the account's limit (`limit_monitor_len`).
 */
export function MonitorAsinPage() {
  const { message } = useFeedback();
  const params = usePageSearchParams();
  const [filters, setFilters] = useState<MonitorFilters>({
    page: 1,
    pageSize: 20,
    keyword: params.get('keyword') ?? undefined,
    filter: 'all',
  });
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<MonitorAsin | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useMonitorList(filters);
  const { check, remove } = useMonitorMutations();
  const columns: ColumnsType<MonitorAsin> = [
    {
      title: 'ASIN',
      width: 130,
      render: (_, r) => (
        <Typography.Link onClick={() => setDetail(r.id)} data-testid={`monitor-asin-${r.asin}`}>
          {r.asin}
        </Typography.Link>
      ),
    },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '店铺/站点', width: 140, render: (_, r) => `${r.shop_name} / ${r.marketplace}` },
    { title: '优先级', width: 70, render: (_, r) => MONITOR_PRIORITIES[r.priority as 1 | 2 | 3] },
    { title: '卖家数', dataIndex: 'offer_count', width: 70 },
    {
      title: '购物车',
      width: 200,
      render: (_, r) => (
        <span>
          {money(r.buybox_price, r.currency)} {r.buybox_seller}
          {r.our_offer && (r.holds_buybox ? <Tag color="green">我方持有</Tag> : <Tag color="red">已失去</Tag>)}
        </span>
      ),
    },
    {
      title: '状态',
      width: 170,
      render: (_, r) => (
        <Space size={2} wrap>
          {r.open_alerts > 0 && <Tag color="orange">提醒 {r.open_alerts}</Tag>}
          {r.live_cases > 0 && <Tag color="red">被跟卖 {r.live_cases}</Tag>}
          {r.suppressed && <Tag>无可售报价</Tag>}
          {r.check_error && <Tag color="red">{r.check_error}</Tag>}
        </Space>
      ),
    },
    { title: '监控方式', width: 90, render: (_, r) => (r.watch === 'notify' ? '通知' : '轮询') },
    { title: '上次检查', width: 160, render: (_, r) => time(r.last_checked_at) },
    { title: '下次检查', width: 160, render: (_, r) => time(r.next_check_at) },
    {
      title: '操作',
      width: 70,
      fixed: 'right',
      render: (_, r) => (
        <Typography.Link onClick={() => setEditing(r)} data-testid={`monitor-edit-${r.asin}`}>
          编辑
        </Typography.Link>
      ),
    },
  ];
  return (
    <PageContainer title="跟卖监控">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="关键词"
          placeholder="ASIN/标题/品牌"
          allowClear
          defaultValue={filters.keyword}
          onSearch={(keyword) => setFilters({ ...filters, page: 1, keyword: keyword || undefined })}
        />
        <Select
          aria-label="筛选"
          style={{ width: 140 }}
          value={filters.filter}
          onChange={(filter) => setFilters({ ...filters, page: 1, filter })}
          options={[
            { value: 'all', label: '全部' },
            { value: 'hijacked', label: '被跟卖' },
            { value: 'alerts', label: '有未处理提醒' },
            { value: 'lost', label: '失去购物车' },
          ]}
        />
        <Button type="primary" onClick={() => setAdding(true)}>
          添加监控
        </Button>
        <Button
          disabled={selected.length === 0 || selected.length > 20}
          loading={check.isPending}
          onClick={async () => {
            const r = await check.mutateAsync({ ids: selected });
            message.success(r.deferred ? `已检查${r.checked}个,${r.deferred}个稍后检查` : `已检查${r.checked}个`);
          }}
        >
          立即检查
        </Button>
        <Popconfirm
          title="确定删除所选监控?历史、提醒和案件一并删除"
          onConfirm={async () => {
            await remove.mutateAsync({ ids: selected });
            setSelected([]);
          }}
        >
          <Button danger disabled={selected.length === 0}>
            删除
          </Button>
        </Popconfirm>
        <span data-testid="monitor-limit">
          本账号已监控 {list.data?.used ?? 0} / 上限 {list.data?.limit ?? 0}
        </span>
      </Space>
      <Table
        data-testid="monitor-asin-table"
        rowKey="id"
        size="small"
        scroll={{ x: 1500 }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
      />
      <MonitorAddDialog open={adding} onClose={() => setAdding(false)} />
      <MonitorDetailDrawer id={detail} onClose={() => setDetail(null)} />
      <MonitorEditDialog row={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
