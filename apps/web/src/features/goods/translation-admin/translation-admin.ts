import { DESC_LANGUAGES } from '@console/shared/constants/goods';

/** Options of a glossary entry's language: every language ('') or one editor language. */
export const GLOSSARY_LANG_OPTIONS = [
  { value: '', label: '所有语言' },
  ...DESC_LANGUAGES.map((l) => ({ value: l.key as string, label: l.label })),
];

/** Options of a source-language filter (the memory also keys `auto`, automatic detection). */
export const FROM_OPTIONS = [
  { value: 'auto', label: '自动检测' },
  ...DESC_LANGUAGES.map((l) => ({ value: l.key as string, label: l.label })),
];

/** Options of a target-language filter. */
export const TO_OPTIONS = DESC_LANGUAGES.map((l) => ({ value: l.key as string, label: l.label }));

/** The label of a language key ('' = all languages, `auto` = detected). */
export function langName(key: string): string {
  if (key === '') return '所有语言';
  return FROM_OPTIONS.find((o) => o.value === key)?.label ?? key;
}

/** The kind of a glossary entry: kept as written, or forced to a translation. */
export const glossaryKind = (translation: string) => (translation === '' ? '不翻译' : '指定译法');

/** Provider names as the configuration spells them, with a readable label. */
export const PROVIDER_LABELS: Record<string, string> = {
  google: 'Google',
  deepl: 'DeepL',
  libretranslate: 'LibreTranslate',
  openai: 'OpenAI 兼容',
  demo: '演示(模拟)',
  none: '未配置',
};

/** Characters as "12,345". */
export const formatCount = (n: number) => n.toLocaleString('en-US');
