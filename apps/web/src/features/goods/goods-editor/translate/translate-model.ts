import { COPYABLE_FIELDS, type CopyableField, DESC_LANGUAGES, LISTING_LIMITS } from '@console/shared/constants/goods';
import type { DescDraft } from '../editor-model';

/** Languages the marketplaces list in (every editor language but Chinese, the usual source). */
export const MARKET_LANGUAGES: readonly string[] = DESC_LANGUAGES.filter((l) => l.key !== 'zh-CN').map((l) => l.key);

/** The editor's label of a language key. */
export const langLabel = (key: string) => DESC_LANGUAGES.find((l) => l.key === key)?.label ?? key;

/** What a machine delivered for one target field in this editor (to save a later hand change as a correction). */
export interface MachineRecord {
  /** Source language and text the field was translated from. */
  from: string;
  source: string;
  /** The text the machine delivered. */
  text: string;
}

/** Key of one target field: `de|title`, `de|bullet_points.2`. */
export const recordKey = (lang: string, field: string) => `${lang}|${field}`;

/** The texts of a field (bullets: the non-empty ones, in order). */
export function fieldTexts(d: DescDraft, field: CopyableField): string[] {
  if (field === 'bullet_points') return d.bullet_points.filter((b) => b.trim() !== '');
  return d[field].trim() === '' ? [] : [d[field]];
}

const hasAnyText = (d: DescDraft | undefined) => Boolean(d && COPYABLE_FIELDS.some((f) => fieldTexts(d, f).length));

/** Default source: Chinese when it has text, else English (docs/translation.md "Screens"). */
export function defaultSource(descs: readonly DescDraft[]): string {
  return hasAnyText(descs.find((d) => d.key === 'zh-CN')) ? 'zh-CN' : 'en';
}

/** Texts with an HTML tag go to the provider in one HTML-mode call of their own. */
export const hasTag = (t: string) => /<\/?[a-zA-Z][^<>]*>/.test(t);

/**
 * The provider calls that translate `fields` of `src`: titles, bullets and search terms in one
 * text-mode call, the description in its own call (HTML mode when it has tags, as the product
 * job does). `take` maps the answers back onto a target language.
 */
export function planFields(src: DescDraft, fields: readonly CopyableField[]) {
  const chosen = fields.filter((f) => fieldTexts(src, f).length > 0);
  const plainFields = chosen.filter((f) => f !== 'product_description');
  const plain = plainFields.flatMap((f) => fieldTexts(src, f));
  const description = chosen.includes('product_description') ? src.product_description : null;
  return {
    chosen,
    plain,
    description,
    /** The target's new texts and what the machine delivered per field, from the calls' answers. */
    take(target: DescDraft, plainOut: readonly string[], descOut: string | null) {
      const next: DescDraft = { ...target, bullet_points: [...target.bullet_points] };
      const records: [string, MachineRecord][] = [];
      const rec = (field: string, source: string, text: string) =>
        records.push([recordKey(target.key, field), { from: src.key, source, text }]);
      let k = 0;
      for (const f of plainFields) {
        if (f === 'bullet_points') {
          const sources = fieldTexts(src, f);
          const out = sources.map(() => plainOut[k++] ?? '');
          next.bullet_points = Array.from({ length: LISTING_LIMITS.bulletCount }, (_, i) => out[i] ?? '');
          sources.forEach((s, i) => {
            if (i < LISTING_LIMITS.bulletCount) rec(`bullet_points.${i}`, s, out[i] ?? '');
          });
        } else {
          const text = plainOut[k++] ?? '';
          next[f] = text;
          rec(f, src[f], text);
        }
      }
      if (description !== null && descOut !== null) {
        next.product_description = descOut;
        rec('product_description', description, descOut);
      }
      return { next, records };
    },
  };
}

/** The non-empty texts of the target's fields, for the hand-edit check (machineCheck). */
export function targetTexts(target: DescDraft, fields: readonly CopyableField[]) {
  return fields.flatMap((f) => fieldTexts(target, f).map((text) => ({ field: f, text })));
}

/** Fields whose target text holds anything a machine did not deliver (edited by hand; kept unless overwriting). */
export function handEditedFields(
  texts: readonly { field: CopyableField; text: string }[],
  machine: readonly boolean[],
) {
  return [...new Set(texts.filter((_, i) => !machine[i]).map((t) => t.field))];
}

