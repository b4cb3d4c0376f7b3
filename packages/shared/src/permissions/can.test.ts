import { describe, expect, it } from 'vitest';
import type { Auth } from '../constants/roles.js';
import {
  assignableChildAuths,
  can,
  goodsScopeOf,
  goodsTagSet,
  inGoodsReach,
  isInternal,
  libraryPermsOf,
} from './can.js';
import { LIBRARY_PERMISSIONS, type Permission } from './permissions.js';

const user = (auth: Auth, extra = {}) => ({ uid: 10, auth, parent_id: 0, ...extra });
const holders = (p: Permission) => ([0, 1, 2, 3, 4, 5, 6] as Auth[]).filter((a) => can(user(a), p));

describe('can: the role checks of spec section 6', () => {
  it('isAdmin is company admin or trader', () => expect(holders('role.admin')).toEqual([0, 5]));
  it('goods operation is everyone except trader and buyer', () =>
    expect(holders('goods.operate')).toEqual([0, 1, 2, 4, 6]));
  it('goods audit: company admin, group leader, personal admin', () =>
    expect(holders('goods.audit')).toEqual([0, 1, 4]));
  it('worker is group leader, worker or personal admin', () => expect(holders('role.worker')).toEqual([1, 2, 4]));
  it('company-or-personal admin', () => expect(holders('role.companyOrPersonalAdmin')).toEqual([0, 4]));
  it('adding buyers: company, personal admin or buyer', () =>
    expect(holders('account.child.addBuyer')).toEqual([0, 3, 4]));
  it('pay margin: company and personal admin', () => expect(holders('finance.payMargin')).toEqual([0, 4]));
  it('money screens: company admin, personal admin, trader', () => expect(holders('finance.view')).toEqual([0, 4, 5]));
  it('top-up review: traders, and the platform operator only as company or personal admin', () => {
    expect(holders('finance.review')).toEqual([5]);
    const ctx = { internalIds: [7] };
    expect(can({ uid: 7, auth: 0, parent_id: 0 }, 'finance.review', ctx)).toBe(true);
    expect(can({ uid: 8, auth: 2, parent_id: 7 }, 'finance.review', ctx)).toBe(false);
    expect(can({ uid: 9, auth: 4, parent_id: 0 }, 'finance.review', ctx)).toBe(false);
    // The web app has no ids: it reads the flag the server sent with the user info.
    expect(can({ uid: 7, auth: 0, parent_id: 0, is_internal: true }, 'finance.review')).toBe(true);
    expect(can({ uid: 7, auth: 0, parent_id: 0, is_internal: false }, 'finance.review', ctx)).toBe(true);
    expect(can({ uid: 9, auth: 0, parent_id: 0, is_internal: false }, 'finance.review')).toBe(false);
  });
  it('everybody manages the own account', () => expect(holders('account.self')).toHaveLength(7));

  it('trader finance follows the flags, not the role', () => {
    expect(can(user(2), 'finance.trader')).toBe(false);
    expect(can(user(2, { is_use_trader_express: 1 }), 'finance.trader')).toBe(true);
    expect(can(user(0, { is_use_trader_finance: true }), 'finance.trader')).toBe(true);
  });

  it('internal membership: uid or parent_id among the configured ids', () => {
    expect(isInternal(user(0), { internalIds: [10] })).toBe(true);
    expect(isInternal({ uid: 11, auth: 2, parent_id: 10 }, { internalIds: [10] })).toBe(true);
    expect(isInternal({ uid: 11, auth: 2, parent_id: 12 }, { internalIds: [10] })).toBe(false);
    expect(can(user(0), 'platform.internal')).toBe(false);
    expect(can(user(0), 'platform.internal', { internalIds: [10] })).toBe(true);
  });

  it('nobody without a user', () => expect(can(null, 'account.self')).toBe(false));

  it('assignable child roles', () => {
    expect(assignableChildAuths(user(0))).toEqual([1, 2, 3, 6]);
    expect(assignableChildAuths(user(3))).toEqual([3]);
    expect(assignableChildAuths(user(2))).toEqual([]);
  });
});

describe('goods tag sets', () => {
  it('company admin gets the admin set without batch copy; a worker the normal set', () => {
    expect(goodsTagSet(user(0))).not.toContain('batchCopy');
    expect(goodsTagSet(user(2))).toContain('batchCopy');
    // The tag set and the server's guard of batchCopyGoods are one permission.
    for (const auth of [0, 1, 2, 3, 4, 5, 6] as const) {
      expect(goodsTagSet(user(auth)).includes('batchCopy' as never), `auth ${auth}`).toBe(
        can(user(auth), 'goods.batchCopy'),
      );
    }
    expect([1, 2, 4, 6].every((auth) => can(user(auth as 1 | 2 | 4 | 6), 'goods.batchCopy'))).toBe(true);
  });
});

describe('product access per child account (issue 13 §5)', () => {
  const child = (auth: Auth, extra = {}) => ({ uid: 11, auth, parent_id: 10, ...extra });

  it('library settings: every goods role holds all by default; an own set narrows a child, never widens', () => {
    expect(holders('library.category')).toEqual([0, 1, 2, 4, 6]);
    expect(libraryPermsOf(child(2))).toEqual([...LIBRARY_PERMISSIONS]);
    expect(libraryPermsOf(child(2, { library_perms: ['library.ean'] }))).toEqual(['library.ean']);
    expect(can(child(2, { library_perms: [] }), 'library.category')).toBe(false);
    expect(can(child(2, { library_perms: [] }), 'goods.operate')).toBe(true);
    expect(can(child(3, { library_perms: ['library.ean'] }), 'library.ean')).toBe(false);
    // A main account is never narrowed.
    expect(can(user(0, { library_perms: [] }), 'library.category')).toBe(true);
  });

  it('data scope: main accounts all, children as set (default all); reach by creator', () => {
    expect(goodsScopeOf(user(0, { goods_scope: 'own' }))).toBe('all');
    expect(goodsScopeOf(child(2))).toBe('all');
    expect(goodsScopeOf(child(2, { goods_scope: 'group' }))).toBe('group');
    expect(inGoodsReach({ scope: 'all', creators: null }, { creator_id: 99 })).toBe(true);
    expect(inGoodsReach({ scope: 'own', creators: [11] }, { creator_id: 11 })).toBe(true);
    expect(inGoodsReach({ scope: 'group', creators: [11, 12] }, { creator_id: 10 })).toBe(false);
  });
});
