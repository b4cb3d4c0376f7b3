import { DESC_LANGUAGE_KEYS, LISTING_LIMITS } from '@console/shared/constants/goods';

/** The editor's values: every language with exactly LISTING_LIMITS.bulletCount inputs. */
export type PointsFormValues = { name: string; points: Record<string, string[]> };

/** Fills every language up to the 5 bullet inputs (missing languages and slots become ''). */
export function pointsToForm(name: string, points: Partial<Record<string, string[]>>): PointsFormValues {
  const out: Record<string, string[]> = {};
  for (const lang of DESC_LANGUAGE_KEYS) {
    const list = points[lang] ?? [];
    out[lang] = Array.from({ length: LISTING_LIMITS.bulletCount }, (_, i) => list[i] ?? '');
  }
  return { name, points: out };
}

/** The request's `points`: trimmed bullets, empty ones dropped, languages without any left out. */
export function formToPoints(points: Record<string, (string | undefined)[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const lang of DESC_LANGUAGE_KEYS) {
    const list = (points[lang] ?? []).map((b) => (b ?? '').trim()).filter((b) => b !== '');
    if (list.length > 0) out[lang] = list;
  }
  return out;
}

/** Bullets of one language that have text (the count shown on its tab). */
export function filledCount(list: readonly (string | undefined)[] | undefined): number {
  return (list ?? []).filter((b) => (b ?? '').trim() !== '').length;
}

/** Whether any bullet of a language is over the marketplace limit (its tab is marked). */
export function overLimit(list: readonly (string | undefined)[] | undefined): boolean {
  return (list ?? []).some((b) => (b ?? '').trim().length > LISTING_LIMITS.bulletChars);
}

/** The tab to open first: the first language (editor order) that has bullets, else English. */
export function firstFilledLanguage(points: Partial<Record<string, string[]>>): string {
  return DESC_LANGUAGE_KEYS.find((k) => (points[k]?.length ?? 0) > 0) ?? 'en';
}
