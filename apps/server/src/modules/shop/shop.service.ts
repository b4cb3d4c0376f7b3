import crypto from 'node:crypto';
import { marketplaceById } from '@console/shared/constants/marketplaces';
import { SHOP_AUTH_EXPIRING_DAYS, SHOP_AUTH_VALID_DAYS } from '@console/shared/schemas/home-report';
import type {
  BindShopBody,
  ShopAuthCompleteBody,
  ShopListBody,
  UpdateAllowSitesBody,
  UpdateShopBody,
} from '@console/shared/schemas/shop';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { secretBox } from '../../lib/secret-box.js';
import { audit, diff } from '../system/audit.js';
import { shopAuthLost } from '../system/message-sources.service.js';
import {
  authorizeShop,
  deleteShop,
  findOpenAuthState,
  findShop,
  findShopCredentials,
  insertAuthState,
  insertShop,
  listShops,
  lockShopBySeller,
  lockShopCredentials,
  markShopExpired,
  setAllowedSites,
  setShopMarketplaces,
  takeAuthState,
  tenantAccountIds,
  updateShopVersioned,
} from './shop.repository.js';
import { AuthorizationLost, type ShopAuthorizer, shopAuthorizer } from './shop-authorizer.js';

const NOT_FOUND = '店铺不存在';
const STATE_INVALID = '授权请求无效或已过期(每次授权只能使用一次),请重新发起授权';
/** How long a started authorization may take (Amazon's authorization code itself lives 5 minutes). */
export const AUTH_STATE_TTL_MS = 15 * 60 * 1000;

const hashState = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

/** Whether the console has an SP-API application configured (else only sandbox shops bind). */
export function hasSpApiApp(deps: AppDeps): boolean {
  const a = deps.config.spapi;
  return Boolean(a.clientId && a.clientSecret && a.appId);
}

/** One page of the shops the caller may see: admins all of the tenant's, others those given to them. */
export function listShopsFor(deps: AppDeps, tenantId: number, userId: number | undefined, f: ShopListBody) {
  // 授权即将到期: authorized more than SHOP_AUTH_VALID_DAYS - SHOP_AUTH_EXPIRING_DAYS ago (as 首页 counts).
  const expiringBefore = new Date(Date.now() - (SHOP_AUTH_VALID_DAYS - SHOP_AUTH_EXPIRING_DAYS) * 86_400_000);
  return listShops(deps.db, tenantId, { ...f, userId }, expiringBefore);
}

/**
 * Starts binding a shop (or re-authorizing shop `id`): records a single-use `state` bound to
 * the caller and answers the consent URL the browser opens (Amazon's website workflow).
 */
export async function startBinding(
  deps: AppDeps,
  actor: Actor,
  body: BindShopBody,
  redirectUri: string,
  authorizer: ShopAuthorizer = shopAuthorizer(deps),
) {
  if (!body.sandbox && !hasSpApiApp(deps))
    throw badRequest(
      '尚未配置亚马逊开发者应用(SPAPI_CLIENT_ID、SPAPI_CLIENT_SECRET、SPAPI_APP_ID),请联系管理员配置,或先绑定沙箱店铺体验',
    );
  if (body.id !== undefined) {
    const shop = await findShop(deps.db, actor.tenantId, body.id);
    if (!shop) throw notFound(NOT_FOUND);
    if (shop.sandbox !== body.sandbox) throw badRequest('重新授权不能更改店铺是否为沙箱店铺');
    if (shop.region !== body.region) throw badRequest('重新授权不能更改店铺的站点区域');
  }
  const state = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + AUTH_STATE_TTL_MS);
  await insertAuthState(deps.db, {
    state_hash: hashState(state),
    tenant_id: actor.tenantId,
    user_id: actor.userId,
    shop_id: body.id ?? null,
    name: body.name,
    region: body.region,
    sandbox: body.sandbox,
    expires_at: expires,
  });
  return {
    consent_url: authorizer.consentUrl({ region: body.region, sandbox: body.sandbox, state, redirectUri }),
    expires_at: Math.floor(expires.getTime() / 1000),
  };
}

/**
 * Whether the sandbox consent page may confirm a consent for the caller (issue 27 §4): the
 * state must be one the console issued to this very account for a sandbox shop, still open,
 * and the browser goes back only to the console's own callback (`callback`), never to an
 * address from the request. Answers the refusal's Chinese message, or null. The state is not
 * used up here: the caller's own completion (`completeBinding`) does that.
 */
