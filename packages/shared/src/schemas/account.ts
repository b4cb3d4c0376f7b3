import { z } from 'zod';
import { ALL_AUTHS, type Auth } from '../constants/roles.js';
import { menuItemSchema } from '../menu/menu-item.js';
import { GOODS_SCOPES } from '../permissions/can.js';
import { LIBRARY_PERMISSIONS } from '../permissions/permissions.js';
import {
  ACCOUNT_RE,
  COMPLIANCE_EMAIL_MAX,
  DIGITS_RE,
  EMAIL_RE,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_RE,
} from '../validation/rules.js';
import { dbId, flag01, paged, pageQuery, requiredString } from './common.js';

const password = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN, { error: MSG.passwordLength })
  .max(PASSWORD_MAX, { error: MSG.passwordLength });

const accountName = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .regex(ACCOUNT_RE, { error: MSG.accountFormat });

const email = z.string({ error: MSG.emailRequired }).trim().min(1, { error: MSG.emailRequired }).regex(EMAIL_RE, {
  error: MSG.email,
});
const phone = z.string().trim().regex(PHONE_RE, { error: MSG.phone });
const complianceEmail = z
  .string()
  .trim()
  .max(COMPLIANCE_EMAIL_MAX, { error: MSG.maxLength(COMPLIANCE_EMAIL_MAX) })
  .refine((v) => v === '' || EMAIL_RE.test(v), { error: MSG.email });

