import { utf8Bytes } from '@console/shared/constants/goods';
import type { EanCode, PointsSet, SearchTermsEntry } from '@console/shared/schemas/goods-library';
import type { Selectable } from 'kysely';
import type { GoodsEansTable } from './goods-library.tables.js';

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

/** One bullet-point set. */
export function presentPoints(r: {
  id: number;
  name: string;
  points: unknown;
  creator_id: number;
  created_at: Date;
  updated_at: Date;
  version: number;
}): PointsSet {
  return {
    id: r.id,
    name: r.name,
    points: r.points as PointsSet['points'],
    creator_id: r.creator_id,
    created_at: seconds(r.created_at),
    updated_at: seconds(r.updated_at),
    version: r.version,
  };
}

/** One search-terms entry with its UTF-8 byte count. */
export function presentSearchTerms(r: {
  id: number;
  country: string;
  name: string;
  terms: string;
  creator_id: number;
  created_at: Date;
  updated_at: Date;
  version: number;
}): SearchTermsEntry {
  return {
    id: r.id,
    country: r.country,
    name: r.name,
    terms: r.terms,
    bytes: utf8Bytes(r.terms),
    creator_id: r.creator_id,
    created_at: seconds(r.created_at),
    updated_at: seconds(r.updated_at),
    version: r.version,
  };
}
