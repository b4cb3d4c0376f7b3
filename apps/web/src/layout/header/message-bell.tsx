import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useMessageRead, useUnreadMessages } from '../../api/messages';

/**
 * The header's message badge with a drop-down of the latest unread messages (issue 15 §3).
 * Follow-sale news appear here only when the account's 跟卖提醒 is on (the server leaves
 * them out otherwise). Opening one marks it read and goes where it points.
 */
export function MessageBell() {
  const unread = useUnreadMessages();
  const read = useMessageRead();
  const navigate = useNavigate();
  const count = unread.data?.count ?? 0;
  const latest = unread.data?.latest ?? [];
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <div
          className="message-dropdown"
          data-testid="message-dropdown"
          style={{
            width: 320,
            background: 'var(--ant-color-bg-elevated, #fff)',
            boxShadow: '0 6px 16px rgba(0,0,0,.12)',
            borderRadius: 8,
            padding: 8,
          }}
        >
          {latest.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
          ) : (
            latest.map((m) => (
              <button
                type="button"
                key={m.id}
                className="message-item"
                style={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  border: 0,
                  background: 'none',
                  padding: '6px 4px',
                  cursor: 'pointer',
                }}
                onClick={async () => {
                  await read.mutateAsync({ ids: [m.id] });
                  if (m.link) navigate(m.link);
                }}
              >
                <div style={{ fontWeight: 500 }}>{m.title}</div>
                <div style={{ fontSize: 12, opacity: 0.65 }}>{m.created_at.slice(0, 16).replace('T', ' ')}</div>
              </button>
            ))
          )}
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            {count > 0 ? (
              <Button type="link" size="small" onClick={() => read.mutate({ all: 1 })}>
                全部标为已读
              </Button>
            ) : (
              <span />
            )}
            <Button type="link" size="small" onClick={() => navigate('/index/message-send')} data-testid="message-all">
              查看全部消息
            </Button>
          </div>
        </div>
      )}
    >
      <Button type="text" className="header-btn" aria-label="消息" title="消息" data-testid="message-bell">
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </Button>
    </Dropdown>
  );
}
