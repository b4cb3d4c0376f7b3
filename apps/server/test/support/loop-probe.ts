import { performance } from 'node:perf_hooks';

/** What a probe timer saw while some work ran. */
export interface LoopProbe<T> {
  result: T;
  /** Wall time of the work, ms. */
  ms: number;
  /** Turns of the probe timer. */
  ticks: number;
  /** Worst and 99th-percentile wall time between two turns, ms (what a request waited). */
  maxWallMs: number;
  p99WallMs: number;
  /**
   * Worst CPU time the process spent between two turns, ms: how long the longest stretch of
   * work held the loop on a core of its own. Other processes on a loaded machine stretch the
   * wall time between turns, not this (it may count GC helper threads: it errs high).
   */
  maxCpuMs: number;
  /** 99th percentile of the same. */
  p99CpuMs: number;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Runs `work` while a 1 ms timer notes, at each of its turns, the wall time and the process's
 * CPU time since its previous turn. Timers run once per loop iteration, so a gap between two
 * turns is one stretch of work that held the event loop (plus the machine's waiting for a core
 * in the wall figure).
 */
export async function probeEventLoop<T>(work: () => Promise<T>): Promise<LoopProbe<T>> {
  const wall: number[] = [];
  const cpu: number[] = [];
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  const timer = setInterval(() => {
    const w = performance.now();
    const c = cpuMs();
    wall.push(w - lastWall);
    cpu.push(c - lastCpu);
    lastWall = w;
    lastCpu = c;
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    // One more turn, so a block at the very end is seen too.
    await new Promise((r) => setTimeout(r, 2));
    const p99 = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    };
    return {
      result,
      ms,
      ticks: wall.length,
      maxWallMs: Math.max(0, ...wall),
      p99WallMs: p99(wall),
      maxCpuMs: Math.max(0, ...cpu),
      p99CpuMs: p99(cpu),
    };
  } finally {
    clearInterval(timer);
  }
}
