import { z } from 'zod';

/**
 * 平台首页 (`/platform/index`, issue 31 §4, docs/platform.md): the state of every connection the
 * console depends on (shops and their authorization, the SP-API application, 1688, translation,
 * file storage, carrier, SQS notifications, public address), each with what to do next.
 * `GET /amazon-user/platformStatus` answers the cards the caller may see.
 */

/** A card's (or a shop line's) state. */
export const PLATFORM_STATES = ['ok', 'warning', 'error', 'unset'] as const;
export type PlatformState = (typeof PLATFORM_STATES)[number];

/** Chinese labels of the states. */
export const PLATFORM_STATE_LABELS: Readonly<Record<PlatformState, string>> = {
  ok: '正常',
  warning: '需要注意',
  error: '异常',
  unset: '未配置',
};

/** How bad a state is: a card shows its worst line. */
export const PLATFORM_STATE_RANK: Readonly<Record<PlatformState, number>> = { ok: 0, unset: 1, warning: 2, error: 3 };

/** What fixes a card: a console screen (`link`, a frame route) and/or a server setting the operator sets. */
export const platformAction = z.object({
  label: z.string(),
  /** A route of the console (`/platform/family`), or null when only a setting helps. */
  link: z.string().nullable(),
  /** Environment variable(s) the platform operator sets (README lists them), or null. */
  setting: z.string().nullable(),
});

/** One line of a card (a shop of the shops card). */
export const platformItem = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(PLATFORM_STATES),
  state_label: z.string(),
  summary: z.string(),
  /** Short facts (沙箱店铺, 英国, ...). */
  tags: z.array(z.string()),
  action: platformAction.nullable(),
});

export const platformCard = z.object({
  /** Stable name of the card (`shops`, `spapi`, `ali1688`, `translate`, `storage`, `carrier`, `sqs`, `public_url`). */
  key: z.string(),
  title: z.string(),
  state: z.enum(PLATFORM_STATES),
  state_label: z.string(),
  summary: z.string(),
  action: platformAction.nullable(),
  items: z.array(platformItem),
  /** Where and how it is configured (hosts, folders, buckets; never a key or token): the operator only. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});

export const platformStatusData = z.object({
  /** When the cards were computed (Unix seconds). */
  generated_at: z.number().int(),
  /** The caller is of the platform operator (internal company): cards carry `details`. */
  operator: z.boolean(),
  cards: z.array(platformCard),
});

export type PlatformCard = z.output<typeof platformCard>;
export type PlatformItem = z.output<typeof platformItem>;
export type PlatformAction = z.output<typeof platformAction>;
