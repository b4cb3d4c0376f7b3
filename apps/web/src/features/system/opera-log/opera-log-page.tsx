import { OPERA_LOG_ACTIONS } from '@console/shared/constants/opera-log';
import type { OperaLogView } from '@console/shared/schemas/system';
import { Button, DatePicker, Descriptions, Form, InputNumber, Select, Table, Typography } from 'antd';
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

const ACTION_OPTIONS = Object.entries(OPERA_LOG_ACTIONS).map(([value, label]) => ({ value, label }));

/** The technical detail of an entry, one click away from its sentence: codes, ids and the before/after diff. */
function Detail({ row }: { row: OperaLogView }) {
  return (
    <Descriptions size="small" column={2} bordered data-testid="opera-detail">
      <Descriptions.Item label="操作代码">{row.action}</Descriptions.Item>
      <Descriptions.Item label="对象">
        {row.target_type ? `${row.target_type} #${row.target_id}` : '-'}
      </Descriptions.Item>
      <Descriptions.Item label="用户ID">{row.user_id}</Descriptions.Item>
      <Descriptions.Item label="账号">{row.account}</Descriptions.Item>
      <Descriptions.Item label="请求号">
        <Typography.Text copyable>{row.request_id}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="IP">{row.ip || '-'}</Descriptions.Item>
      <Descriptions.Item label="变更前" span={2}>
        <pre className="opera-summary" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
          {JSON.stringify(row.summary.before ?? null, null, 2)}
        </pre>
      </Descriptions.Item>
      <Descriptions.Item label="变更后" span={2}>
        <pre className="opera-summary" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
          {JSON.stringify(row.summary.after ?? null, null, 2)}
        </pre>
      </Descriptions.Item>
    </Descriptions>
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
          <Select
            placeholder="操作"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={ACTION_OPTIONS}
            style={{ width: 180 }}
            data-testid="opera-action"
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<OperaLogView>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        expandable={{ expandedRowRender: (r) => <Detail row={r} /> }}
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
          { title: '操作人', dataIndex: 'actor_name', width: 120 },
          { title: '操作', dataIndex: 'action_label', width: 140 },
          { title: '内容', dataIndex: 'text', render: (v: string) => <span data-testid="opera-text">{v}</span> },
          { title: 'IP', dataIndex: 'ip', width: 130 },
        ]}
      />
    </PageContainer>
  );
}
