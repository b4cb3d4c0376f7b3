import { queueOutcome } from '@console/shared/constants/upload-status';
import type { ListingView, UploadItemView, UploadQueueView } from '@console/shared/schemas/upload';
import type { ItemRow, QueueRow } from './upload.repository.js';
import type { StoredIssue } from './upload.tables.js';

const seconds = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);
const count = (issues: unknown, severity: string) =>
  ((issues ?? []) as StoredIssue[]).filter((i) => i.severity === severity).length;

/** A queue as the queue screen shows it. */
export function presentQueue(q: QueueRow, eta: number | null): UploadQueueView {
  const counts = {
    waiting: q.c_waiting,
    sending: q.c_sending,
    submitted: q.c_submitted,
    accepted: q.c_accepted,
    live: q.c_live,
    rejected: q.c_rejected,
    invalid: q.c_invalid,
    failed: q.c_failed,
    unknown: q.c_unknown,
    cancelled: q.c_cancelled,
  };
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const open = counts.waiting + counts.sending + counts.submitted + counts.accepted;
  const expanding = q.expand_cursor < q.goods_ids.length;
  return {
    id: q.id,
    shop_id: q.shop_id,
    shop_name: q.shop_name,
    sandbox: q.sandbox,
    marketplaces: q.marketplaces,
    upload_type: q.upload_type,
    mode: q.mode,
    status: q.status,
    goods_count: q.goods_count,
    total,
    counts,
    percent: total === 0 || expanding ? 0 : Math.floor(((total - open) * 100) / total),
    outcome: queueOutcome(q.status, counts),
    eta_seconds: eta,
    error: q.error,
    created_by: q.created_by,
    creator_name: q.creator_name,
    created_at: seconds(q.created_at)!,
    finished_at: seconds(q.finished_at),
  };
}

/** An item of a queue. */
export function presentItem(i: ItemRow): UploadItemView {
  return {
    id: Number(i.id),
    goods_id: Number(i.goods_id),
    goods_title: i.goods_title,
    goods_sku: i.goods_sku,
    thumbnail: i.thumbnail,
    marketplace: i.marketplace,
    seller_sku: i.seller_sku,
    role: i.role,
    status: i.status,
    asin: i.asin,
    errors: count(i.issues, 'ERROR'),
    warnings: count(i.issues, 'WARNING'),
    error: i.error,
    updated_at: seconds(i.updated_at)!,
  };
}

/** A row of the listing ledger. */
export function presentListing(l: {
  shop_id: number;
  shop_name: string;
  marketplace: string;
  seller_sku: string;
  goods_id: number;
  role: string;
  status: ListingView['status'];
  asin: string | null;
  issues: unknown;
  last_queue_id: number | null;
  updated_at: Date;
}): ListingView {
  return {
    shop_id: l.shop_id,
    shop_name: l.shop_name,
    marketplace: l.marketplace,
    seller_sku: l.seller_sku,
    goods_id: Number(l.goods_id),
    role: l.role,
    status: l.status,
    asin: l.asin,
    errors: count(l.issues, 'ERROR'),
    last_queue_id: l.last_queue_id,
    updated_at: seconds(l.updated_at)!,
  };
}
