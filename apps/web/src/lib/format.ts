import { DEFAULT_TIME_ZONE, formatInZone, isTimeZone } from '@console/shared/constants/time-zone';

/**
 * The time zone times are shown in: the tenant's (from getUserInfo), China time until it is
 * known. Never the browser's own zone, so a user abroad sees the same days as the charts
 * counted on the server (issue 13 §4).
 */
let displayTimeZone: string = DEFAULT_TIME_ZONE;

/** Sets the zone times are shown in (the session store calls it with the tenant's zone). */
export function setDisplayTimeZone(tz: string | null | undefined): void {
  displayTimeZone = tz && isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

/** The zone times are shown in. */
export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

/** `d` as YYYY-MM-DD HH:mm:ss in the tenant's time zone (log entries, spec section 3). */
export function formatDateTime(d: Date): string {
  return formatInZone(d, displayTimeZone);
}

/** Unix seconds as YYYY-MM-DD HH:mm:ss, or '-' for empty values. */
export function formatSeconds(seconds: number | null | undefined): string {
  if (!seconds) return '-';
  return formatDateTime(new Date(seconds * 1000));
}

/** Unix seconds as YYYY-MM-DD (end dates are stored in seconds and shown as dates, spec section 3). */
export function formatDate(seconds: number | null | undefined): string {
  if (!seconds) return '-';
  return formatDateTime(new Date(seconds * 1000)).slice(0, 10);
}
