import { AppError } from '../lib/app-error.js';

/** Chinese messages for provider failures (shown to the user and stored in job errors). */
export const TRANSLATE_MSG = {
  notConfigured:
    '未配置翻译服务: 请管理员在服务器环境变量中设置 TRANSLATE_PROVIDER (google、deepl、libretranslate 或 openai) 和 TRANSLATE_API_KEY 后重启服务',
  quota: '翻译服务额度已用完,请充值或更换翻译服务后重试',
  auth: '翻译服务密钥无效,请检查 TRANSLATE_API_KEY 配置',
  rateLimited: '翻译服务请求过于频繁,请稍后重试',
  unavailable: '翻译服务暂时不可用,请稍后重试',
  badAnswer: '翻译服务返回的结果格式不正确,请稍后重试',
  rejected: '翻译服务拒绝了请求',
} as const;

/** A provider failure; `status` 502 (upstream) unless the input itself was refused (400). */
export class TranslateError extends AppError {
  constructor(
    message: string,
    public readonly kind: keyof typeof TRANSLATE_MSG,
    status = 502,
  ) {
    super(status, message);
    this.name = 'TranslateError';
  }
}

/** The error for a provider kind with its standard message. */
export const translateError = (kind: keyof typeof TRANSLATE_MSG, detail?: string) =>
  new TranslateError(
    detail ? `${TRANSLATE_MSG[kind]}: ${detail}` : TRANSLATE_MSG[kind],
    kind,
    kind === 'rejected' ? 400 : 502,
  );
