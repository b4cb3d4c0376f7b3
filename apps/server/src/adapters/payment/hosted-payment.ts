import { isMinor, type Minor } from '@console/shared/money';
import {
  type CreatePayment,
  type PaymentAdapter,
  type PaymentInfo,
  type PaymentNotification,
  type PaymentStatus,
  SIGNATURE_HEADER,
  signatureValid,
} from './payment.js';

const STATUSES = new Set<PaymentStatus>(['pending', 'paid', 'cancelled']);

/** A provider answer that is not what the protocol says. */
export class PaymentProviderError extends Error {}

/**
 * A hosted-checkout provider over HTTP (the protocol the loopback simulator speaks, docs/payment.md):
 * `POST /v1/payments` (Bearer key) answers `{id, redirect_url}`, `GET /v1/payments/<id>` the
 * payment, `POST /v1/payments/<id>/cancel` ends an unpaid one and answers it, and notifications
 * are JSON `{id, type, data: {payment_id, status}}` signed in `x-payment-signature` with the
 * webhook secret.
 */
export class HostedPaymentAdapter implements PaymentAdapter {
  readonly name: string;
  readonly pageOrigin: string;

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
    private readonly webhookSecret: string,
    opts: { name: string; pageOrigin?: string },
  ) {
    this.name = opts.name;
    this.pageOrigin = opts.pageOrigin ?? new URL(apiUrl).origin;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !json) throw new PaymentProviderError(`payment provider answered ${res.status}`);
    return json;
  }

  async createPayment(p: CreatePayment): Promise<{ paymentId: string; redirectUrl: string }> {
    const r = await this.call('POST', '/v1/payments', {
      amount_minor: p.amount,
      currency: p.currency,
      reference: p.reference,
      description: p.description,
      return_url: p.returnUrl,
      cancel_url: p.cancelUrl,
      notify_url: p.notifyUrl,
    });
    if (typeof r.id !== 'string' || typeof r.redirect_url !== 'string')
      throw new PaymentProviderError('payment provider answered no id or redirect_url');
    return { paymentId: r.id, redirectUrl: r.redirect_url };
  }

  async getPayment(paymentId: string): Promise<PaymentInfo> {
    return this.paymentOf(paymentId, await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async cancelPayment(paymentId: string): Promise<PaymentInfo> {
    return this.paymentOf(
      paymentId,
      await this.call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/cancel`, {}),
    );
  }

  /** The provider's payment object, checked. */
  private paymentOf(paymentId: string, r: Record<string, unknown>): PaymentInfo {
    const status = r.status as PaymentStatus;
    if (r.id !== paymentId || !STATUSES.has(status) || !isMinor(r.amount_minor))
      throw new PaymentProviderError('payment provider answered an unknown payment shape');
    return {
      paymentId,
      status,
      amount: r.amount_minor as Minor,
      currency: String(r.currency ?? ''),
      reference: String(r.reference ?? ''),
    };
  }

  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentNotification | null {
    const sig = headers[SIGNATURE_HEADER];
    if (typeof sig !== 'string' || !signatureValid(this.webhookSecret, rawBody, sig)) return null;
    let body: { id?: unknown; data?: { payment_id?: unknown; status?: unknown } };
    try {
      body = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const status = body.data?.status as PaymentStatus;
    if (typeof body.id !== 'string' || typeof body.data?.payment_id !== 'string' || !STATUSES.has(status)) return null;
    return { eventId: body.id, paymentId: body.data.payment_id, status };
  }
}
