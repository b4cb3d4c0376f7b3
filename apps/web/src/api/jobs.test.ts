import { describe, expect, it } from 'vitest';
import { JOB_POLL_MS, jobKeys, jobPollInterval } from './jobs';

describe('useJobProgress polling', () => {
  it('polls every second until the job is final, and stops when a poll fails', () => {
    expect(jobPollInterval(undefined, false)).toBe(JOB_POLL_MS);
    expect(jobPollInterval({ status: 'queued' }, false)).toBe(1000);
    expect(jobPollInterval({ status: 'running' }, false)).toBe(1000);
    expect(jobPollInterval({ status: 'done' }, false)).toBe(false);
    expect(jobPollInterval({ status: 'failed' }, false)).toBe(false);
    expect(jobPollInterval({ status: 'running' }, true)).toBe(false);
  });

  it('keys each job apart', () => {
    expect(jobKeys.detail('a')).toEqual(['jobs', 'a']);
    expect(jobKeys.detail('a')).not.toEqual(jobKeys.detail('b'));
  });
});
