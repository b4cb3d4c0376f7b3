import type { GoodsData } from '@console/shared/schemas/goods';
import { isSmallImage, MIN_MAIN_IMAGE_SIDE, smallImageMessage } from '@console/shared/validation/goods-save';

/** A product image as the product keeps it. */
export type Image = GoodsData['images'][number];

/** An uploaded or copied image as the product keeps it: its URL and the size the server measured. */
export function imageOf(r: {
  url?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}): Image {
  return { url: r.url ?? '', ...(r.width && r.height ? { width: r.width, height: r.height } : {}) };
}

/** The warning for the images of an upload below 500 px on the long side, or null. */
export function smallImagesWarning(images: readonly Image[]): string | null {
  const small = images.filter(isSmallImage);
  const first = small[0];
  if (!first?.width || !first.height) return null;
  const one = smallImageMessage({ width: first.width, height: first.height });
  return small.length === 1 ? one : `${small.length}张图片长边小于${MIN_MAIN_IMAGE_SIDE}像素,亚马逊不接受作为主图`;
}
