const pad = (n: number) => String(n).padStart(2, '0');

/** Local time as YYYY-MM-DD HH:mm:ss (log entries, spec section 3). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
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
