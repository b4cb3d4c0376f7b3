/**
 * Cost of checking an answer against its response schema (issue 12 §1), on the hottest list:
 * a productList page of 20 and of 200 rows, through the serializer Fastify uses
 * (`fastify-type-provider-zod`: zod encode, then JSON.stringify), against JSON.stringify alone.
 *
 *   npm run bench:contract
 *
 * Prints microseconds per page (median of 15 rounds) and the difference.
 */
import { performance } from 'node:perf_hooks';
import { envelope } from '@console/shared/schemas/common';
import { type GoodsListRow, goodsListPage } from '@console/shared/schemas/goods';
import { serializerCompiler } from 'fastify-type-provider-zod';

function row(i: number): GoodsListRow {
  return {
    id: 1_000_000 - i,
    title: `Velvet hairband for women, soft and wide, colour ${i}`,
    sku: `HB-${String(i).padStart(6, '0')}`,
    type: i % 8,
    audit_status: 'willAudit',
    is_delete: 0,
    thumbnail: `/PDD/files/t1/2026/11/${i}.jpg`,
    prices: {
      us: { price: 1299, currency: 'USD' },
      de: { price: 1199, currency: 'EUR' },
      ja: { price: 1980, currency: 'JPY' },
    },
    category_id: i % 3 ? 12 : null,
    creator_id: 7,
    creator_name: '运营一',
    tags: ['new', 'hair'],
    variation_count: i % 5,
    created_at: 1_764_000_000 + i,
    updated_at: 1_764_000_000 + i,
    version: 1 + (i % 4),
    claimable: false,
  };
}

function page(n: number) {
  const list = Array.from({ length: n }, (_, i) => row(i));
  return {
    status: 200,
    msg: 'success',
    data: {
      list,
      total: 1_000_000,
      page: 1,
      pageSize: n,
      next_cursor: list[n - 1]!.id,
      counts: { all: 1_000_000, hasAudit: 1, willAudit: 999_998, useless: 1 },
    },
  };
}

const serialize = serializerCompiler({
  schema: envelope(goodsListPage),
  method: 'GET',
  url: '/PDD/amazon-user/productList',
  httpStatus: '200',
} as Parameters<typeof serializerCompiler>[0]);

function median(fn: () => void, iterations: number): number {
  const rounds: number[] = [];
  for (let r = 0; r < 15; r++) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    rounds.push(((performance.now() - t0) * 1000) / iterations);
  }
  return rounds.sort((a, b) => a - b)[7]!;
}

for (const n of [20, 200]) {
  const body = page(n);
  const iterations = n === 20 ? 2000 : 200;
  median(() => serialize(body), iterations);
  const plain = median(() => JSON.stringify(body), iterations);
  const checked = median(() => serialize(body), iterations);
  console.log(
    `productList page of ${n} rows: JSON.stringify ${plain.toFixed(1)} µs, schema check + stringify ${checked.toFixed(1)} µs (+${(checked - plain).toFixed(1)} µs)`,
  );
}
