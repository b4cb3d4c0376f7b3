/** Role numbers ("auth") of spec section 6. */
export const AUTH = {
  companyAdmin: 0,
  groupLeader: 1,
  worker: 2,
  buyer: 3,
  personalAdmin: 4,
  trader: 5,
  monitorer: 6,
} as const;

export type Auth = (typeof AUTH)[keyof typeof AUTH];

export const ALL_AUTHS: readonly Auth[] = [0, 1, 2, 3, 4, 5, 6];

/** Chinese role names shown as auth_name. */
export const AUTH_NAMES: Record<Auth, string> = {
  0: '公司管理员',
  1: '组长',
  2: '业务员',
  3: '采购员',
  4: '个人管理员',
  5: '加盟商',
  6: '跟卖监控用户',
};

/** Roles that own a tenant (main accounts); the others are child accounts. */
export const MAIN_AUTHS: readonly Auth[] = [0, 4, 5];
/** Roles a child account may have. */
export const CHILD_AUTHS: readonly Auth[] = [1, 2, 3, 6];

export function isAuth(value: unknown): value is Auth {
  return typeof value === 'number' && (ALL_AUTHS as readonly number[]).includes(value);
}
