/**
 * Display URL of a product image at 200 px (spec section 7 "Image rule"): our own stored
 * images have a 200 px thumbnail beside them; the two cloud object stores resize by
 * query suffix (Aliyun OSS with quality 30, Tencent COS); other hosts are unchanged.
 */
export function thumbnailUrl(url: string): string {
  const own = /^\/PDD\/files\/(t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36})\.(jpg|png|webp|gif)$/.exec(url);
  if (own) return `/PDD/files/${own[1]}_w200.jpg`;
  const host = /^https?:\/\/([^/?#:]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (host.endsWith('.aliyuncs.com'))
    return `${url}${url.includes('?') ? '&' : '?'}x-oss-process=image/resize,w_200/quality,q_30`;
  if (host.endsWith('.myqcloud.com')) return `${url}${url.includes('?') ? '&' : '?'}imageMogr2/thumbnail/200x`;
  return url;
}
