import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp column (written as a Date or ISO text). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamp column. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A JSON column: read as T, written as JSON text. */
export type Json<T = unknown> = ColumnType<T, string, string>;

/** Server secrets (the token signing key), written once at first start. */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/**
 * The whole database as Kysely sees it. Each module adds its own tables by declaration
 * merging in `modules/<name>/<name>.tables.ts` (`declare module '../../db/types.js' { interface
 * DB { ... } }`), so a new area is a migration plus its tables file, with no central list.
 */
export interface DB {
  server_secrets: ServerSecretsTable;
}

export type UserRow = Selectable<DB['users']>;
export type NewUser = Insertable<DB['users']>;
export type UserUpdate = Updateable<DB['users']>;
export type SessionRow = Selectable<DB['sessions']>;
export type GoodsRow = Selectable<DB['goods']>;
