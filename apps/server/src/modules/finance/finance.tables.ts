import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/types.js';

/** A tenant's money kinds and a book keeper's (docs/finance.md "Accounts"). */
export type AccountKind = 'available' | 'frozen' | 'deposit' | 'clearing' | 'income';

/** One account per owner, kind and currency, its balance kept with every posting (migration 20261125_172430). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** The tenant; for `clearing`/`income` the book: 0 the platform operator, else the trader's uid. */
  tenant_id: number;
  kind: AccountKind;
  currency: string;
  balance: Generated<number>;
  /** How far `available` may go below zero (operator's choice, minor units). */
  credit_limit: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One money movement, written once (append-only). */
export interface LedgerEntriesTable {
  id: Generated<number>;
  tenant_id: number;
  book_id: number;
  type: number;
  op: string;
  currency: string;
  /** Net change of the tenant's money (available + frozen + deposit). */
  amount: number;
  available_change: number;
  frozen_change: number;
  deposit_change: number;
  balance_after: number;
  frozen_after: number;
  deposit_after: number;
  ref_type: string;
  ref_id: string;
  note: Generated<string>;
  idem_key: string;
  request_hash: string;
  reverses: number | null;
  created_by: Generated<number>;
  created_at: Generated<Date>;
  /** The console order the movement belongs to (migration 20261204_120000), null when none. */
  order_id: number | null;
  /** That order's Amazon order id, '' when none. */
  amazon_order_id: string;
}

/** The signed amounts of an entry per account (sum zero per entry). */
export interface LedgerLinesTable {
  id: Generated<number>;
  /** The entry's tenant (a line lives with its entry; a book line's account is the trader's). */
  tenant_id: number;
  entry_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
}

/** An amount held against a reference until settled or released. */
export interface LedgerFreezesTable {
  id: Generated<number>;
  tenant_id: number;
  ref_type: string;
  ref_id: string;
  currency: string;
  amount: number;
  type: number;
  status: Generated<'held' | 'settled' | 'released'>;
  freeze_entry_id: number;
  close_entry_id: number | null;
  created_at: Generated<Date>;
  closed_at: NullableTimestamp;
}

/** A top-up a tenant submitted, reviewed by its book keeper. */
export interface FinanceTopupsTable {
  id: Generated<number>;
  tenant_id: number;
  book_id: number;
  amount: number;
  currency: Generated<string>;
  channel: 'bank' | 'alipay' | 'wechat';
  payer: string;
  reference: string;
  paid_at: Timestamp;
  proof_key: string;
  note: Generated<string>;
  status: Generated<number>;
  reason: Generated<string>;
  reviewer_id: number | null;
  reviewed_at: NullableTimestamp;
  entry_id: number | null;
  created_by: number;
  created_at: Generated<Date>;
}

/** Where a book's clients send their top-ups (收款账户, migration 20261204_120000). */
export interface FinancePayeeAccountsTable {
  id: Generated<number>;
  /** The book: 0 the platform operator, else a trader's uid. */
  book_id: number;
  kind: 'bank' | 'alipay' | 'wechat';
  bank_name: Generated<string>;
  account_name: Generated<string>;
  account_no: Generated<string>;
  branch: Generated<string>;
  /** The WeChat QR image (a key of the book keeper's files). */
  qr_key: Generated<string>;
  note: Generated<string>;
  sort: Generated<number>;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** The tables of the finance module. */
  interface DB {
    ledger_accounts: LedgerAccountsTable;
    ledger_entries: LedgerEntriesTable;
    ledger_lines: LedgerLinesTable;
    ledger_freezes: LedgerFreezesTable;
    finance_topups: FinanceTopupsTable;
    finance_payee_accounts: FinancePayeeAccountsTable;
  }
}
