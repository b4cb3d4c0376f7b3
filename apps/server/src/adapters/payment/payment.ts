import crypto from 'node:crypto';
import type { Minor } from '@console/shared/money';

/**
 * The payment adapter of the own site's checkout (docs/payment.md): the storefront asks it for a
 * payment, sends the buyer to the provider's page, and learns the outcome from the provider's
 * signed notification and from the buyer's return, each checked against the provider.
 */

/** What a payment is at the provider. */
export type PaymentStatus = 'pending' | 'paid' | 'cancelled';

/** A payment to create: the amount in minor units, our order's reference and where the buyer comes back. */
export interface CreatePayment {
  amount: Minor;
  currency: string;
  /** Our order number (shown to the buyer at the provider, echoed back). */
  reference: string;
  description: string;
  /** Where the provider sends the buyer after paying. */
  returnUrl: string;
  /** Where the provider sends the buyer who cancels. */
  cancelUrl: string;
  /** Where the provider posts its signed notifications (providers with a fixed webhook ignore it). */
  notifyUrl: string;
}

/** A payment as the provider reports it. */
export interface PaymentInfo {
  paymentId: string;
  status: PaymentStatus;
  amount: Minor;
  currency: string;
  reference: string;
}

/** A verified notification: which event, about which payment. */
export interface PaymentNotification {
  eventId: string;
  paymentId: string;
  status: PaymentStatus;
}

/** One payment provider behind the common interface. */
export interface PaymentAdapter {
  /** Stored with the order (`site_orders.payment_provider`). */
  readonly name: string;
  /** The browser addresses the provider's page lives at (the checkout page's CSP `form-action`). */
  readonly pageOrigin: string;
  createPayment(p: CreatePayment): Promise<{ paymentId: string; redirectUrl: string }>;
  /** The notification if its signature is valid (raw body as received), else null. */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentNotification | null;
  getPayment(paymentId: string): Promise<PaymentInfo>;
  /**
   * Ends a payment the buyer has not made (its page stops taking it) and answers the payment as
   * it is after that: `cancelled`, or `paid` when the buyer paid first.
   */
  cancelPayment(paymentId: string): Promise<PaymentInfo>;
}

/** The signature header of the hosted-checkout protocol: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-payment-signature';

/** Signs a notification body with the shared secret (what the provider does). */
export function signNotification(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** Notifications older or newer than this are refused (a captured one cannot be replayed days later). */
export const SIGNATURE_TOLERANCE_S = 600;

/** Whether `header` signs `body` with `secret` within the tolerance (constant-time comparison). */
export function signatureValid(secret: string, body: string, header: string, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const at = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isInteger(at) || Math.abs(now / 1000 - at) > SIGNATURE_TOLERANCE_S || !/^[0-9a-f]{64}$/.test(given))
    return false;
  const want = crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest();
  return crypto.timingSafeEqual(want, Buffer.from(given, 'hex'));
}
