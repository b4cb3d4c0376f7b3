import type { ApiEnvelope } from '@console/shared/schemas/common';

/** A success envelope (status 200). */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { status: 200, msg, data };
}
