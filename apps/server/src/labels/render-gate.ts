/**
 * At most `running` label documents drawn at once in this process, at most `waiting` more
 * queued (first come, first served); past that a request is refused at once (`null`), so a
 * burst of 5,000-label requests cannot pile up CPU and memory without end.
 */
export class RenderGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  /** Runs `work` when a place is free; null (without running it) when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) return null;
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
