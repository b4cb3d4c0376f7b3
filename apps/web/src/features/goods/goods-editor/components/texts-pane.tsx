import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { Badge, Button, Space, Switch, Tabs, Tooltip } from 'antd';
import { memo, useState } from 'react';
import { overLimits, overLimitText } from '../../lib/counters';
import { useEditor, useEditorStore } from '../editor-store';
import { TranslateToolbar } from '../translate/translate-controls';
import { CopyFromProductDialog, CopyToLanguagesDialog } from './copy-language-dialog';
import { LanguagePane } from './language-pane';

/** A language tab's label: green dot when it has a title, a red count of fields over the marketplace limits. */
function LangLabel({ index, label }: { index: number; label: string }) {
  const filled = useEditor((s) => Boolean(s.draft.descs[index]?.title));
  // A string selector: the label re-renders only when its flags change, not on every keystroke.
  const over = useEditor((s) => {
    const d = s.draft.descs[index];
    return d ? overLimitText(overLimits(d)) : '';
  });
  const key = DESC_LANGUAGES[index]?.key ?? '';
  const n = useEditor((s) => {
    const d = s.draft.descs[index];
    return d ? overLimits(d).length : 0;
  });
  return (
    <span className="lang-tab-label">
      <Badge dot={filled} color="green" offset={[4, 0]}>
        {label}
      </Badge>
      {n > 0 && (
        <Tooltip title={`超出平台限制: ${over}`} placement="right">
          <span className="lang-tab-over" data-testid={`lang-over-${key}`}>
            {n}
          </span>
        </Tooltip>
      )}
    </span>
  );
}

/** Texts pane: one tab per language (spec section 3 commonData.descs); each tab is its own memoised component. */
export const TextsPane = memo(function TextsPane() {
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const [fromProduct, setFromProduct] = useState(false);
  const preview = useEditor((s) => s.switches.desc);
  const lang = useEditor((s) => s.textLang);
  const store = useEditorStore();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => setFromProduct(true)}>从其他商品复制</Button>
        <span>描述预览</span>
        <Switch size="small" checked={preview} onChange={(on) => store.getState().setSwitch('desc', on)} />
        <TranslateToolbar />
      </Space>
      <Tabs
        tabPosition="left"
        size="small"
        className="lang-tabs"
        activeKey={lang}
        onChange={(k) => store.getState().setTextLang(k)}
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
