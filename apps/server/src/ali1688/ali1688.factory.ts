import type { Ali1688Setting } from '../config.js';
import { Ali1688Client } from './ali1688.client.js';
import type { Ali1688Channel } from './ali1688.js';
import type { Ali1688App } from './ali1688.oauth.js';
import { SIM_APP } from './ali1688.sim-oauth.js';
import { type Ali1688Simulator, startAli1688Simulator } from './ali1688.simulator.js';

/**
 * The configured 1688 channel, from the server's settings (`config.ali1688`, read from
 * `ALI1688_*` in config.ts): a base URL + app key the real API (or any compatible endpoint);
 * `demo` the built-in loopback simulator (orders ship after `demoShipMs`, default 60 s);
 * otherwise none (the 1688 button explains how to configure it, manual purchase entry works
 * as before). The channel is kept while the setting stays the same.
 */
let cached: { key: string; channel: Ali1688Channel | null; sim?: Promise<Ali1688Simulator> } | undefined;

export function ali1688Channel(setting: Ali1688Setting): Ali1688Channel | null {
  const key = `${setting.demo}|${setting.baseUrl ?? ''}|${setting.appKey}|${setting.demoShipMs}`;
  if (cached?.key === key) return cached.channel;
  if (setting.baseUrl) {
    cached = { key, channel: new Ali1688Client({ baseUrl: setting.baseUrl, appKey: setting.appKey }) };
  } else if (setting.demo) {
    const sim = startAli1688Simulator({ shipAfterMs: setting.demoShipMs });
    const lazy = async () => new Ali1688Client({ baseUrl: (await sim).url, appKey: 'demo' });
    cached = {
      key,
      sim,
      channel: {
        previewOrder: async (i) => (await lazy()).previewOrder(i),
        placeOrder: async (i) => (await lazy()).placeOrder(i),
        logistics: async (id) => (await lazy()).logistics(id),
      },
    };
  } else cached = { key, channel: null };
  return cached.channel;
}

/**
 * The app as the OAuth flow and a tenant's token use it (docs/ali1688.md): the configured
 * gateway, key, secret and authorize page; with `demo`, the simulator's (its own authorize page
 * on loopback). Null without a channel.
 */
export async function ali1688App(setting: Ali1688Setting): Promise<Ali1688App | null> {
  if (setting.baseUrl)
    return {
      baseUrl: setting.baseUrl,
      appKey: setting.appKey,
      appSecret: setting.appSecret,
      authorizeUrl: setting.authorizeUrl,
    };
  if (!setting.demo) return null;
  ali1688Channel(setting);
  const sim = await cached?.sim;
  if (!sim) return null;
  return { baseUrl: sim.url, ...SIM_APP, authorizeUrl: `${sim.url}/oauth/authorize` };
}

/** The channel acting for a connected 1688 buyer account (its access token); null without a channel. */
export async function ali1688ChannelAs(setting: Ali1688Setting, accessToken: string): Promise<Ali1688Channel | null> {
  const app = await ali1688App(setting);
  return app ? new Ali1688Client({ baseUrl: app.baseUrl, appKey: app.appKey, accessToken }) : null;
}

/** The running demo simulator, if `demo` started one (tests read its orders and tokens). */
export async function demoSimulator(): Promise<Ali1688Simulator | undefined> {
  return cached?.sim;
}

/** Stops the demo simulator, if one was started (app shutdown, tests). */
export async function closeAli1688(): Promise<void> {
  const sim = cached?.sim;
  cached = undefined;
  if (sim) await (await sim).close();
}
