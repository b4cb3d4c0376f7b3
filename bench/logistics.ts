/**
 * Logistics benchmarks (issue 18 §5): freight quotes for 10,000 parcels over a set of
 * channels (target < 2 s) and 1,000 shipping labels as one PDF (target < 10 s), with the
 * PDF's size. Run: `npm run bench:logistics`. Prints numbers; asserts nothing.
 */
import { type ChannelTariff, quoteFreight } from '@console/shared/logistics/quote';
import { type LabelData, renderLabels } from '../apps/server/src/logistics/label-pdf.js';

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'JP', 'CA', 'AU', 'MX'];

function channels(): ChannelTariff[] {
  return Array.from({ length: 12 }, (_, i) => ({
    countries: COUNTRIES.slice(0, 4 + (i % 7)),
    first_weight_g: [100, 200, 300][i % 3]!,
    first_price: 1500 + i * 120,
    step_weight_g: 50 + (i % 4) * 50,
    step_price: 300 + i * 25,
    registration_fee: i % 2 ? 1800 : 0,
    volumetric_divisor: i % 3 === 0 ? 0 : 6000 + (i % 2) * 2000,
    battery_allowed: i % 2 === 0,
    battery_surcharge: i % 2 === 0 ? 500 : 0,
    min_weight_g: 0,
    max_weight_g: 2000 + i * 1000,
    max_side_mm: 600,
  }));
}

function parcels(n: number) {
  let seed = 42;
  const r = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: n }, () => ({
    weight_g: 50 + Math.floor(r() * 5000),
    length_mm: 50 + Math.floor(r() * 600),
    width_mm: 30 + Math.floor(r() * 300),
    height_mm: 10 + Math.floor(r() * 200),
    is_electric: r() < 0.2,
    country: COUNTRIES[Math.floor(r() * COUNTRIES.length)]!,
  }));
}

function benchQuotes() {
  const list = channels();
  const ps = parcels(10_000);
  const t = performance.now();
  let ok = 0;
  let cheapest = 0;
  for (const p of ps) {
    let best = Number.MAX_SAFE_INTEGER;
    for (const c of list) {
      const q = quoteFreight(c, p);
      if (q.ok && q.freight < best) best = q.freight;
    }
    if (best < Number.MAX_SAFE_INTEGER) {
      ok++;
      cheapest += best;
    }
  }
  const ms = performance.now() - t;
  console.log(
    `quotes: 10,000 parcels x ${list.length} channels = ${(10_000 * list.length).toLocaleString('en')} quotes in ${Math.round(ms)} ms (target < 2000 ms); ${ok} parcels with a usable channel, sum of cheapest ${cheapest}`,
  );
}

async function benchLabels() {
  const label = (i: number): LabelData => ({
    tracking_no: `SIM${String(100000000 + i)}${String(i % 100000).padStart(5, '0')}CN`,
    waybill_no: `WB-${1000 + i}-1`,
    carrier: i % 2 ? 'Yanwen' : 'China Post',
    channel_name: i % 2 ? '燕文专线挂号' : '中邮小包',
    service: 'Standard',
    sort_code: `US-${100 + (i % 900)}`,
    amazon_order_id: `111-${String(1000000 + i)}-1234567`,
    weight_g: 100 + (i % 2000),
    is_electric: i % 5 === 0,
    created_at: 1_790_000_000,
    recipient: {
      // A quarter each: Chinese, Central European (the Latin Extended fallback font), plain Latin,
      // Arabic (Noto Sans Arabic, shaped and reordered right to left).
      name: [`张伟 ${i}`, `Łukasz Dvořák ${i}`, `John Smith ${i}`, `محمد عبدالله ${i}`][i % 4]!,
      lines: i % 4 === 3 ? ['شارع الملك فهد', `حي العليا ${i % 50}`] : ['123 Main Street', `Apt ${i % 50}`],
      city_line: 'New York, NY 10001',
      country: 'US',
      phone: '+1 555 0100',
    },
  });
  for (const [n, size] of [
    [1, '100x150'],
    [1000, '100x150'],
    [1000, '100x100'],
  ] as const) {
    const t = performance.now();
    const pdf = await renderLabels(
      Array.from({ length: n }, (_, i) => label(i)),
      size,
    );
    const ms = performance.now() - t;
    console.log(
      `labels: ${n} x ${size} mm in one PDF: ${ms.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KiB (${(pdf.length / n / 1024).toFixed(1)} KiB a label)`,
    );
  }
}

benchQuotes();
await benchLabels();
