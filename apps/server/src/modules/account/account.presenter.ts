import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import type { MenuItem } from '@console/shared/menu/menu-tree';
import { can, type GoodsScope, goodsScopeOf, isInternal, libraryPermsOf } from '@console/shared/permissions/can';
import type { ChildAccount, LinkedAccount, LoginResult, TokenInfo, UserInfo } from '@console/shared/schemas/account';
import type { UserRow } from '../../db/types.js';
import type { IssuedTokens } from './session.service.js';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const bit = (n: number) => (n ? 1 : 0) as 0 | 1;

/** The permission subject of an account row. */
export function subjectOf(user: UserRow) {
  return {
    uid: user.id,
    auth: user.auth as Auth,
    parent_id: user.parent_id,
    is_use_trader_express: user.is_use_trader_express,
    is_use_trader_finance: user.is_use_trader_finance,
    goods_scope: user.goods_scope as GoodsScope,
    library_perms: user.library_perms,
  };
}

/** Expiry times always; the secrets only for Bearer-mode API clients. */
export function tokenInfo(
  t: Pick<IssuedTokens, 'access' | 'accessExpires' | 'refresh' | 'sessionExpires'>,
  bearer: boolean,
): TokenInfo {
  return {
    token_expires: secs(t.accessExpires),
    refresh_expires: secs(t.sessionExpires),
    ...(bearer ? { token: t.access, ...(t.refresh ? { refresh: t.refresh } : {}) } : {}),
  };
}

/** `admin` of the login response: 1 for isAdmin roles (company admin, trader). */
export function adminFlag(user: UserRow): number {
  return can(subjectOf(user), 'role.admin') ? 1 : 0;
}

export function presentLogin(user: UserRow, menuList: MenuItem[], token: TokenInfo): LoginResult {
  return {
    uid: user.id,
    user_name: user.user_name || user.account,
    admin: adminFlag(user),
    auth: user.auth as Auth,
    parent_id: user.parent_id,
    menuList,
    token,
  };
}

export function presentUserInfo(
  user: UserRow,
  token: TokenInfo,
  /** The own account and its linked accounts (account-link.service.ts `switchList`). */
  switchable: { id: number; account: string; user_name: string }[],
  internalIds: readonly number[],
  /** The tenant's time zone (the main account's), which child accounts share. */
  timeZone: string,
): UserInfo {
  return {
    time_zone: timeZone,
    id: user.id,
    uid: user.id,
    account: user.account,
    auth: user.auth as Auth,
    auth_name: AUTH_NAMES[user.auth as Auth],
    parent_id: user.parent_id,
    admin: adminFlag(user),
    email: user.email,
    phone: user.phone,
    user_name: user.user_name,
    brand_name: user.brand_name,
    vendor: user.vendor,
    manufactuer_id: user.manufactuer_id,
    dsa_responsible_party_address: user.dsa_responsible_party_address,
    gpsr_manufacturer_email_address: user.gpsr_manufacturer_email_address,
    follow_sale_remind: bit(user.follow_sale_remind),
    is_not_use_ean: bit(user.is_not_use_ean),
    gather_title_fill_keywords: bit(user.gather_title_fill_keywords),
    random_parentage_img: bit(user.random_parentage_img),
    random_bullet_points: bit(user.random_bullet_points),
    end_time: user.end_time ? secs(user.end_time) : 0,
    max_child: user.max_child,
    limit_monitor_len: user.limit_monitor_len,
    is_suit_express: bit(user.is_suit_express),
    is_use_trader_express: bit(user.is_use_trader_express),
    is_use_trader_finance: bit(user.is_use_trader_finance),
    allowUploadSiteArr: user.allow_upload_sites,
    principal: user.principal,
    token,
    bindSomePhoneAccountList: switchable.map(presentLinked),
    is_internal: isInternal(subjectOf(user), { internalIds }),
    goods_scope: goodsScopeOf(subjectOf(user)),
    library_perms: libraryPermsOf(subjectOf(user)),
  };
}

export function presentChild(user: UserRow): ChildAccount {
  return {
    uid: user.id,
    account: user.account,
    user_name: user.user_name,
    auth: user.auth as Auth,
    auth_name: AUTH_NAMES[user.auth as Auth],
    phone: user.phone,
    email: user.email,
    remark: user.remark,
    status: bit(user.status),
    created_by: user.created_by,
    created_at: secs(user.created_at),
    last_login_at: user.last_login_at ? secs(user.last_login_at) : null,
    goods_scope: goodsScopeOf(subjectOf(user)),
    leader_id: user.leader_id,
    library_perms: libraryPermsOf(subjectOf(user)),
    library_perms_custom: user.library_perms !== null,
    allowUploadSiteArr: user.allow_upload_sites,
  };
}

/** An account of the switch list (`bindSomePhoneAccountList`), also the answer of linkAccount. */
export function presentLinked(u: Pick<UserRow, 'id' | 'account' | 'user_name'>): LinkedAccount {
  return { uid: u.id, account: u.account, user_name: u.user_name };
}
