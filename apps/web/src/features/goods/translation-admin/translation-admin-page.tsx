import { Tabs } from 'antd';
import { PageContainer } from '../../../layout/page/page-container';
import { GlossaryTab } from './components/glossary-tab';
import { MemoryTab } from './components/memory-tab';
import { UsageTab } from './components/usage-tab';
import './translation-admin.css';

/**
 * 翻译术语与记忆 (`/goods/admin/translation`, company and personal admins): the tenant's
 * glossary, translation memory and corrections, and provider usage (docs/translation.md "Screens").
 */
export function TranslationAdminPage() {
  return (
    <PageContainer title="翻译术语与记忆">
      <Tabs
        data-testid="translation-admin-tabs"
        items={[
          { key: 'glossary', label: '术语表', children: <GlossaryTab /> },
          { key: 'memory', label: '翻译记忆', children: <MemoryTab /> },
          { key: 'usage', label: '用量', children: <UsageTab /> },
        ]}
      />
    </PageContainer>
  );
}
