/** Splits texts into consecutive batches of at most `maxItems` texts and `maxChars` characters (a single longer text gets its own batch). */
export function splitBatches(texts: string[], maxItems: number, maxChars: number, size = (t: string) => t.length) {
  const batches: { start: number; texts: string[] }[] = [];
  let cur: string[] = [];
  let chars = 0;
  let start = 0;
  texts.forEach((t, i) => {
    const n = size(t);
    if (cur.length > 0 && (cur.length >= maxItems || chars + n > maxChars)) {
      batches.push({ start, texts: cur });
      cur = [];
      chars = 0;
      start = i;
    }
    cur.push(t);
    chars += n;
  });
  if (cur.length) batches.push({ start, texts: cur });
  return batches;
}

/** Runs `fn` on each batch in order and concatenates the answers (same order as the input). */
export async function mapBatches(
  batches: { texts: string[] }[],
  fn: (texts: string[]) => Promise<{ translations: string[]; detected?: string[] }>,
): Promise<{ translations: string[]; detected: string[] }> {
  const translations: string[] = [];
  const detected: string[] = [];
  for (const b of batches) {
    const r = await fn(b.texts);
    translations.push(...r.translations);
    detected.push(...(r.detected ?? []));
  }
  return { translations, detected };
}
