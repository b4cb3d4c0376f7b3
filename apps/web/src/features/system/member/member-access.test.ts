import { LIBRARY_PERMISSIONS } from '@console/shared/permissions/permissions';
import type { ChildAccount } from '@console/shared/schemas/account';
import { describe, expect, it } from 'vitest';
import { productAccessOf } from './member-access';

const record = (custom: boolean) => ({ library_perms_custom: custom }) as ChildAccount;

describe('product access sent for a child account (issue 13 §5)', () => {
  it('all settings ticked on an account on its role defaults stays on the defaults', () => {
    expect(productAccessOf({ library_perms: [...LIBRARY_PERMISSIONS] }, 2, record(false))).toEqual({
      goods_scope: 'all',
      leader_id: null,
      library_perms: null,
    });
  });

  it('a narrowed set is sent in the fixed order; a custom account keeps an explicit full set', () => {
    expect(
      productAccessOf({ library_perms: ['library.ean', 'library.category'], goods_scope: 'own' }, 2).library_perms,
    ).toEqual(['library.category', 'library.ean']);
    expect(productAccessOf({ library_perms: [...LIBRARY_PERMISSIONS] }, 2, record(true)).library_perms).toEqual([
      ...LIBRARY_PERMISSIONS,
    ]);
  });

  it('a group leader belongs to no group; a member keeps the chosen leader', () => {
    expect(productAccessOf({ leader_id: 5, goods_scope: 'group' }, 1).leader_id).toBeNull();
    expect(productAccessOf({ leader_id: 5, goods_scope: 'group' }, 2)).toMatchObject({
      leader_id: 5,
      goods_scope: 'group',
    });
  });
});
