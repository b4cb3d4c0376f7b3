/** One world clock of the footer (spec section 2 "World-clock panel"; DECISIONS.md: real time zones). */
export interface WorldClock {
  /** Stable key. */
  key: string;
  /** Chinese label as specified. */
  label: string;
  /** IANA time zone, so summer and winter time are both right. */
  timeZone: string;
  /** Flag as an emoji (no external images). */
  flag: string;
}

/** The six footer clocks, in the specified order. */
export const WORLD_CLOCKS: readonly WorldClock[] = [
  { key: 'cn', label: '北京', timeZone: 'Asia/Shanghai', flag: '🇨🇳' },
  { key: 'us-east', label: '美东', timeZone: 'America/New_York', flag: '🇺🇸' },
  { key: 'us-west', label: '美西', timeZone: 'America/Los_Angeles', flag: '🇺🇸' },
  { key: 'uk', label: '英国', timeZone: 'Europe/London', flag: '🇬🇧' },
  { key: 'eu', label: '欧洲', timeZone: 'Europe/Berlin', flag: '🇪🇺' },
  { key: 'jp', label: '日本', timeZone: 'Asia/Tokyo', flag: '🇯🇵' },
];

/** Years of the footer copyright line (spec section 2: Copyright 2019-2025 followed by the company name). */
export const COPYRIGHT_YEARS = '2019-2025';
