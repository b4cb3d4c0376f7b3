import type { CopyableField } from '@console/shared/constants/goods';
import { ApiError } from '../../../../api/http';
import { machineCheck, startTranslateGoods, translateTexts, useTranslateStatus } from '../../../../api/translate';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';
import { FIELD_LABELS } from '../components/copy-language-dialog';
import { useEditorStore } from '../editor-store';
import { NOT_CONFIGURED_TITLE, notConfiguredHelp } from './translate-help';
import {
  defaultSource,
  fieldTexts,
  handEditedFields,
  langLabel,
  type MachineRecord,
  planFields,
  targetTexts,
} from './translate-model';
import { translateStateOf } from './translate-state';

/** The specification's wait before a translate call (section 9 "translation wait 500 ms"). */
export const TRANSLATE_WAIT_MS = 500;
const NOT_CONFIGURED = NOT_CONFIGURED_TITLE;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A problem found before any call (e.g. an empty source); shown as a warning. */
export class TranslateNotice extends Error {}

/** The outcome of an in-form translation. */
export interface InFormResult {
  langs: string[];
  kept: { lang: string; field: string }[];
}

/**
 * Translate actions of the editor. In-form translations call mulObjGoogleTran and put the
 * answers into the editor's working copy only when every call succeeded (a provider failure
 * leaves the form as it was); the job translates a saved product on the server.
 */
export function useTranslate() {
  const editor = useEditorStore();
  const state = translateStateOf(editor);
  const status = useTranslateStatus();
  const { message, modal } = useFeedback();
  const has = useHas();
  // Admins of the tenant (and traders, who run consoles) learn what to configure; others whom to ask.
  const isAdmin = has('role.companyOrPersonalAdmin') || has('role.admin');

  const explainNotConfigured = () =>
    modal.warning({ title: NOT_CONFIGURED, content: notConfiguredHelp(isAdmin), okText: '知道了', width: 600 });

  /** False (and explains how to configure a provider, or whom to ask) when none is configured. */
  const ready = () => {
    if (status.data && !status.data.configured) {
      explainNotConfigured();
      return false;
    }
    return true;
  };

  /** Shows a failure where the user acted: configuration help, a notice, or the provider's message. */
  const report = (e: unknown) => {
    if (e instanceof TranslateNotice) message.warning(e.message);
    else if (e instanceof ApiError && e.message.startsWith(NOT_CONFIGURED)) explainNotConfigured();
    else if (e instanceof ApiError) message.error(e.message || '翻译失败,请稍后重试');
    else throw e;
  };

  const sourceOf = () => state.getState().from ?? defaultSource(editor.getState().draft.descs);

  /**
   * Translates `fields` from the source into each target inside the form. Fields edited by hand
   * (text no machine delivered, asked through machineCheck) are kept unless `overwrite`.
   */
  async function translateInForm(
    targets: readonly string[],
    fields: readonly CopyableField[],
    opts: { overwrite: boolean; onProgress?: (done: number, total: number) => void },
  ): Promise<InFormResult> {
    const from = sourceOf();
    const src = editor.getState().draft.descs.find((d) => d.key === from);
    const plan = src && planFields(src, fields);
    if (!src || !plan || plan.chosen.length === 0)
      throw new TranslateNotice(`源语言(${langLabel(from)})没有可翻译的内容`);
    const langs = targets.filter((t) => t !== from);
    await sleep(TRANSLATE_WAIT_MS);
    const answers: { to: string; sub: ReturnType<typeof planFields>; plainOut: string[]; descOut: string | null }[] =
      [];
    const kept: InFormResult['kept'] = [];
    for (const [i, to] of langs.entries()) {
      const cur = editor.getState().draft.descs.find((d) => d.key === to);
      if (!cur) continue;
      let skip: CopyableField[] = [];
      if (!opts.overwrite) {
        const texts = targetTexts(cur, plan.chosen);
        if (texts.length)
          skip = handEditedFields(
            texts,
            (
              await machineCheck(
                to,
                texts.map((t) => t.text),
              )
            ).machine,
          );
      }
      for (const f of skip) kept.push({ lang: to, field: f });
      const sub = planFields(
        src,
        plan.chosen.filter((f) => !skip.includes(f)),
      );
      const plainOut = sub.plain.length ? await translateTexts(sub.plain, to, from) : [];
      const descOut = sub.description !== null ? ((await translateTexts([sub.description], to, from))[0] ?? '') : null;
      answers.push({ to, sub, plainOut, descOut });
      opts.onProgress?.(i + 1, langs.length);
    }
    // Every call succeeded: apply all languages at once onto the current working copy.
    const s = editor.getState();
    const recs: [string, MachineRecord][] = [];
    s.setDescs(
      s.draft.descs.map((d) => {
        const a = answers.find((x) => x.to === d.key);
        if (!a) return d;
        const { next, records: r } = a.sub.take(d, a.plainOut, a.descOut);
        recs.push(...r);
        return next;
      }),
    );
    state.getState().addRecords(recs);
    return { langs: answers.map((a) => a.to), kept };
  }

  /** Translates one field of one language (asks before replacing text typed by hand). */
  async function translateField(to: string, field: CopyableField) {
    if (!ready() || state.getState().busy) return;
    const from = sourceOf();
    const src = editor.getState().draft.descs.find((d) => d.key === from);
    if (!src || fieldTexts(src, field).length === 0) {
      message.warning(`源语言(${langLabel(from)})的${FIELD_LABELS[field]}为空`);
      return;
    }
    state.getState().setBusy(`field:${to}:${field}`);
    try {
      const cur = editor.getState().draft.descs.find((d) => d.key === to);
      const texts = cur ? targetTexts(cur, [field]) : [];
      if (texts.length && !state.getState().overwrite) {
        const m = await machineCheck(
          to,
          texts.map((t) => t.text),
        );
        if (handEditedFields(texts, m.machine).length) {
          const ok = await modal.confirm({
            title: '覆盖手工输入的内容?',
            content: `${langLabel(to)}的${FIELD_LABELS[field]}有手工输入的内容,确定用机器翻译覆盖吗?`,
            okText: '覆盖',
            cancelText: '取消',
          });
          if (!ok) return;
        }
      }
      await translateInForm([to], [field], { overwrite: true });
      message.success(`已翻译${langLabel(to)}的${FIELD_LABELS[field]}`);
    } catch (e) {
      report(e);
    } finally {
      state.getState().setBusy(null);
    }
  }

  /** Fills one language tab from the source (fields edited by hand kept unless overwriting). */
  async function translateLanguage(to: string) {
    if (!ready() || state.getState().busy) return;
    state.getState().setBusy(`lang:${to}`);
    try {
      const r = await translateInForm([to], ['title', 'bullet_points', 'search_terms', 'product_description'], {
        overwrite: state.getState().overwrite,
      });
      const kept = r.kept.map((k) => FIELD_LABELS[k.field as CopyableField]).join('、');
      if (kept) message.warning(`已翻译${langLabel(to)};手工修改的字段未覆盖: ${kept}`);
      else message.success(`已翻译${langLabel(to)}`);
    } catch (e) {
      report(e);
    } finally {
      state.getState().setBusy(null);
    }
  }

  /** Starts the server's translation job over a saved product; its progress is polled by `useJobProgress`. */
  async function startJob(id: number, body: { to: string[]; fields: CopyableField[]; overwrite: boolean }) {
    const { job_id } = await startTranslateGoods({ ids: [id], from: sourceOf(), ...body });
    return job_id;
  }

  return { status: status.data, ready, report, sourceOf, translateInForm, translateField, translateLanguage, startJob };
}
