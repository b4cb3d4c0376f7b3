import { z } from 'zod';
import { TOPUP_CHANNELS } from '../constants/finance.js';
import { dbId } from './common.js';

/** Most payee accounts one book keeps. */
export const PAYEE_ACCOUNTS_MAX = 20;

const kinds = Object.keys(TOPUP_CHANNELS) as [keyof typeof TOPUP_CHANNELS, ...(keyof typeof TOPUP_CHANNELS)[]];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/**
 * A payee account (收款账户) as the reviewer saves it: `id` to change one, without it a new one.
 * Which fields are required depends on `kind` (docs/finance.md "Payee accounts"): 银行转账 bank
 * name, account name and number (branch optional); 支付宝 account and name; 微信 name and QR image.
 */
export const payeeSaveBody = z
  .strictObject({
    id: dbId('收款账户', 'integer').optional(),
    kind: z.enum(kinds, { error: '请选择收款方式' }),
    bank_name: text('开户银行', 64),
    account_name: text('户名', 64),
    account_no: text('账号', 64),
    branch: text('开户支行', 100),
    qr_key: text('收款码', 200),
    note: text('备注', 200),
    sort: z.coerce
      .number({ error: '排序必须为数字' })
      .int({ error: '排序必须为整数' })
      .min(0, { error: '排序不能小于0' })
      .max(9999, { error: '排序不能超过9999' })
      .default(0),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v, message: string) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.kind === 'bank') {
      need('bank_name', '请填写开户银行');
      need('account_name', '请填写户名');
      need('account_no', '请填写银行账号');
    } else if (v.kind === 'alipay') {
      need('account_no', '请填写支付宝账号');
      need('account_name', '请填写支付宝实名');
    } else {
      need('account_name', '请填写微信收款人');
      need('qr_key', '请上传微信收款码');
    }
  });
export type PayeeSaveBody = z.infer<typeof payeeSaveBody>;

export const payeeDeleteBody = z.strictObject({ id: dbId('收款账户', 'integer') });

/** A payee account as the screens show it; `qr_url`/`qr_thumb` '' without a QR image. */
export const payeeAccount = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_name: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_no: z.string(),
  branch: z.string(),
  qr_key: z.string(),
  qr_url: z.string(),
  qr_thumb: z.string(),
  note: z.string(),
  sort: z.number().int(),
});
export type PayeeAccount = z.infer<typeof payeeAccount>;
export const payeeAccounts = z.array(payeeAccount);
