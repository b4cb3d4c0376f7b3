/**
 * The pieces every sentence of the operation log is made of: the row as a sentence sees it and the
 * readers of its loosely typed summary (`opera-log.sentences.ts`).
 */
/** A product as the log names it: its title and SKU now (null when it no longer exists). */
export interface GoodsLabel {
  title: string;
  sku: string;
}

/** One log row with what its sentence needs from elsewhere (names of people and products). */
export interface SentenceInput {
  action: string;
  target_type: string;
  target_id: string;
  summary: { before?: unknown; after?: unknown };
  /** Who did it, as colleagues know them (display name, else the account). */
  actor: string;
  /** A product of the row's tenant by id. */
  goods: (id: number) => GoodsLabel | undefined;
  /** An account of the row's tenant by id: its display name, else its account. */
  user: (id: number) => string | undefined;
}

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const arr = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
export const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const quote = (s: string) => `「${s}」`;
