import { type Compilable, CompiledQuery, type RawBuilder, sql } from 'kysely';

/** Where a call's value goes while a query shape is compiled (replaced by the value at run time). */
class Slot {
  constructor(readonly index: number) {}
}

/** SQL texts sent as named prepared statements, with their names. */
const preparedNames = new Map<string, string>();

/** The statement name of a prepared shape's SQL text (undefined: send it unnamed, parsed and planned each time). */
export function preparedNameOf(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/**
 * A page's LIMIT as a literal of a prepared shape (the shape's key must name it). With LIMIT
 * and OFFSET as parameters PostgreSQL never kept a generic plan of a named statement: without
 * the values it estimates a tenth of the matching rows, so every run was planned again (about
 * 0.25 ms of a 0.07 ms page; the list page's statement alone ran at half the rate). Page sizes
 * are few (bounded by the request schemas), and a first page has no OFFSET at all.
 */
export function pageLimit(n: number): RawBuilder<number> {
  if (!Number.isSafeInteger(n) || n < 1 || n > 10_000) throw new Error(`page size ${n} is not a bounded integer`);
  return sql.lit(n);
}

/** Stands in for the value at `index` of a call (typed as whatever the builder expects there). */
export type SlotOf = (index: number) => never;

/**
 * Compiled SQL per query shape. Building a Kysely query (immutable, frozen node trees) took
 * about a quarter of the server thread on a product-list page, and a list has few shapes:
 * each is built and compiled once, then only gets new values.
 *
 * `build(slot)` must use `slot(i)` for every value of `values` (never the value itself), and
 * `key` must name every choice that changes the statement's text (which conditions exist,
 * cursor or offset), so one key always means one SQL text.
 */
export class QueryShapes {
  private readonly shapes = new Map<string, CompiledQuery>();

  constructor(private readonly max = 500) {}

  get size(): number {
    return this.shapes.size;
  }

  /**
   * The shape's statement with `values`. `prepare`: PostgreSQL keeps it parsed and planned per
   * connection (a named statement, `db/database.ts`); only for shapes whose best plan does not
   * depend on the values (after five runs PostgreSQL may keep one generic plan for all values).
   */
  compiled<R>(
    key: string,
    values: readonly unknown[],
    build: (slot: SlotOf) => Compilable<R>,
    opts: { prepare?: boolean } = {},
  ): CompiledQuery<R> {
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = build((i) => new Slot(i) as never).compile();
      if (opts.prepare && !preparedNames.has(shape.sql))
        preparedNames.set(shape.sql, `shape_${preparedNames.size + 1}`);
      const used = new Set(shape.parameters.filter((p) => p instanceof Slot).map((p) => (p as Slot).index));
      if (used.size !== values.length) {
        throw new Error(`query shape ${key}: ${values.length} values but ${used.size} slots used`);
      }
      if (this.shapes.size >= this.max) this.shapes.delete(this.shapes.keys().next().value!);
      this.shapes.set(key, shape);
    }
    const parameters = shape.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return CompiledQuery.raw(shape.sql, parameters) as CompiledQuery<R>;
  }
}
