import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import {
  itemStateWord,
  LISTING_STATE_WORDS,
  ledgerStateWord,
  QUEUE_OUTCOMES,
  type QueueOutcome,
  type StatusTone,
} from '@console/shared/constants/upload-status';
import {
  LISTING_STATUSES,
  type ListingStatus,
  UPLOAD_ITEM_STATUSES,
  UPLOAD_QUEUE_STATUSES,
  UPLOAD_TYPES,
  type UploadCounts,
  type UploadItemStatus,
  type UploadQueueStatus,
  type UploadQueueView,
} from '@console/shared/schemas/upload';

const label = <T extends string>(rows: readonly { value: T; label: string }[], v: string) =>
  rows.find((r) => r.value === v)?.label ?? v;

/** Chinese name of an upload type (商品基本信息, 变体关系 ...). */
export const uploadTypeLabel = (v: string) => label(UPLOAD_TYPES, v);
/**
 * The words and colours below all come from the one vocabulary of the pipeline
 * (`@console/shared/constants/upload-status`, docs/upload.md "Status words"): an item and its
 * listing in the ledger in the same state read the same word everywhere.
 */

/** The antd Tag preset colour of a tone. */
const toneColor = (tone: StatusTone): string => tone;

/** Chinese name of a queue state (a finished queue is shown by its outcome, `queueStateText`). */
export const queueStatusLabel = (v: string) => label(UPLOAD_QUEUE_STATUSES, v);
/** Chinese name of an item state. */
export const itemStatusLabel = (v: string) => itemStateWord(v).label;
/** Chinese name of a listing-ledger state. */
export const listingStatusLabel = (v: string) => ledgerStateWord(v).label;
/** Chinese name of a queue's outcome (全部成功, 部分失败, 全部失败, 已取消). */
export const queueOutcomeLabel = (v: QueueOutcome) => QUEUE_OUTCOMES[v].label;

/** antd Tag colours of the queue states (open ones; a finished queue takes its outcome's). */
export const QUEUE_STATUS_COLOR: Record<UploadQueueStatus, string> = {
  pending: 'default',
  running: 'processing',
  done: 'default',
  cancelled: 'default',
  failed: 'error',
};
/** antd Tag colours of the queue outcomes. */
export const QUEUE_OUTCOME_COLOR: Record<QueueOutcome, string> = {
  success: toneColor(QUEUE_OUTCOMES.success.tone),
  partial: toneColor(QUEUE_OUTCOMES.partial.tone),
  failed: toneColor(QUEUE_OUTCOMES.failed.tone),
  cancelled: toneColor(QUEUE_OUTCOMES.cancelled.tone),
};

/** What a queue's state tag says and its colour: the outcome once it ended, else its state (排队中, 进行中, 已中止). */
export function queueStateText(q: Pick<UploadQueueView, 'status' | 'outcome'>): { text: string; color: string } {
  if (q.outcome) return { text: queueOutcomeLabel(q.outcome), color: QUEUE_OUTCOME_COLOR[q.outcome] };
  return { text: queueStatusLabel(q.status), color: QUEUE_STATUS_COLOR[q.status] };
}

/** The antd Progress of a queue: coloured by its outcome, never a green check when items did not go live. */
export function queueProgress(q: Pick<UploadQueueView, 'status' | 'outcome'>): {
  status: 'success' | 'exception' | 'normal' | 'active';
  warning: boolean;
} {
  if (q.outcome === 'success') return { status: 'success', warning: false };
  if (q.outcome === 'failed') return { status: 'exception', warning: false };
  if (q.outcome === 'partial') return { status: 'normal', warning: true };
  if (q.outcome === 'cancelled') return { status: 'normal', warning: false };
  if (q.status === 'failed') return { status: 'exception', warning: false };
  return { status: q.status === 'pending' || q.status === 'running' ? 'active' : 'normal', warning: false };
}

/** antd Tag colours of the item states. */
export const ITEM_STATUS_COLOR = Object.fromEntries(
  UPLOAD_ITEM_STATUSES.map((s) => [s.value, toneColor(itemStateWord(s.value).tone)]),
) as Record<UploadItemStatus, string>;
/** antd Tag colours of the ledger states. */
export const LISTING_STATUS_COLOR = Object.fromEntries(
  LISTING_STATUSES.map((s) => [s.value, toneColor(ledgerStateWord(s.value).tone)]),
) as Record<ListingStatus, string>;

/**
 * A marketplace by its Chinese country name (`德国`), the code when unknown. Names, not the
 * flag emoji: systems without an emoji font (many Linux desktops) draw those as boxes.
 */
export function marketplaceLabel(code: string): string {
  return marketplaceByCode(code)?.name ?? code;
}

/** One figure of a queue's counts: a word of the vocabulary, its count and colour. */
export interface QueueFigure {
  key: string;
  label: string;
  count: number;
  color: string;
}

/**
 * The figures of the queue screen, in the vocabulary's words: 等待发送; 处理中 (sending,
 * submitted, or accepted and being read back); 已上架; then, when there are any, each kind of
 * not-live end apart (未通过检查 is the console's check, 亚马逊拒绝 Amazon's answer, 发送失败,
 * 结果未知) and 已取消. `retryable` is what 重试失败 sends again.
 */
export function queueFigures(c: UploadCounts): { figures: QueueFigure[]; retryable: number } {
  const W = LISTING_STATE_WORDS;
  const fig = (key: string, label: string, count: number, tone: StatusTone): QueueFigure => ({
    key,
    label,
    count,
    color: count ? toneColor(tone) : 'default',
  });
  const always = [
    fig('waiting', W.waiting.label, c.waiting, W.waiting.tone),
    fig('busy', '处理中', c.sending + c.submitted + c.accepted, 'processing'),
    fig('live', W.live.label, c.live, W.live.tone),
  ];
  const ends = [
    fig('invalid', W.check_failed.label, c.invalid, W.check_failed.tone),
    fig('rejected', W.refused.label, c.rejected, W.refused.tone),
    fig('failed', W.failed.label, c.failed, W.failed.tone),
    fig('unknown', W.unknown.label, c.unknown, W.unknown.tone),
    fig('cancelled', W.cancelled.label, c.cancelled, W.cancelled.tone),
  ].filter((f) => f.count > 0);
  return { figures: [...always, ...ends], retryable: c.rejected + c.invalid + c.failed + c.unknown };
}

/** How long until a queue finishes, in Chinese (`约3分20秒`); '-' when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || seconds < 0) return '-';
  if (seconds < 60) return `约${Math.max(1, seconds)}秒`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `约${h}小时${m}分`;
  return s ? `约${m}分${s}秒` : `约${m}分`;
}
