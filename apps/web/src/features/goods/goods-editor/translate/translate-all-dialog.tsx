import { COPYABLE_FIELDS, type CopyableField, DESC_LANGUAGES } from '@console/shared/constants/goods';
import { isFinalJobStatus, type JobView } from '@console/shared/schemas/jobs';
import type { FieldFit, TranslateJobItem } from '@console/shared/schemas/translate';
import { Alert, Button, Checkbox, Form, Modal, Progress, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../api/http';
import { useJobProgress } from '../../../../api/jobs';
import { useFeedback } from '../../../../app/ui-bridge';
import { overLimits, overLimitText } from '../../lib/counters';
import { FIELD_LABELS } from '../components/copy-language-dialog';
import { useEditorStore } from '../editor-store';
import { useSourceLang } from './translate-controls';
import { langLabel, MARKET_LANGUAGES } from './translate-model';
import { useTranslateState } from './translate-state';
import { useTranslate } from './use-translate';

const FIELD_OPTIONS = COPYABLE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }));
const SOURCE_OPTIONS = DESC_LANGUAGES.map((l) => ({ value: l.key, label: l.label }));

/** Labels of the job's `limits` fields. */
const FIT_LABELS: Record<string, string> = {
  title: '标题',
  'bullet_points.count': '五点描述条数',
  'bullet_points.length': '五点描述(最长一条)',
  search_terms: '搜索词(字节)',
  product_description: '产品描述',
};

/** What a finished translation did: languages, fields kept as hand-edited, languages over the limits. */
export interface TranslateOutcome {
  langs: string[];
  kept: { lang: string; field: string }[];
  over: { lang: string; text: string }[];
}

/** The job's per-language limits as "标题 212/200" lines for the languages that do not fit. */
export function overFromLimits(limits: TranslateJobItem['limits']): TranslateOutcome['over'] {
  return Object.entries(limits)
    .map(([lang, fits]: [string, FieldFit[]]) => ({
      lang,
      text: fits
        .filter((f) => !f.ok)
        .map((f) => `${FIT_LABELS[f.field] ?? f.field} ${f.size}/${f.max}`)
        .join(', '),
    }))
    .filter((o) => o.text);
}

