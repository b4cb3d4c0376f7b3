import type { QueryClient } from '@tanstack/react-query';
import { goodsKeys } from './goods';
import { goodsLibraryKeys } from './goods-library';

/**
 * Marks what a product save changes as stale: the product lists, the home page's figures
 * and the EAN pool (a save takes and returns codes). Mounted screens refetch at once, also
 * kept-alive ones in other tabs; the others when they are shown again.
 */
export function invalidateAfterGoodsSave(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: goodsKeys.lists() }),
    qc.invalidateQueries({ queryKey: goodsKeys.overview() }),
    qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists('ean') }),
  ]).then(() => undefined);
}
