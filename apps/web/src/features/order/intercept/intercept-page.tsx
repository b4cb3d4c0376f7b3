import {
  firstTabWithWork,
  type InterceptCounts,
  type InterceptTab,
  type ReviewStatus,
} from '@console/shared/schemas/logistics';
import { Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useInterceptCounts } from '../../../api/logistics';
import { PageContainer } from '../../../layout/page/page-container';
import { ChannelDrawerButton } from '../logistics-channel/channel-drawer';
import { ParcelTable } from './components/parcel-table';
import { ReadyTable } from './components/ready-table';
import { ReviewRulesButton } from './components/waybill-extras';
import { WaybillTable } from './components/waybill-table';

const TABS: { key: InterceptTab; label: string }[] = [
  { key: 'ready', label: '待提交' },
  { key: 'held', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'passed', label: '无需审核' },
  { key: 'cancelled', label: '已取消' },
  { key: 'waybills', label: '运单' },
];

/** A tab's label with what waits on it (待审核 (2)). */
function TabLabel({ tab, label, counts }: { tab: InterceptTab; label: string; counts: InterceptCounts | undefined }) {
  const n = counts?.[tab];
  return (
    <span>
      {label}
      {n !== undefined && (
        <span data-testid={`freight-tab-count-${tab}`} style={{ marginLeft: 4 }}>
          ({n})
        </span>
      )}
    </span>
  );
}

const content = (tab: InterceptTab) =>
  tab === 'ready' ? (
    <ReadyTable />
  ) : tab === 'waybills' ? (
    <WaybillTable />
  ) : (
    <ParcelTable status={tab as ReviewStatus} />
  );

/**
 * 运费审核 (`/order/intercept`, issue 18 §1-§2): orders 配货 made ready are submitted with their
 * recorded parcel (待提交), parcels stopped by a rule are reviewed, and the waybills follow.
 * 物流渠道 opens the channel configuration for whoever may manage channels. Each tab shows what
 * waits on it, and the screen opens on the first tab with work (`/logistics/intercept/counts`).
 */
export function InterceptPage() {
  const counts = useInterceptCounts();
  const [chosen, setChosen] = useState<InterceptTab | null>(null);
  // Opens on the first tab with work (issue 29 §2) once the counts are known, and stays there
  // (counts changing after an action do not move the screen); then the user's choice.
  useEffect(() => {
    if (chosen === null && (counts.data || counts.isError))
      setChosen(counts.data ? firstTabWithWork(counts.data) : 'ready');
  }, [chosen, counts.data, counts.isError]);
  const active = chosen;
  return (
    <PageContainer
      title="运费审核"
      extra={
        <Space>
          <ReviewRulesButton />
          <ChannelDrawerButton />
        </Space>
      }
    >
      {active === null ? (
        <Spin />
      ) : (
        <Tabs
          activeKey={active}
          onChange={(k) => setChosen(k as InterceptTab)}
          destroyOnHidden
          items={TABS.map((t) => ({
            key: t.key,
            label: <TabLabel tab={t.key} label={t.label} counts={counts.data} />,
            children: content(t.key),
          }))}
        />
      )}
    </PageContainer>
  );
}
