/**
 * The tenant's calendar: every day-based figure (the goods home's 14-day chart) and every time
 * shown in the console use the tenant's IANA time zone, China time unless the tenant sets
 * another (docs/decisions.md, issue 13 §4). Never the browser's or the server's own zone.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** True for a time zone name the runtime knows (`Asia/Shanghai`, `UTC`, `Europe/Berlin`). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(d: Date, tz: string): Record<string, string> {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
}

/** The calendar day `YYYY-MM-DD` of `d` in `tz`. */
export function calendarDay(d: Date, tz: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(d, tz);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `d` as `YYYY-MM-DD HH:mm:ss` in `tz`. */
export function formatInZone(d: Date, tz: string = DEFAULT_TIME_ZONE): string {
  const p = partsIn(d, tz);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The instant a wall-clock time `YYYY-MM-DD HH:mm:ss` names in `tz` (a date picked on the
 * tenant's calendar, whatever the browser's zone). In the hour a clock skips or repeats at a
 * summer-time change, the earlier reading is taken.
 */
export function zonedTime(wall: string, tz: string = DEFAULT_TIME_ZONE): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(wall);
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // The zone's offset at a moment: how far its wall clock is ahead of UTC.
  const offset = (t: number) => {
    const p = partsIn(new Date(t), tz);
    return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - t;
  };
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}
