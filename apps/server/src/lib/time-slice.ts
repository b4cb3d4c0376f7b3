import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long CPU work in small slices, so no request holds the event loop more than a few
 * milliseconds at a time (issue 27 §3): other requests are answered between the slices.
 */

/** How long one slice may run before the event loop gets a turn. */
export const SLICE_MS = 8;

/** A clock for a loop that yields now and then: `await slice.pause()` at safe points. */
export class TimeSlicer {
  private start = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Lets other work run when this slice has used its budget; otherwise returns at once. */
  async pause(): Promise<void> {
    if (performance.now() - this.start < this.budgetMs) return;
    await nextTurn();
    this.start = performance.now();
  }
}

/**
 * Drives a generator that `yield`s at safe points (every few hundred operations), giving the
 * event loop a turn whenever the slice's budget is used up. Returns the generator's result.
 */
export async function runSliced<T>(steps: Generator<unknown, T>, budgetMs = SLICE_MS): Promise<T> {
  const slicer = new TimeSlicer(budgetMs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await slicer.pause();
  }
}

/** Drives the same generator to its end at once (for small inputs and unit tests). */
export function runAll<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
