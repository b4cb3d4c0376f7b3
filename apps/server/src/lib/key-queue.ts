/**
 * In-process first-come-first-served queues by key: `withKeys(keys, fn)` runs `fn` once every
 * earlier caller holding any of `keys` has finished. Keys are taken in sorted order, so two
 * callers never wait on each other in a cycle. Waiting holds nothing but a promise (no
 * database connection), so a crowd of requests for one key costs one connection at a time.
 */
export class KeyQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async withKeys<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) {
        const before = this.tails.get(key) ?? Promise.resolve();
        let release!: () => void;
        const mine = new Promise<void>((resolve) => {
          release = resolve;
        });
        const tail = before.then(() => mine);
        this.tails.set(key, tail);
        releases.push(() => {
          release();
          if (this.tails.get(key) === tail) this.tails.delete(key);
        });
        await before;
      }
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Keys with a holder or waiters (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
