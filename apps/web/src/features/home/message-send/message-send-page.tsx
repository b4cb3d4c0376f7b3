import { MESSAGE_SOURCES } from '@console/shared/schemas/message';
import { Badge, Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Message, type MessageFilters, useMessageList, useMessageRead } from '../../../api/messages';
import { useHas } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { NoticeButton } from './notice-form';

type ReadState = 'all' | 'unread' | 'read';

const sourceName = (s: string) => MESSAGE_SOURCES[s as keyof typeof MESSAGE_SOURCES] ?? s;

/** The list query of the filters (read state as `unread=1` or `read=1`). */
function query(page: number, pageSize: number, source: string | undefined, state: ReadState): MessageFilters {
  return {
    page,
    pageSize,
    ...(source ? { source } : {}),
    ...(state === 'unread' ? { unread: 1 as const } : state === 'read' ? { read: 1 as const } : {}),
  };
}

/**
 * 消息记录 (`/index/message-send`, named route `system-message-user`): every message of the
 * account (docs/messages.md), filtered by source and read state, server pages; mark the selected
 * or all read; opening a message marks it read and goes where it points. The operator's admins
 * also send notices from here.
 */
export function MessageSendPage() {
  // `?source=` and `?unread=1`: links such as 首页's monitor card open the list filtered.
  const params = usePageSearchParams();
  const sourceLink = Object.hasOwn(MESSAGE_SOURCES, params.get('source') ?? '') ? params.get('source')! : undefined;
  const unreadLink = params.get('unread') === '1';
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [source, setSource] = useState<string | undefined>(sourceLink);
  const [state, setState] = useState<ReadState>(unreadLink ? 'unread' : 'all');
  const [selected, setSelected] = useState<number[]>([]);
  useEffect(() => {
    // A kept-alive tab opened again by another link takes that link's filters.
    if (sourceLink || unreadLink) {
      setSource(sourceLink);
      setState(unreadLink ? 'unread' : 'all');
      setPage((p) => ({ ...p, page: 1 }));
    }
  }, [sourceLink, unreadLink]);
  const list = useMessageList(query(page.page, page.pageSize, source, state));
  const read = useMessageRead();
  const navigate = useNavigate();
  const has = useHas();

  const open = async (m: Message) => {
    if (!m.read) await read.mutateAsync({ ids: [m.id] });
    if (m.link) navigate(m.link);
  };

  const columns: ColumnsType<Message> = [
    {
      title: '状态',
      dataIndex: 'read',
      width: 90,
      render: (r: boolean) => (r ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
    },
    { title: '来源', dataIndex: 'source', width: 100, render: (s: string) => <Tag>{sourceName(s)}</Tag> },
    {
      title: '标题',
      dataIndex: 'title',
      render: (_: string, m) => (
        <Typography.Link
          strong={!m.read}
          onClick={() => void open(m).catch(() => undefined)}
          data-testid="message-title"
        >
          {m.title}
        </Typography.Link>
      ),
    },
    {
      title: '内容',
      dataIndex: 'body',
      ellipsis: true,
      render: (b: string) => <span style={{ whiteSpace: 'pre-line' }}>{b}</span>,
    },
    {
      title: '时间',
      dataIndex: 'created_at',
      width: 170,
      render: (t: string) => new Date(t).toLocaleString('zh-CN', { hour12: false }),
    },
  ];

  const filter = (next: { source?: string | undefined; state?: ReadState }) => {
    if ('source' in next) setSource(next.source);
    if (next.state) setState(next.state);
    setPage((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };

  return (
    <PageContainer title="消息记录" extra={has('message.notice') ? <NoticeButton /> : null}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部来源"
          style={{ width: 140 }}
          value={source}
          onChange={(v?: string) => filter({ source: v })}
          options={Object.entries(MESSAGE_SOURCES).map(([value, label]) => ({ value, label }))}
          aria-label="消息来源"
        />
        <Select<ReadState>
          style={{ width: 120 }}
          value={state}
          onChange={(v) => filter({ state: v })}
          options={[
            { value: 'all', label: '全部状态' },
            { value: 'unread', label: '未读' },
            { value: 'read', label: '已读' },
          ]}
          aria-label="阅读状态"
        />
        <Button
          disabled={selected.length === 0}
          loading={read.isPending}
          onClick={() => read.mutate({ ids: selected }, { onSuccess: () => setSelected([]) })}
        >
          标记选中为已读
        </Button>
        <Button
          type="primary"
          disabled={(list.data?.unread ?? 0) === 0}
          onClick={() => read.mutate({ all: 1 })}
          data-testid="message-read-all"
        >
          全部标为已读
        </Button>
        <span data-testid="message-unread">未读 {list.data?.unread ?? 0} 条</span>
      </Space>
      <Table<Message>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, ps) => setPage({ page: p, pageSize: ps }),
        }}
      />
    </PageContainer>
  );
}
