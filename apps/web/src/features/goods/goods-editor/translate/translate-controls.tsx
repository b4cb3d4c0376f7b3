import { TranslationOutlined } from '@ant-design/icons';
import type { CopyableField } from '@console/shared/constants/goods';
import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { Button, Checkbox, Select, Space, Tag, Tooltip } from 'antd';
import { memo } from 'react';
import { FIELD_LABELS } from '../components/copy-language-dialog';
import { useEditor } from '../editor-store';
import { defaultSource, langLabel } from './translate-model';
import { useTranslateState } from './translate-state';
import { useTranslate } from './use-translate';
import './translate.css';

/** The source language in effect: the user's choice, else Chinese when it has text, else English. */
export function useSourceLang(): string {
  const chosen = useTranslateState((s) => s.from);
  const fallback = useEditor((s) => defaultSource(s.draft.descs));
  return chosen ?? fallback;
}

const SOURCE_OPTIONS = DESC_LANGUAGES.map((l) => ({ value: l.key, label: l.label }));

/** Texts pane toolbar: source language, overwrite switch, and the provider's state. */
export const TranslateToolbar = memo(function TranslateToolbar() {
  const from = useSourceLang();
  const overwrite = useTranslateState((s) => s.overwrite);
  const setFrom = useTranslateState((s) => s.setFrom);
  const setOverwrite = useTranslateState((s) => s.setOverwrite);
  const { status, ready } = useTranslate();
  return (
    <Space wrap className="translate-toolbar" data-testid="translate-toolbar">
      <span>翻译源语言</span>
      <Select
        size="small"
        style={{ width: 110 }}
        value={from}
        options={SOURCE_OPTIONS}
        onChange={(v: string) => setFrom(v)}
        data-testid="translate-source"
      />
      <Tooltip title="不勾选时,手工输入或修改过的字段保持不变">
        <Checkbox
          checked={overwrite}
          onChange={(e) => setOverwrite(e.target.checked)}
          data-testid="translate-overwrite"
        >
          覆盖手工修改
        </Checkbox>
      </Tooltip>
      {status?.demo && (
        <Tooltip title="服务器使用内置的演示翻译,译文以 [演示] 开头,不是真实翻译">
          <Tag color="gold" data-testid="translate-demo">
            演示翻译
          </Tag>
        </Tooltip>
      )}
      {status && !status.configured && (
        <Tag color="red" className="translate-unconfigured" onClick={ready} data-testid="translate-unconfigured">
          未配置翻译服务
        </Tag>
      )}
    </Space>
  );
});

/** A small "翻译" button beside a field label: translates that field of this language from the source. */
export const TranslateFieldButton = memo(function TranslateFieldButton({
  lang,
  field,
}: {
  lang: string;
  field: CopyableField;
}) {
  const from = useSourceLang();
  const busy = useTranslateState((s) => s.busy);
  const { translateField } = useTranslate();
  if (lang === from) return null;
  const mine = busy === `field:${lang}:${field}`;
  return (
    <Tooltip title={`从${langLabel(from)}翻译${FIELD_LABELS[field]}`}>
      <Button
        type="link"
        size="small"
        className="translate-field-btn"
        icon={<TranslationOutlined />}
        loading={mine}
        disabled={Boolean(busy) && !mine}
        onClick={(e) => {
          // The button sits inside a form label: do not focus the field.
          e.preventDefault();
          void translateField(lang, field);
        }}
        data-testid={`translate-${field}-${lang}`}
      >
        翻译
      </Button>
    </Tooltip>
  );
});

/** Language tab action: fill this language from the source, or a marker on the source's own tab. */
export const TranslateLanguageButton = memo(function TranslateLanguageButton({ lang }: { lang: string }) {
  const from = useSourceLang();
  const busy = useTranslateState((s) => s.busy);
  const { translateLanguage } = useTranslate();
  if (lang === from)
    return (
      <Tag color="blue" data-testid={`translate-source-tag-${lang}`}>
        翻译源语言
      </Tag>
    );
  const mine = busy === `lang:${lang}`;
  return (
    <Button
      size="small"
      icon={<TranslationOutlined />}
      loading={mine}
      disabled={Boolean(busy) && !mine}
      onClick={() => void translateLanguage(lang)}
      data-testid={`translate-lang-${lang}`}
    >
      从{langLabel(from)}翻译本语言
    </Button>
  );
});
