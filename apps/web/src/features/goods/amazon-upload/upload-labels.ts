import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import {
  LISTING_STATUSES,
  type ListingStatus,
  UPLOAD_ITEM_STATUSES,
  UPLOAD_QUEUE_STATUSES,
  UPLOAD_TYPES,
  type UploadCounts,
  type UploadItemStatus,
  type UploadQueueStatus,
} from '@console/shared/schemas/upload';

const label = <T extends string>(rows: readonly { value: T; label: string }[], v: string) =>
  rows.find((r) => r.value === v)?.label ?? v;

/** Chinese name of an upload type (商品基本信息, 变体关系 ...). */
export const uploadTypeLabel = (v: string) => label(UPLOAD_TYPES, v);
/** Chinese name of a queue state. */
export const queueStatusLabel = (v: string) => label(UPLOAD_QUEUE_STATUSES, v);
/** Chinese name of an item state. */
export const itemStatusLabel = (v: string) => label(UPLOAD_ITEM_STATUSES, v);
/** Chinese name of a listing-ledger state. */
export const listingStatusLabel = (v: string) => label(LISTING_STATUSES, v);

/** antd Tag colours of the queue states. */
export const QUEUE_STATUS_COLOR: Record<UploadQueueStatus, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  cancelled: 'default',
  failed: 'error',
};
/** antd Tag colours of the item states. */
export const ITEM_STATUS_COLOR: Record<UploadItemStatus, string> = {
  waiting: 'default',
  sending: 'processing',
  submitted: 'processing',
  accepted: 'cyan',
  live: 'success',
  rejected: 'error',
  invalid: 'warning',
  failed: 'error',
  cancelled: 'default',
};
/** antd Tag colours of the ledger states. */
export const LISTING_STATUS_COLOR: Record<ListingStatus, string> = {
  draft: 'default',
  queued: 'default',
  submitted: 'processing',
  accepted: 'cyan',
  rejected: 'error',
  live: 'success',
  suppressed: 'warning',
  deleted: 'default',
};

/**
 * A marketplace by its Chinese country name (`德国`), the code when unknown. Names, not the
 * flag emoji: systems without an emoji font (many Linux desktops) draw those as boxes.
 */
export function marketplaceLabel(code: string): string {
  return marketplaceByCode(code)?.name ?? code;
}

/**
 * The four figures of the queue screen (spec: waiting, sent, accepted, rejected): waiting =
 * not sent yet; sent = in Amazon's hands without an answer (sending, submitted); accepted =
 * accepted or live; rejected = refused by Amazon, by the pre-send check, or never delivered.
 */
export function queueFigures(c: UploadCounts): { waiting: number; sent: number; accepted: number; rejected: number } {
  return {
    waiting: c.waiting,
    sent: c.sending + c.submitted,
    accepted: c.accepted + c.live,
    rejected: c.rejected + c.invalid + c.failed,
  };
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
