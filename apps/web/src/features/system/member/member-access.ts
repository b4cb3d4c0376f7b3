import { AUTH } from '@console/shared/constants/roles';
import { LIBRARY_PERMISSIONS, type LibraryPermission } from '@console/shared/permissions/permissions';
import type { ChildAccount } from '@console/shared/schemas/account';

/** Roles that work in the product library: the ones whose product access an admin chooses. */
export const GOODS_ROLES: readonly number[] = [AUTH.groupLeader, AUTH.worker, AUTH.monitorer];

/**
 * The product-access part of the answer (issue 13 §5): a chosen set equal to all settings on
 * an account that had its role's defaults stays on the defaults (null).
 */
export function productAccessOf(
  v: { goods_scope?: string; leader_id?: number | null; library_perms?: LibraryPermission[] },
  auth: number,
  record?: ChildAccount | null,
) {
  const perms = v.library_perms ?? [...LIBRARY_PERMISSIONS];
  const keepDefaults = perms.length === LIBRARY_PERMISSIONS.length && !record?.library_perms_custom;
  return {
    goods_scope: (v.goods_scope ?? 'all') as ChildAccount['goods_scope'],
    leader_id: auth === AUTH.groupLeader ? null : (v.leader_id ?? null),
    library_perms: keepDefaults ? null : LIBRARY_PERMISSIONS.filter((p) => perms.includes(p)),
  };
}
