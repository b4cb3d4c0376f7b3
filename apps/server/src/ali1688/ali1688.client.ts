import {
  type Ali1688Channel,
  Ali1688Error,
  type Logistics,
  type OrderPreview,
  offerIdOf,
  type PlacedOrder,
  type PlaceOrderInput,
} from './ali1688.js';

/**
 * The 1688 open platform over HTTP (the buyer-side trade and logistics APIs:
 * `alibaba.createOrder.preview`, `alibaba.trade.fastCreateOrder`,
 * `alibaba.trade.getLogisticsInfos.buyerView`), addressed by
 * a base URL and an app key. With `accessToken` (a tenant's connected 1688 buyer account,
 * docs/ali1688.md) every call carries `access_token` and acts for that buyer; without it, for
 * the app's own account. The simulator answers the same shapes.
 */
export class Ali1688Client implements Ali1688Channel {
  constructor(private readonly o: { baseUrl: string; appKey: string; accessToken?: string; timeoutMs?: number }) {}

  private async call<T>(api: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(
        `${this.o.baseUrl.replace(/\/$/, '')}/openapi/param2/1/com.alibaba.trade/${api}/${this.o.appKey}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(this.o.accessToken ? { ...body, access_token: this.o.accessToken } : body),
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
        },
      );
    } catch {
      throw new Ali1688Error('无法连接1688,请稍后重试', 502);
    }
    const data = (await res.json().catch(() => null)) as {
      success?: boolean;
      errorMessage?: string;
      result?: T;
    } | null;
    if (!res.ok || !data?.success) {
      if (res.status === 401) throw new Ali1688Error('1688账号授权已失效,请在「1688采购」重新授权', 401);
      const msg = data?.errorMessage ? `1688: ${data.errorMessage}` : `1688 返回错误 (HTTP ${res.status})`;
      throw new Ali1688Error(msg, res.status === 429 ? 429 : 400);
    }
    return data.result as T;
  }

  async previewOrder(input: Pick<PlaceOrderInput, 'offer' | 'quantity' | 'address'>): Promise<OrderPreview> {
    const offerId = offerIdOf(input.offer);
    if (!offerId) throw new Ali1688Error('供应商链接不是1688商品链接', 400);
    // One preview per supplier; `sumPayment` (fen) is what the buyer pays, carriage included.
    const r = await this.call<{ orderPreviewResuslt?: { sumPayment: number }[] }>('alibaba.createOrder.preview', {
      flow: 'general',
      cargoParamList: [{ offerId, quantity: input.quantity }],
      address: input.address ?? '',
    });
    const total = (r.orderPreviewResuslt ?? []).reduce((sum, x) => sum + x.sumPayment, 0);
    if (!Number.isSafeInteger(total) || total <= 0) throw new Ali1688Error('1688 未返回该商品的价格', 400);
    return { totalMinor: total };
  }

  async placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
    const offerId = offerIdOf(input.offer);
    if (!offerId) throw new Ali1688Error('供应商链接不是1688商品链接', 400);
    const r = await this.call<{ orderId: string; totalSuccessAmount: number; sellerLoginId: string }>(
      'alibaba.trade.fastCreateOrder',
      {
        flow: 'general',
        outOrderId: input.outOrderId,
        cargoParamList: [{ offerId, quantity: input.quantity }],
        address: input.address ?? '',
      },
    );
    return { orderId: String(r.orderId), paidMinor: r.totalSuccessAmount, supplier: r.sellerLoginId };
  }

  async logistics(orderId: string): Promise<Logistics> {
    const r = await this.call<{ status: Logistics['status']; logisticsCompanyName?: string; logisticsBillNo?: string }>(
      'alibaba.trade.getLogisticsInfos.buyerView',
      { orderId },
    );
    return { status: r.status, company: r.logisticsCompanyName ?? '', trackingNo: r.logisticsBillNo ?? '' };
  }
}