export async function sandboxConsentRefusal(
  deps: AppDeps,
  caller: { tenantId: number; userId: number },
  p: { state: string; redirectUri: string },
  callback: string,
): Promise<string | null> {
  if (p.redirectUri !== callback) return '授权回调地址不是本控制台的地址,请回到控制台重新发起授权';
  if (!p.state || p.state.length > 200) return STATE_INVALID;
  const open = await findOpenAuthState(deps.db, caller.tenantId, caller.userId, hashState(p.state));
  if (!open?.sandbox) return STATE_INVALID;
  return null;
}

/**
 * Finishes an authorization: takes the `state` once (it must be the caller's, unused and not
 * expired), exchanges Amazon's code for a refresh token, reads the seller's marketplaces and
 * stores the shop with the token sealed. Binding a seller account the tenant already has in
 * that region re-authorizes that shop.
 */
export async function completeBinding(
  deps: AppDeps,
  actor: Actor,
  body: ShopAuthCompleteBody,
  redirectUri: string,
  authorizer: ShopAuthorizer = shopAuthorizer(deps),
) {
  // Only the owner's completion uses the state up: another account's try leaves it open.
  const started = await takeAuthState(deps.db, actor.tenantId, actor.userId, hashState(body.state));
  if (!started) throw badRequest(STATE_INVALID);
  const where = { region: started.region, sandbox: started.sandbox };
  const { refreshToken } = await authorizer.exchangeCode({ ...where, code: body.spapi_oauth_code, redirectUri });
  const ids = await authorizer.participations({ ...where, sellerId: body.selling_partner_id, refreshToken });
  const marketplaces = [...new Set(ids.map((id) => marketplaceById(id)?.code).filter((c) => c !== undefined))];
  const sealed = secretBox(deps.config).seal(refreshToken);
  const sellerId = body.selling_partner_id;
  return saveBinding(deps, actor, started, { sellerId, sealed, marketplaces }).catch((err) => {
    // The same seller bound twice at once (two tabs): one insert wins, the other is told.
    if (isUniqueViolation(err)) throw conflict('该卖家账号正在另一处完成绑定,请刷新店铺列表查看');
    throw err;
  });
}

/** Stores a finished authorization: a new shop, or the re-authorized one. */
function saveBinding(
  deps: AppDeps,
  actor: Actor,
  started: { shop_id: number | null; region: 'NA' | 'EU' | 'FE'; name: string; sandbox: boolean },
  got: { sellerId: string; sealed: string; marketplaces: string[] },
) {
  const { sellerId, sealed, marketplaces } = got;
  return deps.db.transaction().execute(async (trx) => {
    const target =
      started.shop_id !== null
        ? await lockShopCredentials(trx, actor.tenantId, started.shop_id)
        : await lockShopBySeller(trx, actor.tenantId, started.region, sellerId);
    if (started.shop_id !== null && !target) throw notFound(NOT_FOUND);
    if (target?.seller_id && target.seller_id !== sellerId)
      throw badRequest('授权的卖家账号与该店铺原来的卖家账号不一致,请用原卖家账号授权或绑定为新店铺');
    const patch = { seller_id: sellerId, refresh_token_enc: sealed, marketplaces, sandbox: started.sandbox };
    const shop = target
      ? await authorizeShop(trx, actor.tenantId, target.id, patch)
      : await insertShop(trx, {
          ...patch,
          tenant_id: actor.tenantId,
          name: started.name,
          region: started.region,
          created_by: actor.userId,
        });
    await audit(trx, actor, {
      action: target ? 'shop.reauthorize' : 'shop.bind',
      targetType: 'shop',
      targetId: shop.id,
      after: { name: shop.name, region: shop.region, seller_id: sellerId, marketplaces, sandbox: shop.sandbox },
    });
    return shop;
  });
}

/** Renames a shop or chooses the accounts that may use it; a stale save is refused. */
export function updateShop(deps: AppDeps, actor: Actor, body: UpdateShopBody) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findShop(trx, actor.tenantId, body.id);
    if (!before) throw notFound(NOT_FOUND);
    if (before.version !== body.version) throw staleSave(before.version);
    let staff: number[] | undefined;
    if (body.staff_ids !== undefined) {
      staff = [...new Set(body.staff_ids)].sort((a, b) => a - b);
      const known = await tenantAccountIds(trx, actor.tenantId, staff);
      if (known.length !== staff.length) throw badRequest('可使用店铺的账号不存在');
    }
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(staff !== undefined ? { staff_ids: staff } : {}),
    };
    const row = await updateShopVersioned(trx, actor.tenantId, body.id, body.version, patch);
    if (!row) throw staleSave();
    await audit(trx, actor, { action: 'shop.update', targetType: 'shop', targetId: row.id, ...diff(before, patch) });
    return row;
  });
}

