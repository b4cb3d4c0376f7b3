import { describe, expect, it } from 'vitest';
import { calendarDay, DEFAULT_TIME_ZONE, formatInZone, isTimeZone, zonedTime } from './time-zone.js';

describe('the tenant calendar', () => {
  it('is China time by default: 16:00 UTC is already the next day', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Shanghai');
    expect(calendarDay(new Date('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(calendarDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(formatInZone(new Date('2026-11-24T16:00:05Z'))).toBe('2026-11-25 00:00:05');
  });

  it('follows another zone, summer time included', () => {
    expect(calendarDay(new Date('2026-11-24T16:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(formatInZone(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
    expect(formatInZone(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01 00:00:00');
  });

  it('knows valid zone names only', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('turns a wall-clock time of a zone into the instant, summer time included', () => {
    expect(zonedTime('2026-11-25 00:00:00').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(zonedTime('2026-07-01 14:00:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedTime('2026-01-01 14:00:00', 'Europe/Berlin').toISOString()).toBe('2026-01-01T13:00:00.000Z');
    expect(zonedTime('2026-03-08 12:00:00', 'America/New_York').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedTime('2026-11-25', 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(Number.isNaN(zonedTime('25/11/2026').getTime())).toBe(true);
  });
});
