import { describe, expect, it } from 'vitest';
import { firstTabWithWork } from './logistics.js';

const none = { ready: 0, held: 0, approved: 0, passed: 0, cancelled: 0, waybills: 0 };

describe('运费审核 opens on the first tab with work (issue 29 §2)', () => {
  it('picks the first tab in screen order whose count is above 0', () => {
    // The case: the parcel waits in 待提交 while 待审核 is empty.
    expect(firstTabWithWork({ ...none, ready: 1 })).toBe('ready');
    expect(firstTabWithWork({ ...none, held: 2, approved: 1, waybills: 3 })).toBe('held');
    expect(firstTabWithWork({ ...none, approved: 1, waybills: 3 })).toBe('approved');
    expect(firstTabWithWork({ ...none, passed: 4 })).toBe('passed');
    expect(firstTabWithWork({ ...none, waybills: 1 })).toBe('waybills');
  });

  it('never counts cancelled parcels as work; with nothing to do it opens 待提交', () => {
    expect(firstTabWithWork({ ...none, cancelled: 5 })).toBe('ready');
    expect(firstTabWithWork({ ...none, cancelled: 5, waybills: 1 })).toBe('waybills');
    expect(firstTabWithWork(none)).toBe('ready');
  });
});
