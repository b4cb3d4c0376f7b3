import { type Auth, goodsDataSchema } from '@console/shared';
import type { z } from 'zod';
import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/types.js';
import { hashPassword } from '../src/lib/password.js';
import { insertUser } from '../src/modules/account/user.repository.js';
import { insertGoods } from '../src/modules/goods/goods.repository.js';
import { toWrite } from '../src/modules/goods/goods.service.js';
import { randomName } from './harness.js';

export const TEST_PASSWORD = 'secret-123';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

/** A main account (its own tenant): company admin by default. */
export async function buildTenant(
  db: Database,
  fields: Partial<Pick<UserRow, 'max_child' | 'phone' | 'status' | 'email'>> & { auth?: Auth } = {},
): Promise<UserRow> {
  return insertUser(db, {
    account: randomName('main'),
    password_hash: await passwordHash(),
    user_name: '主账号',
    ...fields,
    auth: fields.auth ?? 0,
  });
}

/** A child account of a tenant. */
export async function buildUser(
  db: Database,
  tenant: UserRow,
  fields: Partial<Pick<UserRow, 'phone' | 'status' | 'created_by' | 'email'>> & { auth: Auth },
): Promise<UserRow> {
  return insertUser(db, {
    account: randomName('child'),
    password_hash: await passwordHash(),
    user_name: '子账号',
    parent_id: tenant.id,
    tenant_id: tenant.id,
    created_by: fields.created_by ?? tenant.id,
    ...fields,
  });
}

/** A product of a tenant, stored through the same normalisation as the editor's save. */
export async function buildGoods(
  db: Database,
  tenant: UserRow,
  data: Partial<z.input<typeof goodsDataSchema>> & { creatorId?: number; auditStatus?: string } = {},
) {
  const { creatorId, auditStatus, ...rest } = data;
  const parsed = goodsDataSchema.parse({
    commonData: { descs: [{ key: 'en', title: `Product ${randomName('')}` }] },
    ...rest,
  });
  return insertGoods(db, tenant.id, creatorId ?? tenant.id, toWrite(parsed), auditStatus);
}
