import { type ChannelTariff, type ParcelMeasure, type Quote, quoteFreight } from '@console/shared/logistics/quote';
import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import type { ChannelCreateBody, ChannelRow } from '@console/shared/schemas/logistics';

/**
 * The 物流渠道 form's values and their conversion to and from the API (issue 18 §1): money is
 * typed in yuan as text and read exactly into integer fen with the shared money module (no
 * float on the way), so "12.30" is 1230 fen and "0.1" is 10; what the API answers in fen is
 * shown back as the same exact yuan text.
 */
export interface ChannelFormValues {
  name: string;
  carrier_code: string;
  carrier_name: string;
  service: string;
  countries: string[];
  first_weight_g: number;
  /** Yuan text. */
  first_price: string;
  step_weight_g: number;
  step_price: string;
  registration_fee: string;
  volumetric_divisor: number;
  battery_allowed: boolean;
  battery_surcharge: string;
  service_fee: string;
  min_weight_g: number;
  max_weight_g: number;
  max_side_mm: number;
  enabled: boolean;
}

/** The money fields of a channel (fen in the API, yuan text in the form). */
export const CHANNEL_MONEY_FIELDS = [
  'first_price',
  'step_price',
  'registration_fee',
  'battery_surcharge',
  'service_fee',
] as const;
type MoneyField = (typeof CHANNEL_MONEY_FIELDS)[number];

/** Money fields that may be left empty (read as 0). */
const OPTIONAL_MONEY: ReadonlySet<MoneyField> = new Set(['registration_fee', 'battery_surcharge', 'service_fee']);

/** Fen as exact yuan text: 1230 -> "12.30". */
export function yuanText(fen: number): string {
  return toDecimalString(minor(fen), 'CNY');
}

/** Yuan text as fen, or the Chinese message of what is wrong (an empty optional field is 0). */
export function readYuan(
  text: string | undefined,
  optional: boolean,
): { ok: true; fen: number } | { ok: false; error: string } {
  const t = (text ?? '').trim();
  if (t === '' && optional) return { ok: true, fen: 0 };
  const r = parseMoney(t, 'CNY');
  return r.ok ? { ok: true, fen: r.value } : { ok: false, error: r.error };
}

/** An antd rule for a yuan field (exact, no floats, not negative). */
export const yuanFieldRule = (field: MoneyField) => ({
  validator: async (_: unknown, v: string | undefined) => {
    const r = readYuan(v, OPTIONAL_MONEY.has(field));
    if (!r.ok) throw new Error(r.error);
  },
});

/** A new channel's defaults. */
export const EMPTY_CHANNEL: ChannelFormValues = {
  name: '',
  carrier_code: 'Yanwen',
  carrier_name: '',
  service: '',
  countries: [],
  first_weight_g: 100,
  first_price: '',
  step_weight_g: 100,
  step_price: '',
  registration_fee: '0.00',
  volumetric_divisor: 6000,
  battery_allowed: false,
  battery_surcharge: '0.00',
  service_fee: '0.00',
  min_weight_g: 0,
  max_weight_g: 0,
  max_side_mm: 0,
  enabled: true,
};

/** A saved channel as form values. */
export function channelFormValues(row: ChannelRow): ChannelFormValues {
  return {
    name: row.name,
    carrier_code: row.carrier_code,
    carrier_name: row.carrier_name,
    service: row.service,
    countries: [...row.countries],
    first_weight_g: row.first_weight_g,
    first_price: yuanText(row.first_price),
    step_weight_g: row.step_weight_g,
    step_price: yuanText(row.step_price),
    registration_fee: yuanText(row.registration_fee),
    volumetric_divisor: row.volumetric_divisor,
    battery_allowed: row.battery_allowed,
    battery_surcharge: yuanText(row.battery_surcharge),
    service_fee: yuanText(row.service_fee),
    min_weight_g: row.min_weight_g,
    max_weight_g: row.max_weight_g,
    max_side_mm: row.max_side_mm,
    enabled: row.enabled,
  };
}

/** Form values as the API's body (money in fen), or the first field that is wrong. */
export function channelBodyOf(
  v: ChannelFormValues,
): { ok: true; body: ChannelCreateBody } | { ok: false; field: MoneyField; error: string } {
  const fen = {} as Record<MoneyField, number>;
  for (const f of CHANNEL_MONEY_FIELDS) {
    const r = readYuan(v[f], OPTIONAL_MONEY.has(f));
    if (!r.ok) return { ok: false, field: f, error: r.error };
    fen[f] = r.fen;
  }
  return {
    ok: true,
    body: {
      name: v.name.trim(),
      carrier_code: v.carrier_code,
      carrier_name: v.carrier_code === 'Other' ? v.carrier_name.trim() : '',
      service: v.service.trim(),
      countries: v.countries.map((c) => c.trim().toUpperCase()),
      first_weight_g: v.first_weight_g,
      step_weight_g: v.step_weight_g,
      volumetric_divisor: v.volumetric_divisor ?? 0,
      battery_allowed: v.battery_allowed,
      min_weight_g: v.min_weight_g ?? 0,
      max_weight_g: v.max_weight_g ?? 0,
      max_side_mm: v.max_side_mm ?? 0,
      enabled: v.enabled,
      ...fen,
    },
  };
}

/**
 * 试算 of the form as it stands (before saving): the shared `quoteFreight` the server uses, so
 * the preview is the fee the channel will charge. Null while the tariff is incomplete.
 */
export function previewQuote(v: Partial<ChannelFormValues>, p: ParcelMeasure): Quote | null {
  const b = channelBodyOf({ ...EMPTY_CHANNEL, ...v } as ChannelFormValues);
  if (!b.ok || !(b.body.first_weight_g > 0) || !(b.body.step_weight_g > 0)) return null;
  const t: ChannelTariff = b.body;
  return quoteFreight(t, p);
}
