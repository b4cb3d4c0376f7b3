import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and measures the worst event-loop delay meanwhile (`perf_hooks.monitorEventLoopDelay`,
 * 10 ms resolution). The monitor records a delay only between two runs of its timer, so it is given
 * a turn before the work starts and after it ends: a block right after enabling is then seen too.
 */
export async function withEventLoopDelay<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; maxDelayMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  await sleep(25);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    await sleep(25);
    return { result, ms, maxDelayMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}
