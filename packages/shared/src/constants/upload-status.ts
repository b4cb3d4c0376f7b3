/**
 * The upload pipeline's one vocabulary (docs/upload.md "Status words"): every state a listing
 * can be in on the way to Amazon has one Chinese word and one tone, and the item states of a
 * queue and the states of the listing ledger both map to it. The queue list, its items, the
 * editor's ledger panel, the product list's tags, the error feed and the edit queue show these
 * words and nothing else; a queue's end (全部成功, 部分失败, 全部失败) is derived from its
 * item counts here too (`queueOutcome`), so the server and every screen agree.
 */

/** A tone of a word: the colour family screens draw it in (antd Tag/Progress colours). */
export type StatusTone = 'default' | 'processing' | 'success' | 'warning' | 'error';

/**
 * The words of the states. Two kinds of failure are never mixed: 未通过检查 is the console's
 * own pre-send check (nothing was sent), 亚马逊拒绝 is Amazon's answer to what was sent.
 */
export const LISTING_STATE_WORDS = {
  /** In the ledger: never uploaded to this shop x marketplace. */
  draft: { label: '未上传', tone: 'default' },
  /** Waiting in a queue for its turn to be sent. */
  waiting: { label: '等待发送', tone: 'default' },
  /** The request is on its way (committed before it leaves). */
  sending: { label: '发送中', tone: 'processing' },
  /** Sent in a feed; Amazon has not answered yet. */
  submitted: { label: '已提交', tone: 'processing' },
  /** Amazon accepted the submission; the console reads it back until it shows as live. */
  accepted: { label: '已接受,确认中', tone: 'processing' },
  /** Amazon shows the listing (buyable or discoverable) without errors. */
  live: { label: '已上架', tone: 'success' },
  /** The console's own check stopped it before sending: nothing reached Amazon. */
  check_failed: { label: '未通过检查', tone: 'warning' },
  /** Sent, and Amazon refused it (or flagged errors on it afterwards). */
  refused: { label: '亚马逊拒绝', tone: 'error' },
  /** Amazon could not be reached, or could not process the file, after the retries. */
  failed: { label: '发送失败', tone: 'error' },
  /** Sent and accepted (or submitted), but Amazon never showed a verdict: 重新查询 or 重新提交. */
  unknown: { label: '结果未知', tone: 'warning' },
  /** Cancelled before it was sent. */
  cancelled: { label: '已取消', tone: 'default' },
  /** In the ledger: listed, but Amazon flags it (not buyable or with errors) after a later check. */
  suppressed: { label: '已禁止显示', tone: 'warning' },
  /** In the ledger: deleted from Amazon from the console. */
  deleted: { label: '已删除', tone: 'default' },
} as const satisfies Record<string, { label: string; tone: StatusTone }>;
export type ListingState = keyof typeof LISTING_STATE_WORDS;

/** The state of each upload item status (`upload_items.status`). */
export const ITEM_STATE = {
  waiting: 'waiting',
  sending: 'sending',
  submitted: 'submitted',
  accepted: 'accepted',
  live: 'live',
  rejected: 'refused',
  invalid: 'check_failed',
  failed: 'failed',
  unknown: 'unknown',
  cancelled: 'cancelled',
} as const satisfies Record<string, ListingState>;
export type ItemStatusValue = keyof typeof ITEM_STATE;

/** The state of each listing-ledger status (`listings.status`). */
export const LEDGER_STATE = {
  draft: 'draft',
  queued: 'waiting',
  submitted: 'submitted',
  accepted: 'accepted',
  rejected: 'refused',
  invalid: 'check_failed',
  failed: 'failed',
  unknown: 'unknown',
  live: 'live',
  suppressed: 'suppressed',
  deleted: 'deleted',
} as const satisfies Record<string, ListingState>;
export type LedgerStatusValue = keyof typeof LEDGER_STATE;

/** The word of an item status. */
export const itemStateWord = (status: string) =>
  LISTING_STATE_WORDS[ITEM_STATE[status as ItemStatusValue] ?? 'unknown'];
/** The word of a ledger status. */
export const ledgerStateWord = (status: string) =>
  LISTING_STATE_WORDS[LEDGER_STATE[status as LedgerStatusValue] ?? 'unknown'];

/** Item statuses still on their way (the queue is not finished while one is). */
export const OPEN_ITEM_STATUSES = ['waiting', 'sending', 'submitted', 'accepted'] as const satisfies ItemStatusValue[];
/** Item statuses that did not end live and that 重试失败 / 重新提交 send again. */
export const RETRYABLE_ITEM_STATUSES = [
  'rejected',
  'invalid',
  'failed',
  'unknown',
] as const satisfies ItemStatusValue[];

/** How a finished queue ended. */
export const QUEUE_OUTCOMES = {
  success: { label: '全部成功', tone: 'success' },
  partial: { label: '部分失败', tone: 'warning' },
  failed: { label: '全部失败', tone: 'error' },
  cancelled: { label: '已取消', tone: 'default' },
} as const satisfies Record<string, { label: string; tone: StatusTone }>;
export type QueueOutcome = keyof typeof QUEUE_OUTCOMES;

/** Per-status item counts of a queue (the `counts` of a queue row). */
export type ItemCounts = Record<ItemStatusValue, number>;

/**
 * How a queue ended, from its item counts; null while it is open (pending or running) or an
 * item is still on its way. Live items are successes; refused, check-failed, failed and
 * unknown ones are not; cancelled items (the seller's choice) count neither way, and a queue
 * of cancelled items only is 已取消 (全部失败 when it was stopped, `failed`, with nothing sent).
 */
export function queueOutcome(status: string, c: ItemCounts): QueueOutcome | null {
  if (status === 'pending' || status === 'running') return null;
  if (OPEN_ITEM_STATUSES.some((s) => c[s] > 0)) return null;
  const bad = RETRYABLE_ITEM_STATUSES.reduce((n, s) => n + c[s], 0);
  if (c.live === 0 && bad === 0) return status === 'failed' ? 'failed' : 'cancelled';
  if (bad === 0) return 'success';
  return c.live === 0 ? 'failed' : 'partial';
}
