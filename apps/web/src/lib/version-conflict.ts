import { STALE_VERSION_MSG } from '@console/shared';
import { ApiError } from '../api/http';

/**
 * How a failed save of a versioned record reads on screen: `stale` when someone saved in
 * between (409 with the current version in `data.version`, docs/api-goods-library.md), so
 * the form can offer to reload instead of retrying blindly.
 */
export function saveFailure(err: unknown): { stale: boolean; text: string; version?: number } {
  if (err instanceof ApiError) {
    const version = (err.data as { version?: unknown } | null)?.version;
    if (err.status === 409 && typeof version === 'number') {
      return { stale: true, text: err.message || STALE_VERSION_MSG, version };
    }
    return { stale: false, text: err.message || '保存失败' };
  }
  return { stale: false, text: err instanceof Error ? err.message : '保存失败' };
}
