import type { LabelData } from '../../src/logistics/label-pdf.js';
import type { presentEntry } from '../../src/modules/finance/finance.presenter.js';

/**
 * Inputs for the heavy calls measured at their limits (label batches, the statement export), shared
 * by the event-loop tests and `bench/import-event-loop.ts` (no vitest import: the bench loads it).
 */

/** A label to Warsaw with the given recipient name and street lines. */
export function sampleLabel(name: string, lines: string[], i = 1): LabelData {
  return {
    tracking_no: `SIM${String(i).padStart(9, '0')}CN`,
    waybill_no: `WB1-${i}`,
    carrier: 'Yanwen',
    channel_name: '燕文专线',
    service: 'Standard',
    sort_code: 'PL',
    amazon_order_id: '305-1234567-1234567',
    weight_g: 300,
    is_electric: false,
    created_at: 1_790_000_000,
    recipient: { name, lines, city_line: '00-001 Warszawa', country: 'PL', phone: '+48123456789' },
  };
}

/** `count` presented ledger entries (waybill fees) of tenant `uid`, every seventh with a note. */
export function sampleStatementRows(count: number, uid: number): ReturnType<typeof presentEntry>[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    uid,
    type: 1,
    type_name: '物流费',
    op: 'charge',
    currency: 'CNY',
    amount: -(i % 1000) - 1,
    available_change: -(i % 1000) - 1,
    frozen_change: 0,
    deposit_change: 0,
    balance_after: 1_000_000 - i,
    frozen_after: 0,
    deposit_after: 0,
    ref_type: 'waybill',
    ref_name: '运单',
    ref_id: `WB${i}`,
    note: i % 7 === 0 ? '备注' : '',
    reverses: null,
    order_id: 1_000 + i,
    amazon_order_id: `305-${String(1_000_000 + i)}-1234567`,
    created_at: 1_790_000_000 + i,
  }));
}
