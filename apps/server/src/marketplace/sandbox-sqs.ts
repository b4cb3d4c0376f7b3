import { randomInt } from 'node:crypto';
import type { Config } from '../config.js';
import { type SimQueue, SQS_SIM_CREDENTIALS, type SqsSimulator, startSqsSimulator } from './simulator/sim-sqs.js';
import { SqsQueue } from './sqs.client.js';

/**
 * The SQS queue of the sandbox Amazon: an SQS simulator on loopback inside this server process,
 * started on first use, with one queue the sandbox's Notifications API delivers to (by its ARN)
 * and the consumer reads with the same SDK client as a real queue (docs/monitor.md).
 */
export interface SandboxSqs {
  sim: SqsSimulator;
  queue: SimQueue;
  /** The SDK client of the queue. */
  client: SqsQueue;
}

/** The sandbox queue's name. */
export const SANDBOX_QUEUE = 'console-sandbox-notifications';

const running = new WeakMap<Config, Promise<SandboxSqs>>();

/** The sandbox queue of a configuration, started once (its waits and visibility run at the SP-API time scale). */
export function sandboxSqs(config: Config): Promise<SandboxSqs> {
  let s = running.get(config);
  if (!s) {
    s = (async () => {
      // An account id of its own, so two servers in one process never share an ARN.
      const accountId = String(randomInt(100_000_000_000, 999_999_999_999));
      const sim = await startSqsSimulator({ timeScale: config.spapi.timeScale, accountId });
      const queue = sim.createQueue(SANDBOX_QUEUE);
      const client = new SqsQueue({
        queueUrl: queue.url,
        region: sim.region,
        credentials: SQS_SIM_CREDENTIALS,
        endpoint: sim.url,
      });
      return { sim, queue, client };
    })();
    running.set(config, s);
    s.catch(() => running.delete(config));
  }
  return s;
}

/** The sandbox queue if it was started (it is not started just to be looked at). */
export function runningSandboxSqs(config: Config): Promise<SandboxSqs> | undefined {
  return running.get(config);
}

/** Stops the sandbox queue of a configuration (the server is closing). */
export async function closeSandboxSqs(config: Config): Promise<void> {
  const s = running.get(config);
  if (!s) return;
  running.delete(config);
  const started = await s.catch(() => undefined);
  if (!started) return;
  started.client.close();
  await started.sim.close();
}
