import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { ITEM, issuePath, type RequestField, requestFields, withValue } from './support/request-fields.js';

const t = useTestApp();

/** Numbers no column holds, and the two that only some fields refuse. */
const HUGE = [1e308, 2 ** 63];
const CHINESE = /[\u4e00-\u9fff]/;

/** The values a field must refuse: absurd sizes always, -1 when it has a lower bound above it, 1.5 when whole. */
function badValues(f: RequestField): number[] {
  return [...HUGE, ...(f.minimum !== undefined && f.minimum > -1 ? [-1] : []), ...(f.integer ? [1.5] : [])];
}

/** Fields that take a number list as text too (`ids: "1,2,3"`): the text forms of the bad values. */
function textListFields(fields: RequestField[]): { field: RequestField; values: string[] }[] {
  return fields.flatMap((f) => {
    const item = fields.find(
      (i) => i.numeric && i.place === f.place && i.path.join('.') === [...f.path, ITEM].join('.'),
    );
    const takesText = JSON.stringify(f.schema).includes('"string"');
    return item && takesText ? [{ field: f, values: [...badValues(item).map(String), '9223372036854775808'] }] : [];
  });
}

describe('every number of every request schema is bounded to what its column holds', () => {
  let s: Session;

  beforeAll(async () => {
    // The first account of a test database is the platform operator (internalIds [1]): every route is open to it.
    const operator = await buildTenant(t.db);
    s = await signIn(t.app, operator.account, TEST_PASSWORD, 'bearer');
  });

  it('finds numeric fields to try (the route table carries request schemas)', () => {
    const numeric = t.app.routeTable.flatMap((e) => requestFields(e).filter((f) => f.numeric));
    expect(numeric.length).toBeGreaterThan(50);
  });

  it('a huge, negative or fractional number in any numeric field is a 400 with a Chinese message, never a 500', async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeTable) {
      if (entry.access === 'refreshToken') continue;
      const method = entry.method as 'GET' | 'POST';
      const fields = requestFields(entry);
      const cases = [
        ...fields.filter((f) => f.numeric).flatMap((f) => badValues(f).map((v) => ({ field: f, value: v as unknown }))),
        ...textListFields(fields).flatMap(({ field, values }) => values.map((v) => ({ field, value: v as unknown }))),
      ];
      for (const { field, value } of cases) {
        const input = withValue(field, value);
        const res =
          field.place === 'querystring'
            ? await call(t.app, s, method, `${entry.url}${entry.url.includes('?') ? '&' : '?'}${query(input)}`)
            : await call(t.app, s, method, entry.url, input);
        const path = issuePath(field);
        const named = ((res.data?.issues ?? []) as { field: string }[]).some(
          (i) => i.field !== '' && (path === i.field || path.startsWith(`${i.field}.`)),
        );
        if (res.http !== 400 || !CHINESE.test(res.msg) || !named) {
          failures.push(`${entry.method} ${entry.url} ${path}=${JSON.stringify(value)} -> ${res.http} ${res.msg}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** A flat query string of one field. */
function query(input: Record<string, unknown>): string {
  return Object.entries(input)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}
