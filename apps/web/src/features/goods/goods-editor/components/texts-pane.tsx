import { DESC_LANGUAGES } from '@console/shared';
import { Badge, Button, Space, Switch, Tabs } from 'antd';
import { memo, useState } from 'react';
import { useEditor, useEditorStore } from '../editor-store';
import { CopyFromProductDialog, CopyToLanguagesDialog } from './copy-language-dialog';
import { LanguagePane } from './language-pane';

function LangLabel({ index, label }: { index: number; label: string }) {
  const filled = useEditor((s) => Boolean(s.draft.descs[index]?.title));
  return (
    <Badge dot={filled} color="green" offset={[4, 0]}>
      {label}
    </Badge>
  );
}

/** Texts pane: one tab per language (spec section 3 commonData.descs); each tab is its own memoised component. */
export const TextsPane = memo(function TextsPane() {
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const [fromProduct, setFromProduct] = useState(false);
  const preview = useEditor((s) => s.switches.desc);
  const store = useEditorStore();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => setFromProduct(true)}>从其他商品复制</Button>
        <span>描述预览</span>
        <Switch size="small" checked={preview} onChange={(on) => store.getState().setSwitch('desc', on)} />
      </Space>
      <Tabs
        tabPosition="left"
        size="small"
        className="lang-tabs"
        items={DESC_LANGUAGES.map((l, i) => ({
          key: l.key,
          label: <LangLabel index={i} label={l.label} />,
          children: <LanguagePane index={i} onCopy={setCopyFrom} />,
        }))}
      />
      <CopyToLanguagesDialog fromIndex={copyFrom} onClose={() => setCopyFrom(null)} />
      {fromProduct && <CopyFromProductDialog open onClose={() => setFromProduct(false)} />}
    </>
  );
});
