import type { ListingView, UploadPairInput } from '@console/shared/schemas/upload';
import type { UploadCheckData } from '@console/shared/schemas/upload-check';

/** The answer of `/upload/create` or `/upload/resubmit` as the message says it. */
export function uploadResultText(r: {
  goods: number;
  items: number;
  invalid: number;
  queue_id?: number;
  held?: number;
}): string {
  const head = r.queue_id ? `已创建上传队列 #${r.queue_id}: ` : '已重新提交: ';
  const body = `${r.goods}个商品, ${r.items}个站点条目`;
  const invalid = r.invalid ? `, 其中${r.invalid}个未通过检查(不会发送,请查看错误日志)` : '';
  return `${head}${body}${invalid}${r.held ? `, 暂缓${r.held}个商品站点(修改后再上传)` : ''}`;
}

/** The pairs a check found not ready: what 发送就绪的 holds back. */
export function heldPairsOf(check: Pick<UploadCheckData, 'list'>): UploadPairInput[] {
  return check.list.filter((p) => !p.ready).map((p) => ({ goods_id: p.goods_id, marketplace: p.marketplace }));
}

/**
 * Why nothing can be sent (the send button is disabled), or null when something is ready:
 * every checked pair has an error.
 */
export function nothingReadyReason(check: Pick<UploadCheckData, 'list' | 'ready'> | undefined): string | null {
  if (!check || check.ready > 0 || check.list.length === 0) return null;
  return '没有可发送的商品站点:下表每一项都有需要修改的问题,请点「去修改」改好后再上传';
}

/** The part of an issue's `editorField` a link needs. */
export interface FieldRef {
  kind: string;
  lang?: string | undefined;
  country?: string | undefined;
  attr?: string | undefined;
}

/** The editor link that opens a product on a field (`/goods/admin/update/3?field=title&lang=de`; open-field.ts reads it). */
export function editorFieldLink(goodsId: number, field: FieldRef): string {
  const q = new URLSearchParams({ field: field.kind });
  if (field.lang) q.set('lang', field.lang);
  if (field.country) q.set('country', field.country);
  if (field.attr) q.set('attr', field.attr);
  return `/goods/admin/update/${goodsId}?${q.toString()}`;
}

/** The ledger rows grouped by product id (one `/upload/listings` answer for a list page). */
export function listingsByGoods(rows: readonly ListingView[]): Map<number, ListingView[]> {
  const map = new Map<number, ListingView[]>();
  for (const r of rows) {
    const list = map.get(r.goods_id);
    if (list) list.push(r);
    else map.set(r.goods_id, [r]);
  }
  return map;
}