/** The summary shown after a translation (in the dialog, or in a message box after the editor reloads). */
export function TranslateSummary({ outcome }: { outcome: TranslateOutcome }) {
  return (
    <div className="translate-summary" data-testid="translate-summary">
      <div>
        已翻译 {outcome.langs.length} 种语言: {outcome.langs.map(langLabel).join('、')}
      </div>
      {outcome.kept.length > 0 && (
        <>
          <div>以下手工修改的字段未覆盖:</div>
          <ul>
            {outcome.kept.map((k) => (
              <li key={`${k.lang}-${k.field}`}>
                {langLabel(k.lang)}: {FIELD_LABELS[k.field as CopyableField] ?? k.field}
              </li>
            ))}
          </ul>
        </>
      )}
      {outcome.over.length > 0 ? (
        <>
          <div style={{ color: '#ff4d4f' }}>以下语言超出平台限制,请在标红的语言中修改:</div>
          <ul data-testid="translate-summary-over">
            {outcome.over.map((o) => (
              <li key={o.lang}>
                {langLabel(o.lang)}: {o.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div>所有语言均符合平台限制。</div>
      )}
    </div>
  );
}

type Phase =
  | { kind: 'form' }
  | { kind: 'running'; percent: number; text: string }
  | { kind: 'done'; outcome: TranslateOutcome };

/** The progress bar of a running translation job (before its first poll: being created). */
function jobPhase(job: JobView<TranslateJobItem[]> | undefined): Phase {
  if (!job) return { kind: 'running', percent: 0, text: '正在创建翻译任务…' };
  if (job.status === 'queued') return { kind: 'running', percent: 5, text: '排队中…' };
  const percent = job.total ? Math.max(10, Math.round((job.progress / job.total) * 100)) : 10;
  return { kind: 'running', percent, text: '正在翻译并保存…' };
}

/** A translation job the dialog follows: its id and what it was asked to do. */
interface RunningJob {
  id: string;
  from: string;
  to: string[];
  fields: CopyableField[];
}

/**
 * 一键翻译: every chosen language from the source. A saved product without unsaved changes is
 * translated by the server's job (progress polled, then the editor reloads the product);
 * otherwise the texts are translated into the form and the user saves as usual.
 */
export function TranslateAllDialog({
  id,
  open,
  onClose,
  onReload,
  onJobDone,
}: {
  id: number | null;
  open: boolean;
  onClose: () => void;
  onReload?: () => void;
  onJobDone: (job: { from: string; to: string[]; fields: CopyableField[]; kept: TranslateJobItem['kept'] }) => void;
}) {
  const editor = useEditorStore();
  const from = useSourceLang();
  const setFrom = useTranslateState((s) => s.setFrom);
  const overwrite = useTranslateState((s) => s.overwrite);
  const setOverwrite = useTranslateState((s) => s.setOverwrite);
  const setBusy = useTranslateState((s) => s.setBusy);
  const { ready, report, translateInForm, startJob } = useTranslate();
  const { message, modal } = useFeedback();
  const [targets, setTargets] = useState<string[]>([]);
  const [fields, setFields] = useState<CopyableField[]>([...COPYABLE_FIELDS]);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [error, setError] = useState('');
  const [jobMode, setJobMode] = useState(false);
  const [job, setJob] = useState<RunningJob | null>(null);
  const poll = useJobProgress<TranslateJobItem[]>(job?.id ?? null);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setPhase({ kind: 'form' });
    setError('');
    setJobMode(id !== null && Boolean(onReload) && !editor.getState().isDirty());
  }, [open, id, onReload, editor]);
  useEffect(() => setTargets(MARKET_LANGUAGES.filter((l) => l !== from)), [from]);

  // The job's end (or a failed poll): report it once, then back to the form or on to the summary.
  useEffect(() => {
    if (!job || handled.current === job.id) return;
    const j = poll.data;
    if (poll.error) {
      handled.current = job.id;
      setJob(null);
      setBusy(null);
      setPhase({ kind: 'form' });
      if (poll.error instanceof ApiError) {
        setError(poll.error.message);
        report(poll.error);
      } else message.error(poll.error.message || '翻译失败,请稍后重试');
      return;
    }
    if (!j || !isFinalJobStatus(j.status)) return;
    handled.current = job.id;
    setJob(null);
    setBusy(null);
    const item = (j.result ?? [])[0];
    if (j.status === 'failed' || item?.status === 'failed') {
      const msg = j.error || item?.message || '翻译失败,请稍后重试';
      setError(msg);
      message.error(msg);
      setPhase({ kind: 'form' });
      return;
    }
    if (!item || item.status === 'skipped') {
      setError(item?.message ?? '没有可翻译的内容');
      setPhase({ kind: 'form' });
      return;
    }
    const outcome = { langs: job.to, kept: item.kept, over: overFromLimits(item.limits) };
    onJobDone({ from: job.from, to: job.to, fields: job.fields, kept: item.kept });
    onClose();
    modal.success({
      title: '翻译完成,已保存',
      content: <TranslateSummary outcome={outcome} />,
      okText: '知道了',
      width: 560,
    });
    onReload?.();
  }, [job, poll.data, poll.error, setBusy, report, message, modal, onJobDone, onClose, onReload]);

  const shown: Phase = job ? jobPhase(poll.data) : phase;
  const running = shown.kind === 'running';
  const run = async () => {
    if (!ready()) return;
    const to = targets.filter((l) => l !== from);
    setError('');
    setBusy('all');
    setPhase({ kind: 'running', percent: 0, text: jobMode ? '正在创建翻译任务…' : '正在翻译…' });
    let handedOver = false;
    try {
      if (jobMode && id !== null) {
        const jobId = await startJob(id, { to, fields, overwrite });
        // From here the job's polls drive the dialog; the effect above ends it (and the busy state).
        setJob({ id: jobId, from, to, fields });
        handedOver = true;
        return;
      }
      const r = await translateInForm(to, fields, {
        overwrite,
        onProgress: (done, total) =>
          setPhase({
            kind: 'running',
            percent: Math.round((done / total) * 100),
            text: `正在翻译… ${done}/${total}`,
          }),
      });
      const descs = editor.getState().draft.descs;
      const over = r.langs
        .map((lang) => {
          const d = descs.find((x) => x.key === lang);
          return { lang, text: d ? overLimitText(overLimits(d)) : '' };
        })
        .filter((o) => o.text);
      setPhase({ kind: 'done', outcome: { langs: r.langs, kept: r.kept, over } });
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      report(e);
      setPhase({ kind: 'form' });
    } finally {
      if (!handedOver) setBusy(null);
    }
  };

  const footer =
    phase.kind === 'done' ? (
      <Button type="primary" onClick={onClose} data-testid="translate-all-close">
        关闭
      </Button>
    ) : (
      [
        <Button key="cancel" onClick={onClose} disabled={running}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={running}
          disabled={!targets.length || !fields.length}
          onClick={run}
          data-testid="translate-all-start"
        >
          开始翻译
        </Button>,
      ]
    );

  return (
    <Modal
      title="一键翻译所有语言"
      open={open}
      onCancel={running ? undefined : onClose}
      closable={!running}
      maskClosable={false}
      footer={footer}
      width={640}
      destroyOnHidden
    >
      {phase.kind === 'done' ? (
        <>
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="译文已填入表单,请检查后点击保存。" />
          <TranslateSummary outcome={phase.outcome} />
        </>
      ) : (
        <Form layout="vertical" disabled={running} data-testid="translate-all-form">
          <Alert
            type={jobMode ? 'info' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="translate-all-mode"
            title={
              jobMode
                ? '将在服务器上翻译并保存本商品,完成后重新载入。'
                : id === null
                  ? '商品尚未保存: 译文将填入当前表单,保存后生效。'
                  : '商品有未保存的修改: 译文将填入当前表单(不会自动保存),请翻译后保存。'
            }
          />
          <Form.Item label="源语言">
            <Select
              style={{ width: 160 }}
              value={from}
              options={SOURCE_OPTIONS}
              onChange={(v: string) => setFrom(v)}
              data-testid="translate-all-source"
            />
          </Form.Item>
          <Form.Item label="目标语言">
            <Checkbox.Group
              options={DESC_LANGUAGES.filter((l) => l.key !== from).map((l) => ({ value: l.key, label: l.label }))}
              value={targets}
              onChange={(v) => setTargets(v as string[])}
            />
          </Form.Item>
          <Form.Item label="字段">
            <Checkbox.Group options={FIELD_OPTIONS} value={fields} onChange={(v) => setFields(v as CopyableField[])} />
          </Form.Item>
          <Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)}>
            覆盖手工修改的字段(默认保留手工输入或修改过的内容)
          </Checkbox>
        </Form>
      )}
      {shown.kind === 'running' && (
        <div style={{ marginTop: 16 }} data-testid="translate-progress">
          <Progress percent={shown.percent} status="active" />
          <div>{shown.text}</div>
        </div>
      )}
      {error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} data-testid="translate-error" />}
    </Modal>
  );
}
