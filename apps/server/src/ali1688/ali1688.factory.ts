import { Ali1688Client } from './ali1688.client.js';
import type { Ali1688Channel } from './ali1688.js';
import { type Ali1688Simulator, startAli1688Simulator } from './ali1688.simulator.js';

/**
 * The configured 1688 channel, from the environment (read when first needed):
 * `ALI1688_BASE_URL` + `ALI1688_APP_KEY` the real API (or any compatible endpoint);
 * `ALI1688=demo` the built-in loopback simulator (orders ship after `ALI1688_DEMO_SHIP_MS`,
 * default 60 s); otherwise none (the 1688 button explains how to configure it, manual
 * purchase entry works as before).
 */
let cached: { key: string; channel: Ali1688Channel | null; sim?: Promise<Ali1688Simulator> } | undefined;

export function ali1688Channel(env: NodeJS.ProcessEnv = process.env): Ali1688Channel | null {
  const key = `${env.ALI1688 ?? ''}|${env.ALI1688_BASE_URL ?? ''}|${env.ALI1688_APP_KEY ?? ''}`;
  if (cached?.key === key) return cached.channel;
  if (env.ALI1688_BASE_URL) {
    cached = { key, channel: new Ali1688Client({ baseUrl: env.ALI1688_BASE_URL, appKey: env.ALI1688_APP_KEY ?? '' }) };
  } else if (env.ALI1688 === 'demo') {
    const sim = startAli1688Simulator({ shipAfterMs: Number(env.ALI1688_DEMO_SHIP_MS ?? 60_000) });
    const lazy = async () => new Ali1688Client({ baseUrl: (await sim).url, appKey: 'demo' });
    cached = {
      key,
      sim,
      channel: {
        placeOrder: async (i) => (await lazy()).placeOrder(i),
        logistics: async (id) => (await lazy()).logistics(id),
      },
    };
  } else cached = { key, channel: null };
  return cached.channel;
}

/** Stops the demo simulator, if one was started (app shutdown, tests). */
export async function closeAli1688(): Promise<void> {
  const sim = cached?.sim;
  cached = undefined;
  if (sim) await (await sim).close();
}
