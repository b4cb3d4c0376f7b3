import { STALE_VERSION_MSG } from '../constants/stale-save.js';
/** Validation rules and their exact Chinese messages (spec section 5). */
export const MSG = {
  required: '请填写该字段',
  email: '邮箱格式不正确',
  phone: '手机号必须为11位并且为数字',
  phoneRequired: '手机号不可为空',
  phoneMax: '长度不能大于 11 个字符',
  emailRequired: '该字段不能为空',
  asin: 'ASIN格式不合法',
  endTime: '使用时间必须大于现在',
  feeRateMin: '服务费费率必须大于0',
  feeRateMax: '服务费费率必须小于0.5',
  passwordMismatch: '两次密码输入不一致',
  passwordLength: '密码长度为6-64个字符',
  accountFormat: '账号为3-32位字母、数字、下划线、点或@',
  numeric: '只能填写数字',
  maxLength: (n: number) => `长度不能大于 ${n} 个字符`,
  accountUpdated: '修改成功,重新登陆账号即可生效',
  passwordUpdated: '修改成功',
  operationOk: '操作成功',
  qrExpired: '二维码已失效',
  staleVersion: STALE_VERSION_MSG,
} as const;

/** Email: text, an @, more text (spec section 5). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
/** Phone: exactly 11 digits starting with 1. */
export const PHONE_RE = /^1\d{10}$/;
/** Account names: letters, digits and a few separators. */
export const ACCOUNT_RE = /^[A-Za-z0-9_.@-]{3,32}$/;
export const DIGITS_RE = /^\d+$/;

export const COMPLIANCE_EMAIL_MAX = 64;
export const PHONE_MAX = 11;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v);
}
export function isPhone(v: string): boolean {
  return PHONE_RE.test(v);
}
/** ASIN: length exactly 10. */
export function isAsin(v: string): boolean {
  return v.length === 10;
}
