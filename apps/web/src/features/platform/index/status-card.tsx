import type { PlatformAction, PlatformCard, PlatformState } from '@console/shared/schemas/platform';
import { Card, Descriptions, List, Space, Tag, Typography } from 'antd';

/** Tag colour per state. */
export const STATE_COLORS: Readonly<Record<PlatformState, string>> = {
  ok: 'success',
  warning: 'warning',
  error: 'error',
  unset: 'default',
};

/** What fixes a card or line: a link to the screen when the user may open it, else the sentence (and the setting). */
export function ActionLink({
  action,
  canOpen,
  onOpen,
}: {
  action: PlatformAction | null;
  canOpen: (path: string) => boolean;
  onOpen: (path: string) => void;
}) {
  if (!action) return null;
  const { link } = action;
  return (
    <Space size={4} wrap>
      {link && canOpen(link) ? (
        <Typography.Link data-testid="platform-action" onClick={() => onOpen(link)}>
          {action.label}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{action.label}</Typography.Text>
      )}
      {action.setting && <Typography.Text code>{action.setting}</Typography.Text>}
    </Space>
  );
}

/** One connection of 平台首页: its state, a sentence, what to do, its lines (shops) and the operator's details. */
export function StatusCard({
  card,
  canOpen,
  onOpen,
}: {
  card: PlatformCard;
  canOpen: (path: string) => boolean;
  onOpen: (path: string) => void;
}) {
  return (
    <Card
      size="small"
      data-testid={`platform-card-${card.key}`}
      data-state={card.state}
      title={card.title}
      extra={<Tag color={STATE_COLORS[card.state]}>{card.state_label}</Tag>}
      style={{ height: '100%' }}
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>{card.summary}</Typography.Paragraph>
      <ActionLink action={card.action} canOpen={canOpen} onOpen={onOpen} />
      {card.items.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 8 }}
          dataSource={card.items}
          rowKey="id"
          renderItem={(i) => (
            <List.Item data-testid="platform-shop" data-state={i.state}>
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <Typography.Text strong>{i.name}</Typography.Text>
                  <Tag color={STATE_COLORS[i.state]}>{i.state_label}</Tag>
                  {i.tags.map((t) => (
                    <Tag key={t}>{t}</Tag>
                  ))}
                </Space>
                <Typography.Text type="secondary">{i.summary}</Typography.Text>
                <ActionLink action={i.action} canOpen={canOpen} onOpen={onOpen} />
              </Space>
            </List.Item>
          )}
        />
      )}
      {card.details.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 8 }}
          items={card.details.map((d) => ({ key: d.label, label: d.label, children: d.value }))}
        />
      )}
    </Card>
  );
}
