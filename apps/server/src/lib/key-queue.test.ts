import { describe, expect, it } from 'vitest';
import { KeyQueue } from './key-queue.js';

/** A promise with its resolver, to hold a holder in place. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('KeyQueue', () => {
  it('runs the holders of one key one at a time, in arrival order', async () => {
    const q = new KeyQueue();
    const order: string[] = [];
    const first = gate();
    const a = q.withKeys(['k'], async () => {
      order.push('a start');
      await first.opened;
      order.push('a end');
    });
    const b = q.withKeys(['k'], async () => void order.push('b'));
    const c = q.withKeys(['k'], async () => void order.push('c'));
    await Promise.resolve();
    expect(order).toEqual(['a start']);
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a start', 'a end', 'b', 'c']);
    expect(q.size).toBe(0);
  });

  it('does not hold other keys back, and two holders of crossed keys never wait in a cycle', async () => {
    const q = new KeyQueue();
    const held = gate();
    const slow = q.withKeys(['x'], () => held.opened);
    expect(await q.withKeys(['y'], async () => 'y ran')).toBe('y ran');
    const both = [q.withKeys(['p', 'q'], async () => 1), q.withKeys(['q', 'p'], async () => 2)];
    expect(await Promise.all(both)).toEqual([1, 2]);
    held.open();
    await slow;
    expect(q.size).toBe(0);
  });

  it('lets the next holder in when one throws', async () => {
    const q = new KeyQueue();
    await expect(q.withKeys(['k'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.withKeys(['k'], async () => 'next')).toBe('next');
  });
});
