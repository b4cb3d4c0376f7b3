/** A piece of checked text: plain, or a sensitive-word hit. */
export interface TextSegment {
  text: string;
  /** The stored word that matched, when this piece is a hit. */
  word?: string;
  start: number;
}

/**
 * Cuts a text into plain and hit pieces from the server's hit offsets (JS string indices,
 * end exclusive; docs/api-goods-library.md). Hits may come unsorted or overlap (two words
 * matching at the same place): overlapping hits merge into one highlighted piece that
 * names the first word. Offsets outside the text are clamped.
 */
export function highlightSegments(
  text: string,
  hits: readonly { start: number; end: number; word: string }[],
): TextSegment[] {
  const sorted = hits
    .map((h) => ({ ...h, start: Math.max(0, h.start), end: Math.min(text.length, h.end) }))
    .filter((h) => h.end > h.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: TextSegment[] = [];
  let pos = 0;
  for (const h of sorted) {
    if (h.end <= pos) continue;
    const start = Math.max(h.start, pos);
    if (start > pos) out.push({ text: text.slice(pos, start), start: pos });
    out.push({ text: text.slice(start, h.end), word: h.word, start });
    pos = h.end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), start: pos });
  return out;
}
