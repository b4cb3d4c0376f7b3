import { describe, expect, it } from 'vitest';
import { type ItemCounts, queueOutcome } from './upload-status.js';

const c = (x: Partial<ItemCounts>): ItemCounts => ({
  waiting: 0,
  sending: 0,
  submitted: 0,
  accepted: 0,
  live: 0,
  rejected: 0,
  invalid: 0,
  failed: 0,
  unknown: 0,
  cancelled: 0,
  ...x,
});

describe('queueOutcome', () => {
  it('12 refused and none accepted is 全部失败, not done-and-green', () => {
    expect(queueOutcome('done', c({ rejected: 12 }))).toBe('failed');
    expect(queueOutcome('done', c({ invalid: 12 }))).toBe('failed');
  });
  it('live and not-live items make 部分失败; unknown counts as not a success', () => {
    expect(queueOutcome('done', c({ live: 3, rejected: 1 }))).toBe('partial');
    expect(queueOutcome('done', c({ live: 3, unknown: 1 }))).toBe('partial');
    expect(queueOutcome('done', c({ unknown: 2 }))).toBe('failed');
  });
  it('every sent item live is 全部成功; cancelled items count neither way', () => {
    expect(queueOutcome('done', c({ live: 3 }))).toBe('success');
    expect(queueOutcome('done', c({ live: 3, cancelled: 2 }))).toBe('success');
    expect(queueOutcome('done', c({ cancelled: 2 }))).toBe('cancelled');
    expect(queueOutcome('failed', c({}))).toBe('failed');
  });
  it('an open queue (or an item still on its way) has no outcome yet', () => {
    expect(queueOutcome('running', c({ live: 3 }))).toBeNull();
    expect(queueOutcome('pending', c({}))).toBeNull();
    expect(queueOutcome('failed', c({ live: 1, accepted: 1 }))).toBeNull();
  });
});