/** Unbinds a shop: its row and sealed token go (Amazon's side is revoked by the seller in Seller Central). */
export function removeShop(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const gone = await deleteShop(trx, actor.tenantId, id);
    if (!gone) throw notFound(NOT_FOUND);
    await audit(trx, actor, { action: 'shop.delete', targetType: 'shop', targetId: id, before: gone });
    return 1;
  });
}

/** Sets the marketplaces a child account may upload to (empty: all). */
export function updateAllowSites(deps: AppDeps, actor: Actor, body: UpdateAllowSitesBody) {
  return deps.db.transaction().execute(async (trx) => {
    const sites = [...new Set(body.sites)];
    const row = await setAllowedSites(trx, actor.tenantId, body.uid, sites);
    if (!row) throw notFound('子账号不存在');
    await audit(trx, actor, {
      action: 'account.allowSites',
      targetType: 'user',
      targetId: row.id,
      after: { account: row.account, allowUploadSiteArr: sites },
    });
  });
}

/** A shop's credentials for a call to Amazon: where it lives and its refresh token. */
export interface ShopCredentials {
  id: number;
  region: 'NA' | 'EU' | 'FE';
  sandbox: boolean;
  sellerId: string;
  refreshToken: string;
}

/** A sealed refresh token opened; one the keys cannot open (key lost or replaced) asks for a new authorization. */
function openToken(deps: AppDeps, shopName: string, sealed: string): string {
  try {
    return secretBox(deps.config).open(sealed);
  } catch {
    throw new AppError(409, `店铺「${shopName}」的授权数据无法解密(密钥已更换),请在授权中心重新授权`);
  }
}

/**
 * Opens a shop's stored authorization for the marketplace client. A shop whose authorization
 * expired, was revoked or never finished is refused with the Chinese reason.
 */
export async function shopCredentials(deps: AppDeps, tenantId: number, id: number): Promise<ShopCredentials> {
  const row = await findShopCredentials(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  if (row.auth_status !== 'authorized' || !row.refresh_token_enc || !row.seller_id)
    throw new AppError(409, `店铺「${row.name}」的授权已失效,请在授权中心重新授权`);
  return {
    id: row.id,
    region: row.region,
    sandbox: row.sandbox,
    sellerId: row.seller_id,
    refreshToken: openToken(deps, row.name, row.refresh_token_enc),
  };
}

/**
 * 检测授权: reads the shop's marketplaces again with its stored authorization. A refused
 * authorization marks the shop 授权失效 (kept even though the call fails) and answers why.
 */
export async function syncShop(
  deps: AppDeps,
  actor: Actor,
  id: number,
  authorizer: ShopAuthorizer = shopAuthorizer(deps),
) {
  const creds = await shopCredentials(deps, actor.tenantId, id);
  let ids: string[];
  try {
    ids = await authorizer.participations({ ...creds, sellerId: creds.sellerId });
  } catch (err) {
    if (err instanceof AuthorizationLost) await shopAuthorizationLost(deps, actor.tenantId, id, err.message);
    throw err;
  }
  const marketplaces = [...new Set(ids.map((m) => marketplaceById(m)?.code).filter((c) => c !== undefined))];
  return deps.db.transaction().execute(async (trx) => {
    const before = await findShop(trx, actor.tenantId, id);
    if (!before) throw notFound(NOT_FOUND);
    const row = await setShopMarketplaces(trx, actor.tenantId, id, marketplaces);
    await audit(trx, actor, {
      action: 'shop.sync',
      targetType: 'shop',
      targetId: id,
      ...diff(before, { marketplaces }),
    });
    return row;
  });
}

/** Records that Amazon refused the shop's refresh token (`invalid_grant`: revoked or expired). */
export function shopAuthorizationLost(deps: AppDeps, tenantId: number, id: number, message: string) {
  // The shop managers read it once, when a working authorization fails (docs/messages.md).
  return shopAuthLost(deps.db, tenantId, id, message, (db) => markShopExpired(db, tenantId, id, message));
}
