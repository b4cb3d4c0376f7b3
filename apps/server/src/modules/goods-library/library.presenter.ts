import type { EanCode } from '@console/shared';
import type { Selectable } from 'kysely';
import type { GoodsEansTable } from '../../db/types.js';

/** Unix seconds of a timestamp (the console shows dates from seconds). */
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** One EAN code of the pool. */
export function presentEan(
  r: Pick<
    Selectable<GoodsEansTable>,
    'id' | 'code' | 'kind' | 'status' | 'goods_id' | 'sku' | 'used_at' | 'created_at'
  >,
): EanCode {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind as EanCode['kind'],
    status: r.status as EanCode['status'],
    goods_id: r.goods_id,
    sku: r.sku,
    used_at: r.used_at ? seconds(r.used_at) : null,
    created_at: seconds(r.created_at),
  };
}
