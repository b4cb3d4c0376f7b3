import type { SiteBlock } from '@console/shared/schemas/site-blocks';

/** The editor's blocks with their undo and redo stacks (client-side only). */
export interface History {
  past: SiteBlock[][];
  present: SiteBlock[];
  future: SiteBlock[][];
  /** The field of the last change: typing in the same field is one undo step. */
  lastField: string | null;
}

const LIMIT = 100;

export const startHistory = (blocks: SiteBlock[]): History => ({
  past: [],
  present: blocks,
  future: [],
  lastField: null,
});

/** A change: a new step, or (typing on in the same field) the same step updated. */
export function change(h: History, next: SiteBlock[], field: string | null = null): History {
  if (field !== null && field === h.lastField) return { ...h, present: next, future: [] };
  return { past: [...h.past, h.present].slice(-LIMIT), present: next, future: [], lastField: field };
}

export function undo(h: History): History {
  const prev = h.past.at(-1);
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], lastField: null };
}

export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1), lastField: null };
}

/** Moves the block at `from` to `to`. */
export function moved(blocks: SiteBlock[], from: number, to: number): SiteBlock[] {
  const out = [...blocks];
  const [b] = out.splice(from, 1);
  if (b) out.splice(to, 0, b);
  return out;
}

const newKey = () => `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new block of a type with empty texts. */
export function newBlock(type: SiteBlock['type']): SiteBlock {
  const key = newKey();
  switch (type) {
    case 'banner':
      return { type, key, image: null, heading: {}, subheading: {}, button_text: {}, link: '' };
    case 'rich_text':
      return { type, key, markdown: {} };
    case 'image_link':
      // An image link needs its image before it can be saved (the panel says so).
      return { type, key, image: '', alt: {}, link: '' };
    case 'product_grid':
      return { type, key, heading: {}, source: { kind: 'products', product_ids: [] }, columns: 4, count: 8 };
    case 'featured_collection':
      return { type, key, category_id: 0, heading: {}, count: 4 };
  }
}

/**
 * The blocks as text for comparing (unsaved changes, draft = published): object keys sorted, so
 * the server's copy — stored as jsonb, which orders keys its own way (`{"de","en"}`) — equals the
 * editor's when only the key order differs. Arrays keep their order (block order matters).
 */
export function blocksJson(blocks: unknown): string {
  return JSON.stringify(blocks, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
