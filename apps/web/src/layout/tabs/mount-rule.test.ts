import { describe, expect, it } from 'vitest';
import { shouldResetTabsOnMount } from './mount-rule';

describe('tab mount rule', () => {
  it('closes restored tabs unless the route is index, development, or the union-login flag', () => {
    expect(shouldResetTabsOnMount('/system/admin/member', false, false)).toBe(true);
    expect(shouldResetTabsOnMount('/index', false, false)).toBe(false);
    expect(shouldResetTabsOnMount('/system/admin/member', true, false)).toBe(false);
    expect(shouldResetTabsOnMount('/system/admin/member', false, true)).toBe(false);
  });
});
