import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/types.js';

/** The shared message table (issue 15 §3, docs/messages.md): to one user or to a role in a tenant. */
export interface MessagesTable {
  id: Generated<number>;
  tenant_id: number;
  /** The reader, or null for a message to every account of `role` (or of the tenant) in the tenant. */
  user_id: number | null;
  /** The role (auth number) addressed when `user_id` is null; both null: every account of the tenant. */
  role: number | null;
  /** The area that posted it (`monitor`, ...). */
  source: string;
  /** What kind of news it is; `follow_sale` obeys the reader's 跟卖提醒 switch in the header. */
  category: Generated<string>;
  title: string;
  body: Generated<string>;
  /** Console route (with query) of what the message concerns. */
  link: Generated<string>;
  created_at: Generated<Date>;
  /** A repeated condition's key: one message per key and tenant while set (docs/messages.md "Dedupe"). */
  dedupe_key: Generated<string | null>;
}

/** Who has read which message (one row per reader). */
export interface MessageReadsTable {
  /** The message's tenant. */
  tenant_id: number;
  message_id: number;
  user_id: number;
  read_at: Generated<Timestamp>;
}

declare module '../../db/types.js' {
  /** The message tables of the system module. */
  interface DB {
    messages: MessagesTable;
    message_reads: MessageReadsTable;
  }
}
