import type { RetryPolicy } from '../http-retry.js';
import type { TextFormat, TranslateResult, TranslationProvider } from '../provider.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../simulators/google.simulator.js';
import type { Simulator } from '../simulators/sim-server.js';
import { GoogleProvider } from './google.provider.js';

/** Every demo translation starts with this mark, so nobody mistakes it for a real one. */
export const DEMO_MARK = '[演示] ';

/**
 * The offline demo: the Google adapter against the built-in loopback simulator (started on
 * first use), every answer visibly marked.
 */
export class DemoProvider implements TranslationProvider {
  readonly name = 'demo' as const;
  private sim: Promise<Simulator> | undefined;
  constructor(private readonly retry?: RetryPolicy) {}

  async translate(texts: string[], target: string, source: string, format: TextFormat): Promise<TranslateResult> {
    this.sim ??= startGoogleSimulator();
    const sim = await this.sim;
    const inner = new GoogleProvider({ apiKey: GOOGLE_SIM_KEY, baseUrl: sim.url, retry: this.retry });
    const r = await inner.translate(texts, target, source, format);
    return { ...r, translations: r.translations.map((t) => DEMO_MARK + t) };
  }

  /** Stops the simulator (app shutdown). */
  async close(): Promise<void> {
    if (this.sim) await (await this.sim).close();
  }
}
