import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { secretBoxOf } from '../src/lib/secret-box.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { buildTenant } from './factories.js';
import { signIn, useTestApp } from './harness.js';

const t = useTestApp();
const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../src/cli/admin.ts');

async function admin(
  ...args: (string | Record<string, string>)[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.assign({}, ...args.filter((a) => typeof a !== 'string'));
  try {
    const r = await run(process.execPath, ['--import', 'tsx', CLI, ...args.filter((a) => typeof a === 'string')], {
      env: { ...process.env, DATABASE_URL: t.url, ...env },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  it('creates a main account and a child that can sign in, lists and resets them', async () => {
    const main = await admin(
      'create-account',
      '--account',
      'ops-main',
      '--password',
      'ops-pass-1',
      '--auth',
      '4',
      '--phone',
      '13600000000',
    );
    expect(main.code).toBe(0);
    const uid = Number(/uid=(\d+)/.exec(main.stdout)![1]);
    const child = await admin(
      'create-account',
      '--account',
      'ops-child',
      '--password',
      'ops-pass-2',
      '--auth',
      '2',
      '--parent',
      String(uid),
    );
    expect(child.stdout).toContain(`tenant=${uid}`);
    expect((await signIn(t.app, 'ops-child', 'ops-pass-2')).uid).toBeGreaterThan(uid);

    const list = await admin('list-accounts', '--parent', String(uid));
    expect(list.stdout).toContain('ops-main');
    expect(list.stdout).toContain('ops-child');

    expect((await admin('reset-password', '--account', 'ops-main', '--password', 'new-pass-9')).code).toBe(0);
    expect((await signIn(t.app, 'ops-main', 'new-pass-9')).uid).toBe(uid);
    const logged = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', uid).execute();
    expect(logged.map((r) => r.action)).toEqual(
      expect.arrayContaining(['account.cli.create', 'account.cli.resetPassword']),
    );
  }, 60_000);

  it('set-trader brands a host for a trader account only', async () => {
    const trader = await admin('create-account', '--account', 'trader-one', '--password', 'trader-pass', '--auth', '5');
    const uid = /uid=(\d+)/.exec(trader.stdout)![1]!;
    const set = await admin(
      'set-trader',
      '--trader',
      uid,
      '--host',
      'Shop.Example.com',
      '--title',
      '某某跨境',
      '--fav-icon',
      '/fav.ico',
    );
    expect(set.code).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/PDD/trader_setting/getTraderSetting',
      headers: { host: 'shop.example.com' },
    });
    expect(res.json().data).toMatchObject({ title: '某某跨境', fav_icon: '/fav.ico' });
    const main = await buildTenant(t.db);
    expect(
      (await admin('set-trader', '--trader', String(main.id), '--host', 'x.com', '--title', 't')).stderr,
    ).toContain('not a trader');
    expect((await admin('set-trader', '--trader', uid, '--host', 'bad host', '--title', 't')).code).toBe(2);
  }, 60_000);

  it('bad arguments print the usage and exit non-zero', async () => {
    const noCommand = await admin();
    expect(noCommand.code).toBe(2);
    expect(noCommand.stderr).toContain('Usage: npm run admin');
    expect((await admin('create-account', '--account', 'x1x', '--password', 'pass-word')).stderr).toContain(
      'missing --auth',
    );
    expect((await admin('create-account', '--account', 'abc', '--password', 'p', '--auth', '0')).code).toBe(2);
    expect((await admin('create-account', '--bogus', '1')).code).toBe(2);
    expect(
      (await admin('create-account', '--account', 'abcd', '--password', 'pass-word', '--auth', '9')).stderr,
    ).toContain('--auth must be 0-6');
    expect((await admin('create-account', '--account', 'abcd', '--password', 'pass-word', '--auth', '2')).code).toBe(2);
    const existing = await buildTenant(t.db);
    const dup = await admin('create-account', '--account', existing.account, '--password', 'pass-word', '--auth', '0');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('already exists');
  }, 60_000);

  it('rotate-secrets re-seals stored shop credentials with the new key; the old one is then not needed', async () => {
    const tenant = await buildTenant(t.db);
    const oldKey = crypto.randomBytes(32).toString('hex');
    const newKey = crypto.randomBytes(32).toString('hex');
    const sealed = secretBoxOf(Buffer.from(oldKey, 'hex')).seal('Atzr|old-key-token');
    await insertShop(t.db, {
      tenant_id: tenant.id,
      name: '轮换',
      region: 'EU',
      sandbox: true,
      seller_id: 'AROTATE0001',
      refresh_token_enc: sealed,
      marketplaces: [],
      created_by: tenant.id,
    });
    const r = await admin('rotate-secrets', { SECRET_KEY: newKey, SECRET_KEY_PREVIOUS: oldKey });
    expect(r.stdout).toContain('re-encrypted 1 shop credential(s)');
    const row = await t.db
      .selectFrom('shops')
      .select('refresh_token_enc')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_enc).not.toBe(sealed);
    expect(secretBoxOf(Buffer.from(newKey, 'hex')).open(row.refresh_token_enc ?? '')).toBe('Atzr|old-key-token');
    const logged = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'system.cli.rotateSecrets')
      .execute();
    expect(logged).toHaveLength(1);
  });
});
