import type { Auth } from '@console/shared/constants/roles';
import { can } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
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
  const sessions: { user: UserRow; s: Session }[] = [];

  beforeAll(async () => {
    // The first account of a test database is the platform operator (internalIds [1]); a worker
    // of its company calls what admins may not (batch copy).
    const operator = await buildTenant(t.db);
    const worker = await buildUser(t.db, operator, { auth: 2 });
    for (const user of [operator, worker]) {
      sessions.push({ user, s: await signIn(t.app, user.account, TEST_PASSWORD, 'bearer') });
    }
  });

  /** A session of an account the route lets through (validation runs after the access check). */
  function sessionFor(access: string): Session | undefined {
    if (['public', 'authenticated'].includes(access)) return sessions[0]!.s;
    return sessions.find(({ user }) =>
      can({ uid: user.id, auth: user.auth as Auth, parent_id: user.parent_id }, access as Permission, {
        internalIds: [1],
      }),
    )?.s;
  }

  it('finds numeric fields to try (the route table carries request schemas)', () => {
    const numeric = t.app.routeTable.flatMap((e) => requestFields(e).filter((f) => f.numeric));
    expect(numeric.length).toBeGreaterThan(50);
  });

  it('a huge, negative or fractional number in any numeric field is a 400 with a Chinese message, never a 500', async () => {
    const failures: string[] = [];
    for (const entry of t.app.routeTable) {
      if (entry.access === 'refreshToken') continue;
      const method = entry.method as 'GET' | 'POST';
      const s = sessionFor(entry.access);
      if (!s) {
        failures.push(`${entry.method} ${entry.url}: no account of this test may call it (${entry.access}); add one`);
        continue;
      }
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
