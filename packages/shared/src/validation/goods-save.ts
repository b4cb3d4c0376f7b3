/**
 * Rules of a product save that server and editor apply alike (issue 13 §1,
 * docs/decisions.md): the minimum of a draft, price amounts, image sizes.
 */

/** The message when a product has neither a title nor a SKU. */
export const DRAFT_MINIMUM_MSG = '请至少填写一种语言的标题或SKU';

/** Where a product's save problem is shown: the dotted path of the field. */
export interface SaveProblem {
  field: string;
  message: string;
}

/**
 * The minimum a draft needs: a title in at least one language, or a SKU (spaces alone do
 * not count). Null when the draft has it; else the problem, shown on the SKU field.
 */
export function draftMinimumProblem(d: {
  baseInfo?: { sku?: string | undefined };
  commonData?: { descs?: readonly { title?: string | undefined }[] };
}): SaveProblem | null {
  const hasTitle = (d.commonData?.descs ?? []).some((x) => (x.title ?? '').trim() !== '');
  const hasSku = (d.baseInfo?.sku ?? '').trim() !== '';
  return hasTitle || hasSku ? null : { field: 'baseInfo.sku', message: DRAFT_MINIMUM_MSG };
}

/** Messages of a country price (an empty price means the product is not sold in that country). */
export const PRICE_MSG = {
  negative: '价格不能为负数',
  zero: '价格必须大于0(不在该国销售请留空)',
} as const;

/** Why a price in minor units is refused (0 and negative have their own message), or null. */
export function priceProblem(minor: number): string | null {
  if (minor < 0) return PRICE_MSG.negative;
  if (minor === 0) return PRICE_MSG.zero;
  return null;
}

/** Amazon refuses a main image whose long side is below this many pixels. */
export const MIN_MAIN_IMAGE_SIDE = 500;

/** Whether an image of this size is too small for a main image (unknown sizes are not). */
export function isSmallImage(img: { width?: number | undefined; height?: number | undefined }): boolean {
  if (!img.width || !img.height) return false;
  return Math.max(img.width, img.height) < MIN_MAIN_IMAGE_SIDE;
}

/** The warning for an image too small for a main image. */
export function smallImageMessage(img: { width: number; height: number }): string {
  return `图片仅${img.width}×${img.height}像素,长边小于${MIN_MAIN_IMAGE_SIDE}像素,亚马逊不接受作为主图`;
}
