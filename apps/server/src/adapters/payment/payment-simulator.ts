import crypto from 'node:crypto';
import { formatMoney, isMinor, type Minor } from '@console/shared/money';
import { escapeHtml } from '../../modules/site/storefront/html.js';
import {
  type SimAnswer,
  type SimRequest,
  type Simulator,
  startSimServer,
} from '../../translation/simulators/sim-server.js';
import { type PaymentStatus, SIGNATURE_HEADER, signNotification } from './payment.js';

/** The API key and webhook secret of the simulator (what the adapter uses when no provider is configured). */
export const PAYMENT_SIM_KEY = 'sim-payment-key';
export const PAYMENT_SIM_SECRET = 'sim-payment-webhook-secret';

interface SimPayment {
  id: string;
  status: PaymentStatus;
  amount_minor: Minor;
  currency: string;
  reference: string;
  description: string;
  return_url: string;
  cancel_url: string;
  notify_url: string;
}

/** The running payment simulator: its payments and the notifications it sent (delivered or not). */
export interface PaymentSimulator extends Simulator {
  payments: Map<string, SimPayment>;
  notifications: { paymentId: string; status: PaymentStatus; delivered: boolean }[];
  /** Decides a payment as the buyer would on the page (tests without a browser). */
  decide(paymentId: string, decision: 'pay' | 'cancel'): SimPayment | undefined;
}

const json = (status: number, body: unknown): SimAnswer => ({ status, body });
const page = (status: number, body: string): SimAnswer => ({
  status,
  body: null,
  text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment simulator</title></head><body style="font:16px system-ui;max-width:560px;margin:40px auto">${body}</body></html>`,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
  },
});
const httpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v) && v.length <= 2000;

/**
 * A loopback hosted-checkout provider (docs/payment.md "Simulator"): the API of
 * `HostedPaymentAdapter`, the buyer's page at `/pay/<id>` with 支付 Pay / 取消 Cancel, a signed
 * notification to the payment's `notify_url` after the decision (three tries), then the
 * redirect to the return or cancel address. Started on first use by `paymentOf`.
 */
export async function startPaymentSimulator(): Promise<PaymentSimulator> {
  const payments = new Map<string, SimPayment>();
  const notifications: PaymentSimulator['notifications'] = [];

  const notify = async (p: SimPayment) => {
    const body = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      type: `payment.${p.status}`,
      data: { payment_id: p.id, status: p.status, reference: p.reference },
    });
    const record = { paymentId: p.id, status: p.status, delivered: false };
    notifications.push(record);
    for (let attempt = 0; attempt < 3 && !record.delivered; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 500 * attempt));
      try {
        const res = await fetch(p.notify_url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signNotification(PAYMENT_SIM_SECRET, body),
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        record.delivered = res.ok;
      } catch {
        // The shop is unreachable: tried again, then given up (the buyer's return still settles the order).
      }
    }
  };

  const decide = (id: string, decision: 'pay' | 'cancel') => {
    const p = payments.get(id);
    if (!p) return undefined;
    if (p.status === 'pending') {
      p.status = decision === 'pay' ? 'paid' : 'cancelled';
      void notify(p);
    }
    return p;
  };

  const create = (b: Record<string, unknown> | null): SimAnswer => {
    if (!b || !isMinor(b.amount_minor) || (b.amount_minor as number) <= 0) return json(400, { error: 'amount_minor' });
    if (typeof b.currency !== 'string' || !/^[A-Z]{3}$/.test(b.currency)) return json(400, { error: 'currency' });
    if (!httpUrl(b.return_url) || !httpUrl(b.cancel_url) || !httpUrl(b.notify_url)) return json(400, { error: 'urls' });
    const id = `pay_${crypto.randomBytes(12).toString('hex')}`;
    const p: SimPayment = {
      id,
      status: 'pending',
      amount_minor: b.amount_minor as Minor,
      currency: b.currency,
      reference: String(b.reference ?? '').slice(0, 100),
      description: String(b.description ?? '').slice(0, 200),
      return_url: b.return_url,
      cancel_url: b.cancel_url,
      notify_url: b.notify_url,
    };
    payments.set(id, p);
    return json(201, { id, status: p.status, redirect_url: `${sim.url}/pay/${id}` });
  };

  const view = (p: SimPayment) => ({
    id: p.id,
    status: p.status,
    amount_minor: p.amount_minor,
    currency: p.currency,
    reference: p.reference,
  });

  const payPage = (p: SimPayment): SimAnswer => {
    const amount = escapeHtml(formatMoney(p.amount_minor, p.currency));
    if (p.status !== 'pending')
      return page(409, `<h1>Payment simulator</h1><p>This payment is already ${escapeHtml(p.status)}.</p>`);
    return page(
      200,
      `<h1>Payment simulator 支付模拟器</h1><p>A simulated payment provider: no money moves.</p>
<p>Order <strong>${escapeHtml(p.reference)}</strong></p><p>${escapeHtml(p.description)}</p><p>Amount <strong id="amount">${amount}</strong></p>
<form method="post" action="/pay/${escapeHtml(p.id)}"><button type="submit" name="decision" value="pay">支付 Pay</button>
<button type="submit" name="decision" value="cancel">取消 Cancel</button></form>`,
    );
  };

  const handle = (req: SimRequest): SimAnswer => {
    const auth = req.headers.authorization === `Bearer ${PAYMENT_SIM_KEY}`;
    if (req.path === '/v1/payments' && req.method === 'POST') {
      if (!auth) return json(401, { error: 'unauthorized' });
      return create(req.body as Record<string, unknown> | null);
    }
    const api = /^\/v1\/payments\/([\w-]+)$/.exec(req.path);
    if (api && req.method === 'GET') {
      if (!auth) return json(401, { error: 'unauthorized' });
      const p = payments.get(api[1]!);
      return p ? json(200, view(p)) : json(404, { error: 'not found' });
    }
    // Ends an unpaid payment (a paid one stays paid) and answers it as it is then.
    const cancel = /^\/v1\/payments\/([\w-]+)\/cancel$/.exec(req.path);
    if (cancel && req.method === 'POST') {
      if (!auth) return json(401, { error: 'unauthorized' });
      const p = decide(cancel[1]!, 'cancel');
      return p ? json(200, view(p)) : json(404, { error: 'not found' });
    }
    const pay = /^\/pay\/([\w-]+)$/.exec(req.path);
    const p = pay ? payments.get(pay[1]!) : undefined;
    if (!pay) return json(404, { error: 'not found' });
    if (!p) return page(404, '<h1>Payment simulator</h1><p>Unknown payment.</p>');
    if (req.method === 'GET') return payPage(p);
    if (req.method === 'POST') {
      const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const decision = form.get('decision') === 'pay' ? 'pay' : 'cancel';
      if (p.status !== 'pending') return payPage(p);
      decide(p.id, decision);
      return {
        status: 303,
        body: null,
        text: '',
        headers: { location: decision === 'pay' ? p.return_url : p.cancel_url },
      };
    }
    return json(405, { error: 'method' });
  };

  const sim = Object.assign(await startSimServer(handle), { payments, notifications, decide });
  return sim;
}
