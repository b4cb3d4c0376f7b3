import { CHECKLIST_STEP_LABELS, type ChecklistStep } from '@console/shared/schemas/home-report';
import { Button, Card, Progress, Space, Tag, Typography } from 'antd';
import { type HomeReport, useChecklistDismiss } from '../../../api/home';
import { useHomeLinks } from './home-links';

/** The screen that does each step (docs/home.md "Checklist"). */
export const STEP_LINKS: Readonly<Record<ChecklistStep, string>> = {
  shop: '/order/shop',
  channel: '/order/consume-list',
  topup: '/member/user/topup-add',
  live: '/goods/admin/create',
  shipped: '/order/list?status=Unshipped',
};

/**
 * 新手引导: the getting-started steps of a new tenant, ticked from real data by the report; shown
 * until every step is done or the user closes it (kept per user on the server).
 */
export function HomeChecklist({ checklist }: { checklist: NonNullable<HomeReport['checklist']> }) {
  const { canOpen, open } = useHomeLinks();
  const dismiss = useChecklistDismiss();
  const done = checklist.steps.filter((s) => s.done).length;
  if (checklist.dismissed || done === checklist.steps.length) return null;
  return (
    <Card
      size="small"
      title="新手引导"
      data-testid="home-checklist"
      extra={
        <Button
          type="link"
          size="small"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate(1)}
          data-testid="home-checklist-dismiss"
        >
          不再显示
        </Button>
      }
    >
      <Progress
        percent={Math.round((done / checklist.steps.length) * 100)}
        format={() => `${done}/${checklist.steps.length}`}
      />
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        {checklist.steps.map((s, i) => {
          const label = `${i + 1}. ${CHECKLIST_STEP_LABELS[s.key]}`;
          const link = STEP_LINKS[s.key];
          return (
            <div key={s.key} data-testid={`home-step-${s.key}`} data-done={s.done ? 'yes' : 'no'}>
              {s.done ? <Tag color="success">已完成</Tag> : <Tag>未完成</Tag>}
              {!s.done && canOpen(link) ? (
                <Typography.Link onClick={() => open(link)}>{label}</Typography.Link>
              ) : (
                <Typography.Text type={s.done ? 'secondary' : undefined}>{label}</Typography.Text>
              )}
            </div>
          );
        })}
      </Space>
    </Card>
  );
}
