import type { ApiEnvelope } from '@console/shared';

/** A success envelope (status 200). */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { status: 200, msg, data };
}