/** The current text of a recorded field key's field (`bullet_points.2` -> the third bullet). */
function currentText(d: DescDraft, field: string): string {
  const m = /^bullet_points\.(\d+)$/.exec(field);
  if (m) return d.bullet_points[Number(m[1])] ?? '';
  return (d[field as Exclude<CopyableField, 'bullet_points'>] as string | undefined) ?? '';
}

/** One correction to store: the user changed what the machine delivered. */
export interface PendingCorrection {
  key: string;
  source: string;
  from: string;
  to: string;
  text: string;
}

/**
 * Fields whose text the user changed after a machine filled them (non-empty and different from
 * the delivered text): saved as corrections with `saveCorrection` after the product is saved.
 */
export function pendingCorrections(
  descs: readonly DescDraft[],
  records: ReadonlyMap<string, MachineRecord>,
): PendingCorrection[] {
  const out: PendingCorrection[] = [];
  for (const [key, r] of records) {
    const [lang = '', field = ''] = key.split('|');
    const d = descs.find((x) => x.key === lang);
    if (!d) continue;
    const now = currentText(d, field);
    if (now.trim() === '' || now === r.text || r.source.trim() === '') continue;
    out.push({ key, source: r.source, from: r.from, to: lang, text: now });
  }
  return out;
}

/**
 * Machine records of a product the translation job just wrote and the editor reloaded: every
 * translated field not kept as hand-edited holds the machine's text for the source's text.
 */
export function jobRecords(
  descs: readonly DescDraft[],
  job: {
    from: string;
    to: readonly string[];
    fields: readonly CopyableField[];
    kept: readonly { lang: string; field: string }[];
  },
): [string, MachineRecord][] {
  const src = descs.find((d) => d.key === job.from);
  if (!src) return [];
  const out: [string, MachineRecord][] = [];
  for (const to of job.to) {
    const d = descs.find((x) => x.key === to);
    if (!d) continue;
    for (const f of job.fields) {
      if (job.kept.some((k) => k.lang === to && k.field === f)) continue;
      const sources = fieldTexts(src, f);
      if (f === 'bullet_points')
        sources.forEach((s, i) => {
          const text = d.bullet_points[i] ?? '';
          if (text) out.push([recordKey(to, `bullet_points.${i}`), { from: job.from, source: s, text }]);
        });
      else if (sources[0] && d[f]) out.push([recordKey(to, f), { from: job.from, source: sources[0], text: d[f] }]);
    }
  }
  return out;
}

/** One language's texts as saved (`GoodsData.commonData.descs`: bullets without empty ones). */
export interface SavedDesc {
  key: string;
  title?: string;
  search_terms?: string;
  bullet_points?: string[];
  product_description?: string;
}

/** A saved target text the user changed; a correction if the old text was a machine's (machineCheck). */
export interface ChangedText extends PendingCorrection {
  /** The text before this save. */
  old: string;
}

/** The saved texts of one field by record key (`title`, `bullet_points.0` ...). */
function savedTexts(d: SavedDesc | undefined): Map<string, string> {
  const m = new Map<string, string>();
  if (!d) return m;
  for (const f of ['title', 'search_terms', 'product_description'] as const) m.set(f, d[f] ?? '');
  (d.bullet_points ?? []).forEach((b, i) => {
    m.set(`bullet_points.${i}`, b);
  });
  return m;
}

/**
 * Target texts this save changed, for fields the editor has no machine record of (translated
 * before this editor opened): the old and new text must be non-empty and the source language
 * must have text at the same place (bullets pair by position, as the product job translates
 * them). The caller keeps those whose old text a machine delivered and stores them as corrections.
 */
export function changedTexts(
  before: readonly SavedDesc[],
  after: readonly SavedDesc[],
  from: string,
  recorded: ReadonlySet<string>,
): ChangedText[] {
  const source = savedTexts(before.find((d) => d.key === from));
  const out: ChangedText[] = [];
  for (const d of after) {
    if (d.key === from) continue;
    const old = savedTexts(before.find((x) => x.key === d.key));
    for (const [field, text] of savedTexts(d)) {
      const key = recordKey(d.key, field);
      const prev = old.get(field) ?? '';
      const src = source.get(field) ?? '';
      if (recorded.has(key) || !text.trim() || !prev.trim() || !src.trim() || text === prev) continue;
      out.push({ key, source: src, from, to: d.key, text, old: prev });
    }
  }
  return out;
}
