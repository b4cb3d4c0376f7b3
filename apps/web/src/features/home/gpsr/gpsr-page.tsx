import { Tabs } from 'antd';
import { useState } from 'react';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { GpsrApplyTab } from './gpsr-apply-tab';
import { GpsrCheckTab } from './gpsr-check-tab';
import { GpsrProfilesTab } from './gpsr-profiles-tab';

type Tab = 'profiles' | 'apply' | 'check';

/**
 * GPSR提交助手 (`/index/gpsr`, issue 31 §3, docs/gpsr.md): compliance profiles, applying them to
 * products per EU marketplace, and the check of what the EU would refuse. `?tab=` opens a tab.
 */
export function GpsrPage() {
  const params = usePageSearchParams();
  const initial = params.get('tab');
  const [tab, setTab] = useState<Tab>(initial === 'apply' || initial === 'check' ? initial : 'profiles');
  const [preset, setPreset] = useState<{ ids: number[]; market: string | null }>({ ids: [], market: null });
  const [editId, setEditId] = useState<number | null>(null);

  return (
    <PageContainer title="GPSR提交助手">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          { key: 'profiles', label: '合规档案', children: <GpsrProfilesTab editId={editId} /> },
          {
            key: 'apply',
            label: '批量应用',
            children: <GpsrApplyTab presetIds={preset.ids} presetMarket={preset.market} />,
          },
          {
            key: 'check',
            label: '缺失检查',
            children: (
              <GpsrCheckTab
                onApply={(id, market) => {
                  setPreset({ ids: [id], market });
                  setTab('apply');
                }}
                onEditProfile={(id) => {
                  setEditId(id);
                  setTab('profiles');
                }}
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
