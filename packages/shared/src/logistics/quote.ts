/**
 * The freight of one parcel on one logistics channel (issue 18 §1): pure integer arithmetic,
 * no I/O, so the server, the web calculator and the benchmark share it. Weights are grams,
 * sizes millimetres, money fen (minor units of the channel's currency).
 *
 * chargeable weight = max(actual, volumetric), volumetric = L x W x H (cm³) / divisor (kg),
 * i.e. ceil(mm³ / divisor) grams; price = registration + first step + each further step
 * (rounded up) + the battery surcharge when the parcel holds a battery.
 */
export interface ChannelTariff {
  /** Destination country codes (ISO 3166-1 alpha-2, upper case) the channel serves. */
  countries: readonly string[];
  /** Price of the first `first_weight_g` grams. */
  first_weight_g: number;
  first_price: number;
  /** Each further `step_weight_g` grams (or part of it) costs `step_price`. */
  step_weight_g: number;
  step_price: number;
  /** Per-parcel registration (挂号费). */
  registration_fee: number;
  /** Volumetric divisor in cm³ per kg (6000, 8000 ...); 0: actual weight only. */
  volumetric_divisor: number;
  /** Whether parcels with batteries (`is_electric`) are accepted, and their surcharge. */
  battery_allowed: boolean;
  battery_surcharge: number;
  /** Limits: chargeable weight and the longest side; 0 = none. */
  min_weight_g: number;
  max_weight_g: number;
  max_side_mm: number;
}

/** The measured parcel. */
export interface ParcelMeasure {
  weight_g: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  is_electric: boolean;
  /** Destination country (ISO alpha-2). */
  country: string;
}

/** Why a channel cannot carry a parcel. */
export type QuoteRefusal = 'country' | 'battery' | 'too_heavy' | 'too_long' | 'bad_measure';

/** The Chinese sentence of a refusal (shown in 运费审核 and as the 400 message). */
export const QUOTE_REFUSALS: Record<QuoteRefusal, string> = {
  country: '该渠道不服务目的国家',
  battery: '该渠道不接受带电产品',
  too_heavy: '包裹超过渠道的重量上限',
  too_long: '包裹最长边超过渠道限制',
  bad_measure: '重量和尺寸必须为正整数',
};

/** A quote: the fee with how it was made, or the refusal. */
export type Quote =
  | {
      ok: true;
      /** Total freight (fen). */
      freight: number;
      chargeable_g: number;
      volumetric_g: number;
      battery_surcharge: number;
    }
  | { ok: false; refusal: QuoteRefusal; battery_refused: boolean; freight: number | null };

const positiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Chargeable-weight freight of a parcel (see the file comment). */
export function quoteFreight(t: ChannelTariff, p: ParcelMeasure): Quote {
  if (!positiveInt(p.weight_g) || !positiveInt(p.length_mm) || !positiveInt(p.width_mm) || !positiveInt(p.height_mm))
    return { ok: false, refusal: 'bad_measure', battery_refused: false, freight: null };
  const volume = p.length_mm * p.width_mm * p.height_mm;
  const volumetric = t.volumetric_divisor > 0 ? Math.ceil(volume / t.volumetric_divisor) : 0;
  const chargeable = Math.max(p.weight_g, volumetric, t.min_weight_g);
  const extra = chargeable > t.first_weight_g ? Math.ceil((chargeable - t.first_weight_g) / t.step_weight_g) : 0;
  const surcharge = p.is_electric ? t.battery_surcharge : 0;
  const freight = t.registration_fee + t.first_price + extra * t.step_price + surcharge;
  const longest = Math.max(p.length_mm, p.width_mm, p.height_mm);
  const batteryRefused = p.is_electric && !t.battery_allowed;
  const refuse = (refusal: QuoteRefusal): Quote => ({ ok: false, refusal, battery_refused: batteryRefused, freight });
  if (!t.countries.includes(p.country.toUpperCase())) return refuse('country');
  if (t.max_weight_g > 0 && chargeable > t.max_weight_g) return refuse('too_heavy');
  if (t.max_side_mm > 0 && longest > t.max_side_mm) return refuse('too_long');
  if (batteryRefused) return refuse('battery');
  return { ok: true, freight, chargeable_g: chargeable, volumetric_g: volumetric, battery_surcharge: surcharge };
}
