import { z } from 'zod';
import { oneSelection, uploadIssue, uploadSelection } from './upload.js';

/**
 * The check before sending (上传到亚马逊 dialog, the editor's 上架检查; docs/upload.md
 * "Checks before sending"): the selection is mapped and checked per product x marketplace
 * exactly as the pipeline would, without writing anything.
 */

/** Most products one check maps and checks (the answer says when the selection had more). */
export const UPLOAD_CHECK_LIMIT = 200;

/** `POST /upload/check`: the same selection as `/upload/create`. */
export const uploadCheckBody = z.strictObject(uploadSelection).refine(oneSelection, {
  error: '请选择商品或按筛选条件上传',
});
export type UploadCheckBody = z.infer<typeof uploadCheckBody>;
/** What a client sends to `/upload/check`. */
export type UploadCheckInput = z.input<typeof uploadCheckBody>;

/** An issue of the check: the pipeline's issue, what to do about it, and the variation it concerns. */
export const uploadCheckIssue = uploadIssue.extend({
  /** What the seller can do (Chinese), e.g. how to get a missing language's text. */
  hint: z.string().optional(),
  /** The variation's SKU when the issue concerns one variation only. */
  variation: z.string().optional(),
});
export type UploadCheckIssue = z.infer<typeof uploadCheckIssue>;

/** One product in one marketplace: ready to send (no error), or what stops it. */
export const uploadCheckPair = z.object({
  goods_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  marketplace: z.string(),
  /** No issue of severity ERROR: the pipeline would send it. */
  ready: z.boolean(),
  /** Errors first, then warnings and information. */
  issues: z.array(uploadCheckIssue),
  /** What the check could not look at (Chinese), e.g. images whose size is not known. */
  notes: z.array(z.string()),
  /**
   * The GPSR attributes the listing carries (the product's GPSR profile in this marketplace, or
   * the account's EU defaults), as the upload would send them (docs/gpsr.md); absent when none.
   */
  gpsr: z.array(z.object({ attribute: z.string(), label: z.string(), value: z.string() })).optional(),
});
export type UploadCheckPair = z.infer<typeof uploadCheckPair>;

export const uploadCheckData = z.object({
  /** Products of the selection (up to the queue's limit). */
  total: z.number().int(),
  /** Products checked: the first `UPLOAD_CHECK_LIMIT` of the selection in id order. */
  checked: z.number().int(),
  /** Pairs ready / not ready among those checked. */
  ready: z.number().int(),
  held: z.number().int(),
  /** Whether a translation provider is configured (missing texts can be machine-translated). */
  translate_configured: z.boolean(),
  list: z.array(uploadCheckPair),
});
export type UploadCheckData = z.infer<typeof uploadCheckData>;
