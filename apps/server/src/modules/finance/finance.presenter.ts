import { CONSUMPTION_TYPES, REF_TYPES, TOPUP_CHANNELS, TOPUP_STATUS } from '@console/shared/constants/finance';
import type { LedgerEntryView, TopupRow } from '@console/shared/schemas/finance';
import type { Selectable } from 'kysely';
import type { FinanceTopupsTable, LedgerEntriesTable } from './finance.tables.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** An entry as the screens show it. */
export function presentEntry(e: Omit<Selectable<LedgerEntriesTable>, 'idem_key' | 'request_hash'>): LedgerEntryView {
  return {
    id: e.id,
    uid: e.tenant_id,
    type: e.type,
    type_name: CONSUMPTION_TYPES[e.type as keyof typeof CONSUMPTION_TYPES] ?? String(e.type),
    op: e.op,
    currency: e.currency,
    amount: e.amount,
    available_change: e.available_change,
    frozen_change: e.frozen_change,
    deposit_change: e.deposit_change,
    balance_after: e.balance_after,
    frozen_after: e.frozen_after,
    deposit_after: e.deposit_after,
    ref_type: e.ref_type,
    ref_name: REF_TYPES[e.ref_type as keyof typeof REF_TYPES] ?? e.ref_type,
    ref_id: e.ref_id,
    note: e.note,
    reverses: e.reverses,
    order_id: e.order_id,
    amazon_order_id: e.amazon_order_id,
    created_at: seconds(e.created_at),
  };
}

/** A top-up with its proof served by the finance route (the reviewer may be another tenant). */
export function presentTopup(
  t: Omit<Selectable<FinanceTopupsTable>, 'created_by' | 'reviewer_id'> & { account: string },
): TopupRow {
  const proof = `/PDD/finance/topup/proof-file?id=${t.id}`;
  return {
    id: t.id,
    uid: t.tenant_id,
    account: t.account,
    amount: t.amount,
    currency: t.currency,
    channel: t.channel,
    channel_name: TOPUP_CHANNELS[t.channel],
    payer: t.payer,
    reference: t.reference,
    paid_at: seconds(t.paid_at),
    proof_url: proof,
    proof_thumb: `${proof}&thumb=1`,
    note: t.note,
    status: t.status,
    status_name: TOPUP_STATUS[t.status as keyof typeof TOPUP_STATUS] ?? String(t.status),
    reason: t.reason,
    reviewed_at: t.reviewed_at ? seconds(t.reviewed_at) : null,
    entry_id: t.entry_id,
    created_at: seconds(t.created_at),
  };
}
