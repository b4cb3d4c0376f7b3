import type { ChannelRow } from '@console/shared/schemas/logistics';
import { describe, expect, it } from 'vitest';
import {
  channelBodyOf,
  channelFormValues,
  EMPTY_CHANNEL,
  previewQuote,
  readYuan,
  yuanText,
} from './channel-form-model';

const row: ChannelRow = {
  id: 7,
  book_id: 0,
  name: '燕文专线',
  carrier_code: 'Yanwen',
  carrier_name: '',
  service: 'Standard',
  countries: ['DE', 'FR'],
  currency: 'CNY',
  first_weight_g: 100,
  first_price: 2010,
  step_weight_g: 100,
  step_price: 7,
  registration_fee: 0,
  volumetric_divisor: 6000,
  battery_allowed: true,
  battery_surcharge: 990,
  service_fee: 30,
  min_weight_g: 0,
  max_weight_g: 5000,
  max_side_mm: 600,
  enabled: true,
  is_sample: false,
  version: 3,
  updated_at: 0,
};

describe('channel form money', () => {
  it('shows fen as exact yuan text and reads it back to the same fen', () => {
    const v = channelFormValues(row);
    expect([v.first_price, v.step_price, v.registration_fee, v.battery_surcharge, v.service_fee]).toEqual([
      '20.10',
      '0.07',
      '0.00',
      '9.90',
      '0.30',
    ]);
    const b = channelBodyOf(v);
    expect(b.ok && b.body).toMatchObject({
      first_price: 2010,
      step_price: 7,
      registration_fee: 0,
      battery_surcharge: 990,
      service_fee: 30,
    });
  });

  it('reads typed yuan exactly (no float: 0.1 + 0.2 style sums never appear)', () => {
    expect(readYuan('0.1', false)).toEqual({ ok: true, fen: 10 });
    expect(readYuan('19.99', false)).toEqual({ ok: true, fen: 1999 });
    expect(readYuan('1,234.5', false)).toEqual({ ok: true, fen: 123_450 });
    expect(readYuan('', true)).toEqual({ ok: true, fen: 0 });
    expect(readYuan('', false)).toEqual({ ok: false, error: '请输入金额' });
    expect(readYuan('1.234', false)).toEqual({ ok: false, error: '金额最多2位小数' });
    expect(readYuan('-1', false)).toEqual({ ok: false, error: '金额不能为负数' });
    expect(readYuan('abc', false)).toEqual({ ok: false, error: '金额格式不正确' });
    expect(yuanText(1)).toBe('0.01');
  });

  it('names the first wrong money field and upper-cases countries', () => {
    const bad = channelBodyOf({ ...EMPTY_CHANNEL, name: 'x', first_price: '12.345', step_price: '1' });
    expect(bad).toEqual({ ok: false, field: 'first_price', error: '金额最多2位小数' });
    const ok = channelBodyOf({ ...EMPTY_CHANNEL, name: ' x ', countries: ['de'], first_price: '20', step_price: '5' });
    expect(ok.ok && ok.body).toMatchObject({ name: 'x', countries: ['DE'], first_price: 2000, step_price: 500 });
  });

  it('previews the quote of the unsaved form with the shared quote function', () => {
    const v = channelFormValues(row);
    const parcel = { weight_g: 300, length_mm: 200, width_mm: 150, height_mm: 100, is_electric: true, country: 'de' };
    // chargeable max(300, 3,000,000 / 6000 = 500) -> 2010 + 4 x 7 + 990 battery.
    expect(previewQuote(v, parcel)).toMatchObject({ ok: true, freight: 3028, chargeable_g: 500 });
    expect(previewQuote({ ...v, first_price: '' }, parcel)).toBeNull();
    expect(previewQuote(v, { ...parcel, country: 'US' })).toMatchObject({ ok: false, refusal: 'country' });
  });
});
