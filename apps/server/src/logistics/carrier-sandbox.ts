import type { Config } from '../config.js';
import { type CarrierAdapter, ConsolidatorCarrier } from './carrier.js';
import { CARRIER_SIM_KEY, type CarrierSimulator, startCarrierSimulator } from './simulators/carrier.simulator.js';

/**
 * The carrier of a server: the consolidator of `config.carrier` (`CARRIER_API_URL` and
 * `CARRIER_API_KEY`), else the loopback simulator run inside this process, started on first
 * use (the demo and the tests ship with it; docs/logistics.md "Carriers").
 */
export interface CarrierHandle {
  adapter: CarrierAdapter;
  /** The simulator when no real carrier is configured. */
  sim: CarrierSimulator | null;
}

const running = new WeakMap<Config, Promise<CarrierHandle>>();

/** The carrier of a configuration, started once. */
export function carrierOf(config: Config): Promise<CarrierHandle> {
  let h = running.get(config);
  if (!h) {
    const url = config.carrier.apiUrl;
    h = url
      ? Promise.resolve({ adapter: new ConsolidatorCarrier(url, config.carrier.apiKey), sim: null })
      : startCarrierSimulator({ timeScale: config.spapi.timeScale }).then((sim) => ({
          adapter: new ConsolidatorCarrier(sim.url, CARRIER_SIM_KEY),
          sim,
        }));
    running.set(config, h);
    h.catch(() => running.delete(config));
  }
  return h;
}

/** Stops the simulator of a configuration if it runs (the server is closing). */
export async function closeCarrier(config: Config): Promise<void> {
  const h = running.get(config);
  if (!h) return;
  running.delete(config);
  const started = await h.catch(() => undefined);
  await started?.sim?.close();
}
