/**
 * The 1688 purchase channel (issue 17 §2): place a purchase for an order item with a supplier
 * on 1688 and read its logistics. One interface, a real HTTP client (`Ali1688Client`) and a
 * loopback simulator (`ali1688.simulator.ts`), like the translation providers. Manual entry of
 * a purchase (采购) keeps working without it.
 */

/** What to buy: the supplier's offer (its 1688 link or offer id), how many, and our reference. */
export interface PlaceOrderInput {
  /** The product's supplier link (`link_url`, `https://detail.1688.com/offer/<id>.html`) or a bare offer id. */
  offer: string;
  quantity: number;
  /** Our idempotency reference (`item-<id>-v<version>`): the same reference places one order. */
  outOrderId: string;
  /** Ship-to: the operator's warehouse in China (not the Amazon buyer). */
  address?: string;
}

/** A placed 1688 order: its id and what was paid (CNY fen). */
export interface PlacedOrder {
  orderId: string;
  paidMinor: number;
  supplier: string;
}

/** What an order would cost before it is placed (CNY fen, goods and carriage). */
export interface OrderPreview {
  totalMinor: number;
}

/** A 1688 order's logistics as the buyer sees it. */
export interface Logistics {
  /** `waitsellersend` not shipped yet, `waitbuyerreceive` shipped, `success` signed for. */
  status: 'waitsellersend' | 'waitbuyerreceive' | 'success';
  /** Domestic express company and tracking number once shipped. */
  company: string;
  trackingNo: string;
}

/** The channel every caller uses. */
export interface Ali1688Channel {
  /** The price 1688 quotes for the order (`alibaba.createOrder.preview`); nothing is placed. */
  previewOrder(input: Pick<PlaceOrderInput, 'offer' | 'quantity' | 'address'>): Promise<OrderPreview>;
  placeOrder(input: PlaceOrderInput): Promise<PlacedOrder>;
  logistics(orderId: string): Promise<Logistics>;
}

/** The offer id of a 1688 link or a bare id; null when neither. */
export function offerIdOf(offer: string): string | null {
  const m = /^(?:https?:\/\/)?(?:detail\.)?(?:m\.)?1688\.com\/offer\/(\d{6,20})\.html/i.exec(offer.trim());
  if (m) return m[1]!;
  return /^\d{6,20}$/.test(offer.trim()) ? offer.trim() : null;
}

/** A refusal of the 1688 side, in Chinese for the user. */
export class Ali1688Error extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