/** POST /amazon-user/login (spec section 3 "Login payload"). */
export const loginBody = z.strictObject({
  account: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(PASSWORD_MAX),
  code: z.string().trim().max(16).optional().default(''),
  needCode: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Token expiry times (and, for Bearer-mode API clients only, the secrets). Times are unix seconds. */
export const tokenInfo = z.object({
  token: z.string().optional(),
  token_expires: z.number(),
  refresh: z.string().optional(),
  refresh_expires: z.number(),
});
export type TokenInfo = z.infer<typeof tokenInfo>;

/** A role number (spec section 6) in an answer. */
export const authSchema = z.literal(ALL_AUTHS as readonly Auth[] as [Auth, ...Auth[]]);
const bit01 = z.literal([0, 1]);

/** Successful login / QR login / account switch (spec section 3 "Login response"). */
export const loginResult = z.object({
  code: z.literal('NEED_CODE').optional(),
  uid: z.number().int(),
  user_name: z.string(),
  admin: z.number().int(),
  auth: authSchema,
  parent_id: z.number().int(),
  menuList: z.array(menuItemSchema),
  token: tokenInfo,
});
export type LoginResult = z.infer<typeof loginResult>;

/** The reply when a verification code must be solved first. */
export const needCodeResult = z.object({ code: z.literal('NEED_CODE') });
export type NeedCodeResult = z.infer<typeof needCodeResult>;

/** POST /amazon-user/login answers: a session, or "solve the verification code first". */
export const loginData = z.union([loginResult, needCodeResult]);

/** POST ?method=refresh.admin.token; cookie clients may omit `refresh`. */
export const refreshBody = z.strictObject({ refresh: z.string().max(512).optional() });

/** User info from the session (spec section 3 "User info (from session)"). */
export const userInfo = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  account: z.string(),
  auth: authSchema,
  auth_name: z.string(),
  parent_id: z.number().int(),
  admin: z.number().int(),
  email: z.string(),
  phone: z.string(),
  user_name: z.string(),
  brand_name: z.string(),
  vendor: z.string(),
  manufactuer_id: z.string(),
  dsa_responsible_party_address: z.string(),
  gpsr_manufacturer_email_address: z.string(),
  follow_sale_remind: bit01,
  is_not_use_ean: bit01,
  gather_title_fill_keywords: bit01,
  random_parentage_img: bit01,
  random_bullet_points: bit01,
  /** Seconds since the epoch; the UI multiplies by 1000 to show a date. */
  end_time: z.number().int(),
  max_child: z.number().int(),
  limit_monitor_len: z.number().int(),
  is_suit_express: bit01,
  is_use_trader_express: bit01,
  is_use_trader_finance: bit01,
  allowUploadSiteArr: z.array(z.string()),
  principal: z.string(),
  token: tokenInfo,
  /** The own account and the accounts linked to it (the name is the specification's; a phone decides nothing). */
  bindSomePhoneAccountList: z.array(z.object({ uid: z.number().int(), account: z.string(), user_name: z.string() })),
  /** True when the account belongs to the platform operator (internal company). */
  is_internal: z.boolean(),
  /** Data scope of the product library (main accounts: `all`). */
  goods_scope: z.enum(GOODS_SCOPES),
  /** The library settings this account may change (its role's, narrowed by its own set). */
  library_perms: z.array(z.enum(LIBRARY_PERMISSIONS)),
  /** The tenant's IANA time zone: the console shows times and counts days in it (default Asia/Shanghai). */
  time_zone: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Fields of the account-info form that are never writable (spec section 6). */
export const READ_ONLY_ACCOUNT_FIELDS = [
  'id',
  'uid',
  'account',
  'phone',
  'end_time',
  'max_child',
  'limit_monitor_len',
  'is_suit_express',
] as const;

/** Brand/compliance fields: shown (and writable) only when auth is neither 5 nor 0. */
export const BRAND_FIELDS = [
  'brand_name',
  'vendor',
  'manufactuer_id',
  'dsa_responsible_party_address',
  'gpsr_manufacturer_email_address',
] as const;

/** Switches only a worker-type role (1, 2, 4) sees. */
export const WORKER_SWITCH_FIELDS = [
  'is_not_use_ean',
  'gather_title_fill_keywords',
  'random_parentage_img',
  'random_bullet_points',
] as const;

/** POST /amazon-user/updateUserAccount (spec sections 5 and 6). Read-only keys are accepted by shape and refused by the service with a clear message. */
export const updateUserAccountBody = z.strictObject({
  user_name: requiredString(64),
  email,
  brand_name: requiredString(100).optional(),
  vendor: requiredString(100).optional(),
  manufactuer_id: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(32)
    .regex(DIGITS_RE, { error: MSG.numeric })
    .optional(),
  dsa_responsible_party_address: complianceEmail.optional(),
  gpsr_manufacturer_email_address: complianceEmail.optional(),
  follow_sale_remind: flag01.optional(),
  is_not_use_ean: flag01.optional(),
  gather_title_fill_keywords: flag01.optional(),
  random_parentage_img: flag01.optional(),
  random_bullet_points: flag01.optional(),
  ...Object.fromEntries(READ_ONLY_ACCOUNT_FIELDS.map((k) => [k, z.unknown().optional()])),
});
export type UpdateUserAccountBody = z.infer<typeof updateUserAccountBody>;

/** POST /amazon-user/updateUserPassword (spec section 3 "Password form"). */
export const updatePasswordBody = z
  .strictObject({
    passwordOld: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(PASSWORD_MAX),
    password,
    passwordAgain: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.passwordAgain, { error: MSG.passwordMismatch, path: ['passwordAgain'] });

const uidField = dbId('账号ID', 'integer');

/**
 * POST /amazon-user/toggleAccount: switch to a linked account (see `linkAccountBody`) or to a
 * child account the caller manages. A phone number links nothing (issue 27 §1).
 */
export const toggleAccountBody = z.strictObject({ uid: uidField });

/**
 * POST /amazon-user/linkAccount: the signed-in person proves owning another account by its
 * name and password (throttled like sign-in: after failures `code` answers the verification
 * code of getLoginCode). The two accounts then list each other in `bindSomePhoneAccountList`
 * and may switch to each other.
 */
export const linkAccountBody = z.strictObject({
  account: loginBody.shape.account,
  password: loginBody.shape.password,
  code: loginBody.shape.code,
});
export type LinkAccountBody = z.infer<typeof linkAccountBody>;

/** An account in the switch list (`bindSomePhoneAccountList`), also the answer of linkAccount. */
export const linkedAccount = z.object({ uid: z.number().int(), account: z.string(), user_name: z.string() });
export type LinkedAccount = z.infer<typeof linkedAccount>;

/** POST /amazon-user/unlinkAccount: either side removes a link. */
export const unlinkAccountBody = z.strictObject({ uid: uidField });

/** GET /amazon-user/getScanQrRes and POST confirmQrLogin. */
export const qrCodeQuery = z.strictObject({ code: z.string({ error: MSG.required }).min(1).max(64) });

/** GET /amazon-user/getQrLoginCode. */
export const qrLoginCode = z.object({
  code: z.string(),
  /** What the QR encodes: the console's confirm page for this code. */
  url: z.string(),
  /** PNG data URL of the QR image. */
  qr: z.string(),
  /** Unix seconds. */
  expires_at: z.number().int(),
});
export type QrLoginCode = z.infer<typeof qrLoginCode>;

/** getScanQrRes while the code waits for confirmation. */
export const qrPending = z.object({ state: z.literal('pending'), expires_at: z.number().int() });
export type QrPending = z.infer<typeof qrPending>;

/** GET /amazon-user/getScanQrRes: still waiting, or the login answer once confirmed. */
export const scanQrData = z.union([qrPending, loginResult.extend({ state: z.literal('done') })]);

/** POST ?method=refresh.admin.token. */
export const refreshTokenData = z.object({ token: tokenInfo });

const auth = z.coerce
  .number({ error: '角色不合法' })
  .int()
  .refine((v) => (ALL_AUTHS as readonly number[]).includes(v), { error: '角色不合法' });

/** Data scope of a child account (issue 13 §5). */
const goodsScopeField = z.enum(GOODS_SCOPES, { error: '数据范围只能为: 仅本人商品、本组商品、全部商品' });
/** The group leader a child account belongs to; null for none. */
const leaderIdField = dbId('所属组长', 'integer').nullable();
/** The library settings a child account may change; null: its role's defaults (all). */
const libraryPermsField = z
  .array(z.enum(LIBRARY_PERMISSIONS, { error: '可修改的商品库设置不合法' }), { error: '可修改的商品库设置不合法' })
  .max(LIBRARY_PERMISSIONS.length)
  .nullable();

/** Who may do what with products, set by company or personal admins on a child account (issue 13 §5). */
const productAccessFields = {
  goods_scope: goodsScopeField.optional(),
  leader_id: leaderIdField.optional(),
  library_perms: libraryPermsField.optional(),
};

/** POST /amazon-user/createChildAccount. */
export const createChildBody = z.strictObject({
  ...productAccessFields,
  account: accountName,
  password,
  auth,
  user_name: requiredString(64),
  phone: phone.optional().or(z.literal('')),
  email: z.string().trim().regex(EMAIL_RE, { error: MSG.email }).optional().or(z.literal('')),
  remark: z.string().trim().max(200).optional(),
});
export type CreateChildBody = z.infer<typeof createChildBody>;

/** POST /amazon-user/updateChildAccount. */
export const updateChildBody = z.strictObject({
  uid: uidField,
  auth: auth.optional(),
  user_name: requiredString(64).optional(),
  phone: phone.optional().or(z.literal('')),
  email: z.string().trim().regex(EMAIL_RE, { error: MSG.email }).optional().or(z.literal('')),
  remark: z.string().trim().max(200).optional(),
  status: flag01.optional(),
  ...productAccessFields,
});
export type UpdateChildBody = z.infer<typeof updateChildBody>;

/** POST /amazon-user/resetChildAccount. */
export const resetChildBody = z.strictObject({ uid: uidField, password });
/** POST /amazon-user/deleteChildAccount. */
export const deleteChildBody = z.strictObject({ uid: uidField });
/** POST /amazon-user/getMyChildAccount. */
export const childListBody = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(64).optional(),
  auth: auth.optional(),
});

/** One child account row. */
export const childAccount = z.object({
  uid: z.number().int(),
  account: z.string(),
  user_name: z.string(),
  auth: authSchema,
  auth_name: z.string(),
  phone: z.string(),
  email: z.string(),
  remark: z.string(),
  status: bit01,
  created_by: z.number().int(),
  created_at: z.number().int(),
  last_login_at: z.number().int().nullable(),
  /** Data scope of the product library. */
  goods_scope: z.enum(GOODS_SCOPES),
  /** The group leader (auth 1) this account belongs to, if any. */
  leader_id: z.number().int().nullable(),
  /** The library settings it may change (role defaults when none were chosen). */
  library_perms: z.array(z.enum(LIBRARY_PERMISSIONS)),
  /** Whether `library_perms` was chosen for this account (false: its role's defaults). */
  library_perms_custom: z.boolean(),
  /** Marketplace codes it may upload to (`updateAllowSites`); empty: all. */
  allowUploadSiteArr: z.array(z.string()),
});
export type ChildAccount = z.infer<typeof childAccount>;

/**
 * POST /amazon-user/getMyChildAccount: a page of children and the tenant's quota. `used` counts
 * the accounts the list shows without filters (a manager: the tenant's children; a buyer: the
 * buyers it created); `tenant_used` the tenant's children, which `max_child` limits.
 */
export const childListData = paged(childAccount).extend({
  max_child: z.number().int(),
  used: z.number().int(),
  tenant_used: z.number().int(),
});
export type ChildList = z.infer<typeof childListData>;

/** GET trader_setting/getTraderSetting. */
export const traderSetting = z.object({
  title: z.string(),
  logo: z.string(),
  logo_small: z.string(),
  fav_icon: z.string(),
});
export type TraderSetting = z.infer<typeof traderSetting>;
