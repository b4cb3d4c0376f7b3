import { type SimOptions, type Simulator, startSimServer } from '../translation/simulators/sim-server.js';
import { SimOAuth } from './ali1688.sim-oauth.js';

/** One order the simulator placed. */
interface SimOrder {
  orderId: string;
  offerId: string;
  quantity: number;
  createdAt: number;
  outOrderId: string;
  /** The member whose access token placed it; `platform` without a token (the app's own account). */
  buyer: string;
}

/** The 1688 simulator: its server, its orders, and when orders ship (ms after placing, scaled by the caller). */
export interface Ali1688Simulator extends Simulator {
  orders: Map<string, SimOrder>;
  /** Orders ship this long after they were placed (0: at once). */
  shipAfterMs: number;
  /** Unit price in fen of an offer (default: 1,000 + the offer id's last three digits). */
  priceOf(offerId: string): number;
  /** How many previews (`createOrder.preview`) were asked. */
  readonly previews: number;
  /** The OAuth side: authorize page, codes and tokens (`ali1688.sim-oauth.ts`). */
  oauth: SimOAuth;
}

/**
 * A loopback 1688: `createOrder.preview` quotes the price (`priceOf` x quantity, carriage free),
 * `fastCreateOrder` places an order (the same `outOrderId` answers the same
 * order), `getLogisticsInfos.buyerView` says it is waiting for the seller until `shipAfterMs`,
 * then shipped with a tracking number (`YT` + the order id), then signed for after twice that.
 * A call with `access_token` acts for the member that token belongs to (an unknown or expired
 * token is refused); without one, for the app's own account. OAuth: `ali1688.sim-oauth.ts`.
 */
export async function startAli1688Simulator(
  opts: SimOptions & { shipAfterMs?: number } = {},
): Promise<Ali1688Simulator> {
  const orders = new Map<string, SimOrder>();
  const byOut = new Map<string, string>();
  let next = 3_100_000_000_000_000;
  const priceOf = (offerId: string) => 1000 + (Number(offerId.slice(-3)) || 0);
  const state = { shipAfterMs: opts.shipAfterMs ?? 0, previews: 0 };
  const oauth = new SimOAuth();
  const sim = await startSimServer((req) => {
    const auth = oauth.handle(req);
    if (auth) return auth;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fail = (errorMessage: string) => ({ status: 200, body: { success: false, errorMessage } });
    const token = typeof body.access_token === 'string' ? body.access_token : undefined;
    const member = token === undefined ? undefined : oauth.memberOf(token);
    if (token !== undefined && !member)
      return { status: 401, body: { success: false, errorMessage: 'access_token无效或已过期' } };
    const buyer = member?.memberId ?? 'platform';
    if (req.path.includes('/alibaba.createOrder.preview/')) {
      const cargo = (body.cargoParamList as { offerId?: string; quantity?: number }[] | undefined)?.[0];
      if (!cargo?.offerId || !cargo.quantity || cargo.quantity < 1) return fail('商品或数量不正确');
      if (cargo.offerId.endsWith('000')) return fail('该商品已下架');
      state.previews++;
      const sumPayment = priceOf(cargo.offerId) * cargo.quantity;
      return { status: 200, body: { success: true, result: { orderPreviewResuslt: [{ sumPayment }] } } };
    }
    if (req.path.includes('/alibaba.trade.fastCreateOrder/')) {
      const cargo = (body.cargoParamList as { offerId?: string; quantity?: number }[] | undefined)?.[0];
      const outOrderId = String(body.outOrderId ?? '');
      if (!cargo?.offerId || !cargo.quantity || cargo.quantity < 1) return fail('商品或数量不正确');
      if (cargo.offerId.endsWith('000')) return fail('该商品已下架');
      const existing = byOut.get(outOrderId);
      const order = existing ? orders.get(existing)! : undefined;
      const o = order ?? {
        orderId: String(next++),
        offerId: cargo.offerId,
        quantity: cargo.quantity,
        createdAt: Date.now(),
        outOrderId,
        buyer,
      };
      orders.set(o.orderId, o);
      if (outOrderId) byOut.set(outOrderId, o.orderId);
      return {
        status: 200,
        body: {
          success: true,
          result: {
            orderId: o.orderId,
            totalSuccessAmount: priceOf(o.offerId) * o.quantity,
            sellerLoginId: `sim-seller-${o.offerId.slice(-4)}`,
          },
        },
      };
    }
    if (req.path.includes('/alibaba.trade.getLogisticsInfos.buyerView/')) {
      const o = orders.get(String(body.orderId ?? ''));
      if (!o || o.buyer !== buyer) return fail('订单不存在');
      const age = Date.now() - o.createdAt;
      if (age < state.shipAfterMs)
        return { status: 200, body: { success: true, result: { status: 'waitsellersend' } } };
      return {
        status: 200,
        body: {
          success: true,
          result: {
            status: age >= 2 * state.shipAfterMs && state.shipAfterMs > 0 ? 'success' : 'waitbuyerreceive',
            logisticsCompanyName: '圆通速递',
            logisticsBillNo: `YT${o.orderId}`,
          },
        },
      };
    }
    return { status: 404, body: { success: false, errorMessage: 'unknown api' } };
  }, opts);
  // An accessor (Object.assign would copy the value): tests change the shipping time while it runs.
  Object.defineProperty(sim, 'shipAfterMs', {
    get: () => state.shipAfterMs,
    set: (v: number) => {
      state.shipAfterMs = v;
    },
    enumerable: true,
  });
  Object.defineProperty(sim, 'previews', { get: () => state.previews, enumerable: true });
  return Object.assign(sim, { orders, priceOf, oauth }) as Ali1688Simulator;
}
