// A browser test's set-up of a parcel waiting for freight (运费审核 待提交), through the API: one
// sandbox order of the shop, bought, sent to and received at the warehouse, then packed by 配货.
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { syncOrdersNow } from './sandbox-shop';

/** The parcel 配货 records: weight in grams, sides in centimetres. */
export interface Parcel {
  weight_g: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

/**
 * Makes one sandbox order in `shopId` (self-fulfilled), syncs it, records each line's purchase
 * (paid 10.00), ships it to the warehouse (SF1) and receives it, then finishes 配货 with `parcel`.
 * Answers the order's id.
 */
export async function packedOrder(api: ApiClient, shopId: number, parcel: Parcel): Promise<number> {
  const made = await api.call('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 1 });
  expect(made.status, made.msg).toBe(200);
  await syncOrdersNow(api, shopId);
  const list = await api.call<{ list: { id: number }[] }>('POST', '/order/list', {});
  const orderId = list.data.list[0]!.id;
  const detail = await api.call<{ items: { id: number; version: number }[] }>('POST', '/order/detail', { id: orderId });
  for (const item of detail.data.items) {
    const p = await api.call<{ version: number }>('POST', '/order/purchase', {
      item_id: item.id,
      version: item.version,
      paid: '10.00',
      quantity: 1,
    });
    expect(p.status, p.msg).toBe(200);
    const sent = await api.call<{ version: number }>('POST', '/order/express', {
      item_id: item.id,
      version: p.data.version,
      to: '2',
      tracking_no: 'SF1',
    });
    const got = await api.call('POST', '/order/express', { item_id: item.id, version: sent.data.version, to: '3' });
    expect(got.status, got.msg).toBe(200);
  }
  const before = await api.call<{ version: number }>('POST', '/order/detail', { id: orderId });
  const dist = await api.call('POST', '/order/distribution/done', {
    id: orderId,
    version: before.data.version,
    ...parcel,
  });
  expect(dist.status, dist.msg).toBe(200);
  return orderId;
}
