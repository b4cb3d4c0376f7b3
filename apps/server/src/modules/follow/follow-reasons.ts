import type { SpApiErrorKind } from '../../marketplace/sp-api.errors.js';

/**
 * Why a candidate's lookup failed, in Chinese for the pool's row (issue 29 §4): read from
 * Amazon's answer for the ASIN. `transient` failures (throttling, Amazon unavailable) are
 * looked up once more at the end of the same job before they count as failed.
 */
export interface LookupFailure {
  reason: string;
  transient: boolean;
}

/** Kinds of a failed call that pass by themselves: the ASIN is looked up again later in the job. */
export const TRANSIENT_KINDS: ReadonlySet<SpApiErrorKind> = new Set([
  'throttled',
  'unavailable',
  'timeout',
  'network',
  'deferred',
]);

/** Shown on a candidate waiting for its second try. */
export const RETRY_LATER = '亚马逊接口限流或暂时不可用,稍后自动重试';

/**
 * The reason of one ASIN's offers error (a getItemOffersBatch response or getItemOffers'
 * error): Amazon answers an ASIN it does not know in the marketplace with 400 InvalidInput
 * (or 404 NotFound), throttling with 429 QuotaExceeded, its own trouble with 5xx.
 */
export function offersFailure(e: { status?: number; code?: string } | undefined): LookupFailure {
  if (!e) return { reason: '亚马逊未返回该ASIN的报价,请稍后重新查询', transient: false };
  const code = e.code ?? '';
  const tag = [code, e.status].filter(Boolean).join(' ');
  if (e.status === 429 || code === 'QuotaExceeded')
    return { reason: `亚马逊接口限流(${tag}),已自动重试仍未成功,请稍后重新查询`, transient: true };
  if ((e.status ?? 0) >= 500 || code === 'InternalFailure' || code === 'ServiceUnavailable')
    return { reason: `亚马逊服务暂时不可用(${tag}),已自动重试仍未成功,请稍后重新查询`, transient: true };
  if (e.status === 403 || code === 'Unauthorized')
    return { reason: `店铺无权查询该ASIN(${tag}),请检查店铺授权`, transient: false };
  if (e.status === 404 || e.status === 400 || code === 'InvalidInput' || code === 'NotFound')
    return { reason: `该站点未找到此ASIN(亚马逊: ${tag})`, transient: false };
  return { reason: `亚马逊未返回该ASIN的报价(${tag || '未知错误'})`, transient: false };
}

/** The reason when the catalog does not know the ASIN although it has offers data. */
export const CATALOG_NOT_FOUND = '亚马逊目录中未找到此ASIN(该站点没有商品详情)';
