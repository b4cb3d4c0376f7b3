import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('RenderGate', () => {
  it('runs at most `running` at once, queues `waiting` in order, refuses past that', async () => {
    const gate = new RenderGate(2, 2);
    const started: number[] = [];
    const release = new Map<number, () => void>();
    const job = (n: number) =>
      gate.run(async () => {
        started.push(n);
        await new Promise<void>((r) => release.set(n, r));
        return n;
      });
    const runs = [1, 2, 3, 4].map(job);
    await tick();
    expect(started).toEqual([1, 2]);
    expect(await job(5)).toBeNull(); // two running, two waiting: full
    release.get(2)!();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    release.get(1)!();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    release.get(3)!();
    release.get(4)!();
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(await gate.run(async () => 7)).toBe(7);
  });

  it('frees its place when the work throws', async () => {
    const gate = new RenderGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await gate.run(async () => 1)).toBe(1);
  });
});
