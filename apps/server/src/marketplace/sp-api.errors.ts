import type { SpApiErrorItem } from './sp-api.types.js';

/** Why a call to Amazon failed, as the console tells it apart. */
export type SpApiErrorKind =
  /** 429 on every attempt: the retries were used up. */
  | 'throttled'
  /** 5xx on every attempt. */
  | 'unavailable'
  /** No answer within the timeout on every attempt. */
  | 'timeout'
  /** The connection failed. */
  | 'network'
  /** An answer that is not what the model describes. */
  | 'malformed'
  /** 401/403: the shop's authorization is missing, expired or revoked. */
  | 'unauthorized'
  /** LWA refused the refresh token or authorization code (`invalid_grant`). */
  | 'invalid_grant'
  /** LWA refused the application's credentials (`invalid_client`). */
  | 'invalid_client'
  /** 404. */
  | 'not_found'
  /** Any other 4xx: Amazon refused the request as sent. */
  | 'rejected'
  /** A local rate-limit slot was further away than the caller wanted to wait. */
  | 'deferred';

/** The Chinese message shown to the user for each kind (on the item, in the queue). */
export function spApiMessage(kind: SpApiErrorKind, p: { attempts?: number; status?: number; detail?: string }): string {
  const n = p.attempts ?? 1;
  switch (kind) {
    case 'throttled':
      return `亚马逊接口繁忙(限流),已重试${n}次仍未成功,请稍后重试`;
    case 'unavailable':
      return `亚马逊服务暂时不可用(HTTP ${p.status ?? 500}),已重试${n}次,请稍后重试`;
    case 'timeout':
      return `亚马逊接口响应超时,已尝试${n}次,请稍后重试`;
    case 'network':
      return `无法连接亚马逊接口,已尝试${n}次,请检查网络后重试`;
    case 'malformed':
      return `亚马逊返回的数据格式不正确${p.detail ? `(${p.detail})` : ''},请稍后重试`;
    case 'unauthorized':
      return '店铺授权已失效或权限不足,请重新授权店铺';
    case 'invalid_grant':
      return '店铺授权已失效(刷新令牌无效或已撤销),请重新授权店铺';
    case 'invalid_client':
      return '亚马逊应用凭证(SPAPI_CLIENT_ID / SPAPI_CLIENT_SECRET)无效,请联系管理员';
    case 'not_found':
      return `亚马逊上找不到该记录${p.detail ? `: ${p.detail}` : ''}`;
    case 'rejected':
      return `亚马逊拒绝了请求${p.detail ? `: ${p.detail}` : ''}`;
    case 'deferred':
      return '亚马逊接口限流,请求已排队,稍后自动发送';
  }
}

/**
 * A failed SP-API or LWA call: `message` is the Chinese text for the user; `errors` are
 * Amazon's own (`{code, message, details}`) for the log and the error feed.
 */
export class SpApiError extends Error {
  constructor(
    readonly kind: SpApiErrorKind,
    message: string,
    readonly p: {
      operation?: string;
      status?: number;
      attempts?: number;
      errors?: SpApiErrorItem[];
      /** For `deferred`: how long until the slot. */
      waitMs?: number;
    } = {},
  ) {
    super(message);
    this.name = 'SpApiError';
  }

  /** Amazon's errors of the last answer (empty when there was none). */
  get errors(): SpApiErrorItem[] {
    return this.p.errors ?? [];
  }

  /** HTTP status of the last answer, if any. */
  get status(): number | undefined {
    return this.p.status;
  }

  /** Builds the error of a kind with its Chinese message. */
  static of(kind: SpApiErrorKind, p: SpApiError['p'] & { detail?: string } = {}): SpApiError {
    const { detail, ...rest } = p;
    return new SpApiError(kind, spApiMessage(kind, { attempts: p.attempts, status: p.status, detail }), rest);
  }
}

/** Reads Amazon's `{errors: [...]}` from a body, tolerating anything else (empty list). */
export function errorItems(body: unknown): SpApiErrorItem[] {
  const list = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e) => ({
      code: String(e.code ?? ''),
      message: String(e.message ?? ''),
      ...(e.details === undefined ? {} : { details: String(e.details) }),
    }));
}
