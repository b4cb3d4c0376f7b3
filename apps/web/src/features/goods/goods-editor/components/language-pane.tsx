import { Button, Form, Input, Space } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { checkSensitive, type SensitiveHit } from '../../../../api/goods';
import { listingCounters } from '../../lib/counters';
import type { DescDraft } from '../editor-model';
import { useEditor, useEditorStore } from '../editor-store';
import { TranslateFieldButton, TranslateLanguageButton } from '../translate/translate-controls';
import { SensitiveList } from './sensitive-list';
import { TextCounter } from './text-counter';

/** Debounce of the sensitive-word check while typing. */
const CHECK_DELAY_MS = 800;
const EMPTY: SensitiveHit[] = [];

function useLiveSensitive(d: DescDraft, enabled: boolean): SensitiveHit[] {
  const [hits, setHits] = useState<SensitiveHit[]>(EMPTY);
  const texts = useMemo(
    () => [
      { lang: d.key, field: 'title', text: d.title },
      ...d.bullet_points.map((b, i) => ({ lang: d.key, field: `bullet_points.${i}`, text: b })),
      { lang: d.key, field: 'search_terms', text: d.search_terms },
      { lang: d.key, field: 'product_description', text: d.product_description },
    ],
    [d],
  );
  useEffect(() => {
    if (!enabled || texts.every((t) => !t.text)) return setHits(EMPTY);
    const timer = setTimeout(() => {
      checkSensitive(texts.filter((t) => t.text))
        .then((r) => setHits(r.hits))
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts, enabled]);
  return hits;
}

/** One language tab: title, 5 bullet points, search terms, description, with live counters and sensitive words. */
export const LanguagePane = memo(function LanguagePane({
  index,
  onCopy,
}: {
  index: number;
  onCopy: (i: number) => void;
}) {
  const d = useEditor((s) => s.draft.descs[index] as DescDraft);
  const savedHits = useEditor((s) => s.sensitive);
  const showPreview = useEditor((s) => s.switches.desc);
  const store = useEditorStore();
  const set = (patch: Partial<DescDraft>) => store.getState().setDesc(index, patch);
  const c = listingCounters(d);
  const live = useLiveSensitive(d, true);
  const hits = live.length ? live : savedHits.filter((h) => h.lang === d.key);
  const of = (field: string) => hits.filter((h) => h.field === field || h.field.startsWith(`${field}.`));
  const ofBullet = (i: number) =>
    hits.filter((h) => h.field === `bullet_points.${i}` || h.field === `bullet_points[${i}]`);

  return (
    <Form layout="vertical" data-testid={`lang-pane-${d.key}`}>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => onCopy(index)}>
          复制到其他语言
        </Button>
        <TranslateLanguageButton lang={d.key} />
      </Space>
      <Form.Item
        label={
          <span>
            标题 <TextCounter c={c.title} />
            <TranslateFieldButton lang={d.key} field="title" />
          </span>
        }
      >
        <Input
          value={d.title}
          status={c.title.over ? 'error' : undefined}
          onChange={(e) => set({ title: e.target.value })}
          data-testid={`title-${d.key}`}
        />
        <SensitiveList hits={of('title')} text={d.title} />
      </Form.Item>
      <Form.Item
        label={
          <span>
            五点描述 <TextCounter c={c.bulletCount} unit="条" />
            <TranslateFieldButton lang={d.key} field="bullet_points" />
          </span>
        }
      >
        {d.bullet_points.map((b, i) => (
          <div key={i} className="bullet-row">
            <Input
              value={b}
              status={c.bullets[i]?.over ? 'error' : undefined}
              prefix={<span className="bullet-no">{i + 1}</span>}
              suffix={<TextCounter c={c.bullets[i] ?? { value: 0, limit: 0, over: false }} />}
              onChange={(e) => set({ bullet_points: d.bullet_points.map((x, j) => (j === i ? e.target.value : x)) })}
              data-testid={`bullet-${d.key}-${i}`}
            />
            <SensitiveList hits={ofBullet(i)} text={b} />
          </div>
        ))}
      </Form.Item>
      <Form.Item
        label={
          <span>
            搜索词 <TextCounter c={c.searchTerms} unit=" 字节" />
            <TranslateFieldButton lang={d.key} field="search_terms" />
          </span>
        }
      >
        <Input.TextArea
          value={d.search_terms}
          status={c.searchTerms.over ? 'error' : undefined}
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(e) => set({ search_terms: e.target.value })}
          data-testid={`search-${d.key}`}
        />
        <SensitiveList hits={of('search_terms')} text={d.search_terms} />
      </Form.Item>
      <Form.Item
        label={
          <span>
            产品描述 <TextCounter c={c.description} />
            <TranslateFieldButton lang={d.key} field="product_description" />
          </span>
        }
      >
        <Input.TextArea
          value={d.product_description}
          status={c.description.over ? 'error' : undefined}
          autoSize={{ minRows: 5, maxRows: 14 }}
          onChange={(e) => set({ product_description: e.target.value })}
          data-testid={`desc-${d.key}`}
        />
        <SensitiveList hits={of('product_description')} text={d.product_description} />
        {showPreview && d.product_description && (
          <div className="desc-preview" data-testid={`desc-preview-${d.key}`}>
            {d.product_description}
          </div>
        )}
      </Form.Item>
    </Form>
  );
});
