import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../src/db/types.js';
import { gs1CheckDigit } from '../../src/modules/goods-library/ean-codes.js';

let serial = 0;

/**
 * Puts `n` valid EAN-13 codes into a tenant's pool and answers them oldest first. `prefix` (two
 * digits) keeps the codes of one test file apart from another's; the tenant id and a running
 * number make each code unique.
 */
export async function fillEanPool(db: Kysely<DB>, tenant: UserRow, n: number, prefix: string): Promise<string[]> {
  const codes = Array.from({ length: n }, () => {
    serial += 1;
    const body = `${prefix}${String(tenant.id % 1e6).padStart(6, '0')}${String(serial).padStart(4, '0')}`;
    return `${body}${gs1CheckDigit(body)}`;
  });
  await db
    .insertInto('goods_eans')
    .values(
      codes.map((code) => ({ tenant_id: tenant.id, creator_id: tenant.id, code, gtin: `0${code}`, kind: 'EAN13' })),
    )
    .execute();
  return codes;
}
