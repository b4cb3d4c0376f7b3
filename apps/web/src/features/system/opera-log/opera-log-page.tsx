import type { OperaLogEntry } from '@console/shared';
import { Button, DatePicker, Form, Input, InputNumber, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type OperaLogFilters, useOperaLog } from '../../../api/system';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { formatSeconds } from '../../../lib/format';

interface FilterValues {
  user_id?: number | null;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Builds the list query from the filter form (times become seconds; 0 means no bound). */
export function operaLogFilters(v: FilterValues, pageSize: number): OperaLogFilters {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    page: 1,
    pageSize,
    ...(v.user_id ? { user_id: v.user_id } : {}),
    ...(v.action?.trim() ? { action: v.action.trim() } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

function Summary({ row }: { row: OperaLogEntry }) {
  return (
    <pre className="opera-summary" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
      {JSON.stringify(row.summary, null, 2)}
    </pre>
  );
}

/** Operation log (`/system/admin/opera-log`): filters user id, action, date range with shortcuts. */
export function OperaLogPage() {
  return <OperaLogList />;
}

function OperaLogList() {
  const [filters, setFilters] = useState<OperaLogFilters>({ page: 1, pageSize: 20 });
  const log = useOperaLog(filters);
  const presets = useMemo(() => rangePresets(), []);
  return (
    <PageContainer title="操作日志">
      <Form<FilterValues>
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => setFilters(operaLogFilters(v, filters.pageSize))}
        data-testid="opera-log-filter"
      >
        <Form.Item name="user_id">
          <InputNumber placeholder="用户ID" min={1} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action">
          <Input placeholder="操作" allowClear style={{ width: 180 }} data-testid="opera-action" />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<OperaLogEntry>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        expandable={{ expandedRowRender: (r) => <Summary row={r} /> }}
        scroll={{ x: 1000 }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', render: formatSeconds, width: 170 },
          { title: '用户ID', dataIndex: 'user_id', width: 90 },
          { title: '账号', dataIndex: 'account' },
          { title: '操作', dataIndex: 'action' },
          { title: '对象', render: (_, r) => (r.target_type ? `${r.target_type} #${r.target_id}` : '-') },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          {
            title: '请求号',
            dataIndex: 'request_id',
            render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 8)}</Typography.Text>,
          },
        ]}
      />
    </PageContainer>
  );
}
