import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  SITE_BLOCK_NAMES,
  SITE_BLOCKS_MAX,
  type SiteBlock,
  type SiteBlockType,
  type SiteVisualPage,
  type SiteVisualPages,
} from '@console/shared/schemas/site-blocks';
import { Alert, Button, Card, Col, Dropdown, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { useTabDirtyGuard } from '../../../layout/tabs/use-tab-dirty-guard';
import { saveFailure } from '../../../lib/version-conflict';
import { blocksJson, change, type History, moved, newBlock, redo, startHistory, undo } from './block-history';
import { BlockList } from './block-list';
import { BlockPanel } from './block-panel';
import { previewHtml, useVisualMutations } from './visual-api';

type Site = NonNullable<SiteVisualPages['site']>;

const PREVIEW_DELAY_MS = 400;
const TYPES = Object.keys(SITE_BLOCK_NAMES) as SiteBlockType[];

/** The storefront HTML of the blocks, refreshed a moment after the last change (older answers are dropped). */
function usePreview(pageId: number | null, lang: string, blocks: SiteBlock[]) {
  const [state, setState] = useState<{ html: string; error: string }>({ html: '', error: '' });
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      previewHtml({ id: pageId, lang: lang as 'en', blocks })
        .then((r) => mine === seq.current && setState({ html: r.html, error: '' }))
        .catch((e: Error) => mine === seq.current && setState((s) => ({ html: s.html, error: e.message })));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pageId, lang, blocks]);
  return state;
}

/** Warns before a reload or closing the window, and before closing the tab, while there are unsaved changes. */
function useLeaveGuards(dirty: boolean) {
  const latest = useRef(dirty);
  latest.current = dirty;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  useTabDirtyGuard(
    () => latest.current,
    () => '可视化装修',
  );
}

/** The editor of one page: block list, edit panel, live preview, 保存草稿 / 发布 / 撤销 / 重做. */
export function VisualEditor({
  site,
  page,
  onDirty,
  reload,
}: {
  site: Site;
  page: SiteVisualPage;
  onDirty: (dirty: boolean) => void;
  reload: () => unknown;
}) {
  const [history, setHistory] = useState<History>(() => startHistory(page.draft_blocks));
  const [saved, setSaved] = useState(() => blocksJson(page.draft_blocks));
  const [version, setVersion] = useState(page.version);
  const [publishedAt, setPublishedAt] = useState(page.published_at);
  const [draftPublished, setDraftPublished] = useState(
    blocksJson(page.draft_blocks) === blocksJson(page.published_blocks),
  );
  const [selected, setSelected] = useState<string | null>(page.draft_blocks[0]?.key ?? null);
  const [lang, setLang] = useState(site.default_language);
  const [failure, setFailure] = useState<ReturnType<typeof saveFailure> | null>(null);
  const { save, publish } = useVisualMutations();
  const { message } = useFeedback();
  const blocks = history.present;
  const dirty = useMemo(() => blocksJson(blocks) !== saved, [blocks, saved]);
  const preview = usePreview(page.id, lang, blocks);
  useLeaveGuards(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y outside text fields (inside one the browser undoes the typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || target?.closest('input, textarea, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) setHistory(undo);
      else if ((key === 'z' && e.shiftKey) || key === 'y') setHistory(redo);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const update = (next: SiteBlock[], field: string | null = null) => setHistory((h) => change(h, next, field));
  const selectedBlock = blocks.find((b) => b.key === selected);

  const doSave = async () => {
    setFailure(null);
    try {
      const r = await save.mutateAsync({ id: page.id, version, blocks });
      setVersion(r.version);
      setSaved(blocksJson(r.draft_blocks));
      setDraftPublished(false);
      message.success('草稿已保存');
      return r.version;
    } catch (err) {
      setFailure(saveFailure(err));
      return null;
    }
  };
  const doPublish = async () => {
    const v = dirty || (page.id === null && version === 0) ? await doSave() : version;
    if (v === null) return;
    setFailure(null);
    try {
      const r = await publish.mutateAsync({ id: page.id, version: v });
      setVersion(r.version);
      setPublishedAt(r.published_at);
      setDraftPublished(true);
      message.success('发布成功');
    } catch (err) {
      setFailure(saveFailure(err));
    }
  };

  return (
    <>
      <SaveFailureAlert failure={failure} version={version} onReload={reload} testId="visual-save-error" />
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => setHistory(undo)} disabled={history.past.length === 0}>
          撤销
        </Button>
        <Button onClick={() => setHistory(redo)} disabled={history.future.length === 0}>
          重做
        </Button>
        <Button onClick={doSave} loading={save.isPending} disabled={!dirty && version > 0}>
          保存草稿
        </Button>
        <Button type="primary" onClick={doPublish} loading={publish.isPending}>
          发布
        </Button>
        {dirty ? <Tag color="orange">有未保存的修改</Tag> : null}
        {publishedAt ? (
          <Typography.Text type="secondary" data-testid="visual-published">
            {draftPublished && !dirty ? '已发布' : '线上为上次发布的版本'}(
            {new Date(publishedAt).toLocaleString('zh-CN')})
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">尚未发布</Typography.Text>
        )}
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card
            size="small"
            title={`模块(${blocks.length}/${SITE_BLOCKS_MAX})`}
            style={{ marginBottom: 12 }}
            extra={
              <Dropdown
                trigger={['click']}
                disabled={blocks.length >= SITE_BLOCKS_MAX}
                menu={{
                  items: TYPES.map((t) => ({ key: t, label: SITE_BLOCK_NAMES[t] })),
                  onClick: ({ key }) => {
                    const b = newBlock(key as SiteBlockType);
                    update([...blocks, b]);
                    setSelected(b.key);
                  },
                }}
              >
                <Button type="dashed">添加模块</Button>
              </Dropdown>
            }
          >
            <BlockList
              blocks={blocks}
              selected={selected}
              lang={lang}
              onSelect={setSelected}
              onMove={(from, to) => update(moved(blocks, from, to))}
              onRemove={(i) => update(blocks.filter((_, j) => j !== i))}
            />
          </Card>
          {selectedBlock ? (
            <BlockPanel
              key={selectedBlock.key}
              block={selectedBlock}
              languages={site.languages}
              onChange={(next, field) =>
                update(
                  blocks.map((b) => (b.key === next.key ? next : b)),
                  field,
                )
              }
            />
          ) : null}
        </Col>
        <Col xs={24} lg={14}>
          <Card
            size="small"
            title="预览"
            extra={
              <Select
                size="small"
                value={lang}
                onChange={setLang}
                aria-label="预览语言"
                options={site.languages.map((l) => ({
                  value: l,
                  label: SITE_LANGUAGES.find((x) => x.key === l)?.label ?? l,
                }))}
              />
            }
          >
            {preview.error ? (
              <Alert type="warning" showIcon title={`预览未更新:${preview.error}`} style={{ marginBottom: 8 }} />
            ) : null}
            <iframe
              title="页面预览"
              data-testid="visual-preview"
              sandbox=""
              srcDoc={preview.html}
              style={{ width: '100%', height: 720, border: '1px solid #d9d9d9', borderRadius: 4, background: '#fff' }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
