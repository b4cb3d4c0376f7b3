import { Button, Table, Tag } from 'antd';
import { PageContainer } from '../../../layout/page/page-container';
import { type LogEntry, type LogType, useLogStore } from '../../../stores/log-store';

const COLORS: Record<LogType, string> = { success: 'success', warning: 'warning', info: 'processing', danger: 'error' };

/** The in-app log (`/log`): failed requests, uncaught UI errors and startup info (spec section 3 "Log entry"). */
export function DebugLogPage() {
  const list = useLogStore((s) => s.list);
  const clear = useLogStore((s) => s.clear);
  return (
    <PageContainer
      title="前端日志"
      extra={
        <Button onClick={clear} disabled={list.length === 0}>
          清空
        </Button>
      }
    >
      <Table<LogEntry>
        size="small"
        rowKey={(r) => `${r.time}-${r.message}-${list.indexOf(r)}`}
        dataSource={list}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170 },
          { title: '类型', dataIndex: 'type', width: 90, render: (t: LogType) => <Tag color={COLORS[t]}>{t}</Tag> },
          { title: '信息', dataIndex: 'message' },
          { title: '用户', render: (_, r) => r.meta.user, width: 160 },
          { title: '地址', render: (_, r) => r.meta.url, ellipsis: true },
        ]}
      />
    </PageContainer>
  );
}
