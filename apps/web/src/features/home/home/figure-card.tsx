import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * One figure of 首页: a card that opens the list behind it when `onOpen` is given (the role may
 * open that list), else plain text. `tone` colours a figure that asks for action.
 */
export function FigureCard({
  id,
  title,
  value,
  onOpen,
  tone,
  suffix,
  extra,
}: {
  id: string;
  title: string;
  value: ReactNode;
  onOpen?: (() => void) | undefined;
  tone?: 'danger' | 'warning' | undefined;
  suffix?: string;
  extra?: ReactNode;
}) {
  const color = tone === 'danger' ? '#cf1322' : tone === 'warning' ? '#d48806' : undefined;
  return (
    <Card
      size="small"
      variant="borderless"
      hoverable={Boolean(onOpen)}
      onClick={onOpen}
      data-testid={`home-${id}`}
      data-link={onOpen ? 'yes' : 'no'}
      style={{ height: '100%', cursor: onOpen ? 'pointer' : 'default' }}
    >
      <Statistic
        title={title}
        value={value as number}
        {...(suffix ? { suffix } : {})}
        {...(color ? { styles: { content: { color } } } : {})}
      />
      {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
    </Card>
  );
}
