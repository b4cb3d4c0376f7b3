import { describe, expect, it } from 'vitest';
import { shouldRefetchOnShow } from './use-refetch-on-show';

describe('refetch when a kept-alive tab is shown again', () => {
  it('only on the switch from hidden to shown, and only with stale data', () => {
    expect(shouldRefetchOnShow(false, true, true)).toBe(true);
    expect(shouldRefetchOnShow(false, true, false)).toBe(false);
    expect(shouldRefetchOnShow(true, true, true)).toBe(false);
    expect(shouldRefetchOnShow(true, false, true)).toBe(false);
  });
});
