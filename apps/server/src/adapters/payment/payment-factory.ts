import type { Config } from '../../config.js';
import { HostedPaymentAdapter } from './hosted-payment.js';
import type { PaymentAdapter } from './payment.js';
import {
  PAYMENT_SIM_KEY,
  PAYMENT_SIM_SECRET,
  type PaymentSimulator,
  startPaymentSimulator,
} from './payment-simulator.js';

/** The payment adapter of a server and the simulator behind it when no provider is configured. */
export interface PaymentHandle {
  adapter: PaymentAdapter;
  sim: PaymentSimulator | null;
}

/** A configured provider (docs/payment.md "Plugging a real provider"), read from the environment. */
export interface PaymentSetting {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  name: string;
  pageOrigin: string | undefined;
}

/**
 * PAYMENT_API_URL, PAYMENT_API_KEY, PAYMENT_WEBHOOK_SECRET (all three, or none for the loopback
 * simulator), PAYMENT_PROVIDER_NAME and PAYMENT_PAGE_ORIGIN (the provider's page, when not on the
 * API's origin). A half configuration is refused at first use with the missing names.
 */
export function paymentSetting(env: NodeJS.ProcessEnv = process.env): PaymentSetting | null {
  const apiUrl = env.PAYMENT_API_URL?.trim() ?? '';
  const apiKey = env.PAYMENT_API_KEY?.trim() ?? '';
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET?.trim() ?? '';
  if (!apiUrl && !apiKey && !webhookSecret) return null;
  const missing = Object.entries({
    PAYMENT_API_URL: apiUrl,
    PAYMENT_API_KEY: apiKey,
    PAYMENT_WEBHOOK_SECRET: webhookSecret,
  })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length) throw new Error(`payment provider: ${missing.join(', ')} not set`);
  if (!/^https?:\/\//.test(apiUrl)) throw new Error('payment provider: PAYMENT_API_URL must be an http(s) address');
  return {
    apiUrl,
    apiKey,
    webhookSecret,
    name: env.PAYMENT_PROVIDER_NAME?.trim() || 'hosted',
    pageOrigin: env.PAYMENT_PAGE_ORIGIN?.trim() || undefined,
  };
}

const running = new WeakMap<Config, Promise<PaymentHandle>>();

/** The payment adapter of a configuration: the configured provider, else the loopback simulator (started once). */
export function paymentOf(config: Config): Promise<PaymentHandle> {
  let h = running.get(config);
  if (!h) {
    const s = paymentSetting();
    h = s
      ? Promise.resolve({
          adapter: new HostedPaymentAdapter(s.apiUrl, s.apiKey, s.webhookSecret, {
            name: s.name,
            pageOrigin: s.pageOrigin,
          }),
          sim: null,
        })
      : startPaymentSimulator().then((sim) => ({
          adapter: new HostedPaymentAdapter(sim.url, PAYMENT_SIM_KEY, PAYMENT_SIM_SECRET, { name: 'simulator' }),
          sim,
        }));
    running.set(config, h);
    h.catch(() => running.delete(config));
  }
  return h;
}

/** Stops the simulator of a configuration if it runs (the server is closing). */
export async function closePayment(config: Config): Promise<void> {
  const h = running.get(config);
  if (!h) return;
  running.delete(config);
  const started = await h.catch(() => undefined);
  await started?.sim?.close();
}
