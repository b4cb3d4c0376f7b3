import { isStaleSave, STALE_VERSION_MSG, staleVersionOf } from '@console/shared/schemas/stale-save';
import { ApiError } from '../api/http';

/**
 * How a failed save of a versioned record reads on screen: `stale` when someone saved in
 * between (the shared `isStaleSave`: 409 with `data.code` STALE_VERSION and the current
 * version, docs/api.md), so the form can offer to reload instead of retrying blindly.
 */
export function saveFailure(err: unknown): { stale: boolean; text: string; version?: number } {
  if (err instanceof ApiError) {
    if (isStaleSave(err)) {
      const version = staleVersionOf(err);
      return { stale: true, text: err.message || STALE_VERSION_MSG, ...(version === undefined ? {} : { version }) };
    }
    return { stale: false, text: err.message || '保存失败' };
  }
  return { stale: false, text: err instanceof Error ? err.message : '保存失败' };
}
