import type { ListingStatus, UploadItemStatus, UploadQueueStatus, UploadType } from '@console/shared/schemas/upload';
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/types.js';
import type { ListingAttributes, ListingIssue, PatchOperation } from '../../marketplace/sp-api.types.js';

/** What an item sends: a whole listing (`UPDATE`) or patches of some attributes (`PATCH`). */
export type ItemPayload =
  | { operation: 'UPDATE'; productType: string; attributes: ListingAttributes }
  | { operation: 'PATCH'; productType: string; patches: PatchOperation[] };

/** An issue as stored on an item or a listing: Amazon's fields, and where it was found. */
export interface StoredIssue extends ListingIssue {
  source: 'check' | 'amazon';
  /** A Chinese sentence the check wrote itself (schema details); else it is derived from the code. */
  messageZh?: string;
}

/** The seller SKU of a product (or one of its variations) in a shop (migration 20261125_172400). */
export interface SellerSkusTable {
  shop_id: number;
  tenant_id: number;
  goods_id: number;
  /** '' for the product itself (single or parent), the variation's own SKU for a child. */
  variation_key: string;
  seller_sku: string;
  created_at: Generated<Date>;
}

/** One 上传到亚马逊 request. */
export interface UploadQueuesTable {
  id: Generated<number>;
  tenant_id: number;
  shop_id: number;
  marketplaces: string[];
  upload_type: UploadType;
  mode: 'listings' | 'feed';
  status: Generated<UploadQueueStatus>;
  goods_count: Generated<number>;
  /** The products selected, in order; the runner maps them into items from `expand_cursor` on. */
  goods_ids: Generated<number[]>;
  /** Pairs held back (`goodsId|marketplace`): they get no items (migration 20261203_120000). */
  held: Generated<string[]>;
  /** Pairs whose check finds an error get no items. */
  only_ready: Generated<boolean>;
  expand_cursor: Generated<number>;
  c_waiting: Generated<number>;
  c_sending: Generated<number>;
  c_submitted: Generated<number>;
  c_accepted: Generated<number>;
  c_live: Generated<number>;
  c_rejected: Generated<number>;
  c_invalid: Generated<number>;
  c_failed: Generated<number>;
  c_unknown: Generated<number>;
  /** Runner passes that failed in a row (reset by a pass that works). */
  failed_passes: Generated<number>;
  c_cancelled: Generated<number>;
  error: string | null;
  next_run_at: Generated<Date>;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
  version: Generated<number>;
}

/** A JSON_LISTINGS_FEED of a queue and the steps of its submission. */
export interface UploadFeedsTable {
  id: Generated<number>;
  tenant_id: number;
  queue_id: number;
  shop_id: number;
  marketplace: string;
  status: Generated<'building' | 'creating' | 'submitted' | 'done' | 'fatal' | 'cancelled'>;
  item_count: Generated<number>;
  amazon_feed_id: string | null;
  processing_status: string | null;
  result_document_id: string | null;
  /** When createFeed was about to be sent (a restart looks for a feed created since). */
  creating_at: NullableTimestamp;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One seller SKU x marketplace of a queue. */
export interface UploadItemsTable {
  id: ColumnType<string, never, never>;
  tenant_id: number;
  queue_id: number;
  shop_id: number;
  goods_id: number;
  marketplace: string;
  seller_sku: string;
  variation_key: Generated<string>;
  role: 'single' | 'parent' | 'child';
  parent_sku: string | null;
  product_type: string | null;
  operation: 'UPDATE' | 'PATCH';
  payload: Json<ItemPayload | Record<string, never>>;
  status: Generated<UploadItemStatus>;
  issues: Json<StoredIssue[]>;
  error: string | null;
  feed_id: number | null;
  message_id: number | null;
  asin: string | null;
  attempts: Generated<number>;
  readbacks: Generated<number>;
  sent_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

/** The status ledger: one seller SKU in one marketplace of a shop. */
export interface ListingsTable {
  id: ColumnType<string, never, never>;
  tenant_id: number;
  shop_id: number;
  marketplace: string;
  seller_sku: string;
  goods_id: number;
  variation_key: Generated<string>;
  role: string;
  product_type: string | null;
  status: Generated<ListingStatus>;
  asin: string | null;
  issues: Json<StoredIssue[]>;
  last_queue_id: number | null;
  checked_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The tables of the upload pipeline. */
  interface DB {
    seller_skus: SellerSkusTable;
    upload_queues: UploadQueuesTable;
    upload_feeds: UploadFeedsTable;
    upload_items: UploadItemsTable;
    listings: ListingsTable;
  }
}
