/**
 * Seeded random numbers for tests that compare against a plain query on random inputs: the seed
 * is `TEST_SEED` when set, else from the clock, and belongs in every failure message so a
 * failure can be replayed.
 */
export function seededRandom(seed = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000)) {
  let state = seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  return { seed, rand, pick };
}
