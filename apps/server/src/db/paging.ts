import type { SelectQueryBuilder } from 'kysely';

/** A LIKE/ILIKE pattern matching `keyword` anywhere, with its wildcards taken literally. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a filtered list and the number of rows the filter matches, both at once.
 * `rows` selects the columns (and may join) and the order on the filtered query `q`.
 */
export async function pageAndTotal<DB, TB extends keyof DB, O, DR, TR extends keyof DR, R>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; pageSize: number },
  rows: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DR, TR, R>,
) {
  const [list, total] = await Promise.all([
    rows(q)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Kysely cannot resolve the selection's type for a generic table; the row is `{ n }`.
  return { rows: list, total: Number((total as unknown as { n: number | string }).n) };
}
