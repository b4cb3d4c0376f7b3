import {
  GPSR_MARKETPLACES,
  GPSR_MAX_APPLY,
  type GpsrApplyBody,
  type GpsrProfileCreateBody,
  type GpsrProfileRow,
  type GpsrProfileUpdateBody,
  type GpsrRemoveBody,
  gpsrMissing,
} from '@console/shared/schemas/gpsr';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import type { TenantGoodsReach } from '../goods/goods-reach.js';
import { audit } from '../system/audit.js';
import { uploaderAccount } from '../upload/upload.repository.js';
import {
  deleteLinks,
  deleteProfiles,
  findProfile,
  insertProfile,
  listProfiles,
  lockProfiles,
  type ProfileFields,
  profileUse,
  refusedCounts,
  refusedPage,
  selectionIds,
  tenantGoodsIds,
  updateProfileVersioned,
  upsertLinks,
} from './gpsr.repository.js';

const NOT_FOUND = '合规档案不存在';

type Stored = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** A stored profile as the API answers it. */
export function presentProfile(r: Stored): GpsrProfileRow {
  return {
    id: Number(r.id),
    name: r.name,
    manufacturer_name: r.manufacturer_name,
    manufacturer_address: r.manufacturer_address,
    manufacturer_email: r.manufacturer_email,
    rp_name: r.rp_name,
    rp_address: r.rp_address,
    rp_email: r.rp_email,
    safety_attestation: r.safety_attestation,
    warnings: r.warnings ?? {},
    documents: r.documents ?? [],
    remark: r.remark,
    missing: r.missing,
    used: Number(r.used ?? 0),
    updated_at: Math.floor(new Date(r.updated_at).getTime() / 1000),
    version: r.version,
  };
}

/** The stored fields of a body: empty warnings dropped, what the profile lacks computed. */
function fieldsOf(body: GpsrProfileCreateBody): ProfileFields {
  const warnings = Object.fromEntries(Object.entries(body.warnings).filter(([, w]) => (w ?? '').trim() !== ''));
  return {
    name: body.name,
    manufacturer_name: body.manufacturer_name,
    manufacturer_address: body.manufacturer_address,
    manufacturer_email: body.manufacturer_email,
    rp_name: body.rp_name,
    rp_address: body.rp_address,
    rp_email: body.rp_email,
    safety_attestation: body.safety_attestation,
    warnings: JSON.stringify(warnings),
    documents: JSON.stringify(body.documents),
    remark: body.remark,
    missing: gpsrMissing({ ...body, warnings }),
  };
}

/** A documents list may only name the tenant's own files. */
function checkDocuments(tenantId: number, body: GpsrProfileCreateBody) {
  if (body.documents.some((d) => !d.url.startsWith(`/PDD/files/t${tenantId}/`)))
    throw badRequest('文件不存在,请重新上传');
}

function nameTaken(err: unknown, name: string): never {
  if (isUniqueViolation(err)) throw conflict(`档案名称「${name}」已存在`);
  throw err;
}

export async function listProfilePage(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const r = await listProfiles(deps.db, tenantId, {
    page: f.page,
    pageSize: f.pageSize,
    ...(f.keyword ? { keyword: f.keyword } : {}),
  });
  return { list: r.rows.map(presentProfile), total: r.total, page: f.page, pageSize: f.pageSize };
}

export async function getProfile(deps: AppDeps, tenantId: number, id: number): Promise<GpsrProfileRow> {
  const row = await findProfile(deps.db, tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  return presentProfile(row);
}

/** The caller's account fields a new profile starts from (the ones uploads carried before profiles). */
export async function profileDefaults(deps: AppDeps, actor: Pick<Actor, 'tenantId' | 'userId'>) {
  const a = await uploaderAccount(deps.db, actor.tenantId, actor.userId);
  return { manufacturer_email: a.gpsr_manufacturer_email_address, rp_email: a.dsa_responsible_party_address };
}

export async function createProfile(deps: AppDeps, actor: Actor, body: GpsrProfileCreateBody) {
  checkDocuments(actor.tenantId, body);
  const fields = fieldsOf(body);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const row = await insertProfile(trx, { ...fields, tenant_id: actor.tenantId, creator_id: actor.userId });
      await audit(trx, actor, {
        action: 'gpsr.profile.create',
        targetType: 'gpsr_profile',
        targetId: row.id,
        after: { name: fields.name, missing: fields.missing },
      });
      return Number(row.id);
    });
    return getProfile(deps, actor.tenantId, id);
  } catch (err) {
    return nameTaken(err, body.name);
  }
}

export async function updateProfile(deps: AppDeps, actor: Actor, body: GpsrProfileUpdateBody) {
  checkDocuments(actor.tenantId, body);
  const fields = fieldsOf(body);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const before = await findProfile(trx, actor.tenantId, body.id);
      if (!before) throw notFound(NOT_FOUND);
      if (before.version !== body.version) throw staleSave(before.version);
      if (!(await updateProfileVersioned(trx, actor.tenantId, body.id, body.version, fields))) throw staleSave();
      await audit(trx, actor, {
        action: 'gpsr.profile.update',
        targetType: 'gpsr_profile',
        targetId: body.id,
        before: { name: before.name, missing: before.missing },
        after: { name: fields.name, missing: fields.missing },
      });
    });
  } catch (err) {
    return nameTaken(err, body.name);
  }
  return getProfile(deps, actor.tenantId, body.id);
}

/** Deletes profiles no product uses; any missing id is 404, a used one 409, and then nothing is deleted. */
export function deleteProfileRows(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockProfiles(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound(NOT_FOUND);
    const used = await profileUse(trx, actor.tenantId, unique);
    if (used.length) {
      const name = rows.find((r) => Number(r.id) === Number(used[0]!.profile_id))?.name ?? '';
      throw conflict(`档案「${name}」正用于${used[0]!.n}个商品站点,请先为这些商品应用其他档案`);
    }
    const deleted = await deleteProfiles(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'gpsr.profile.delete',
      targetType: 'gpsr_profile',
      targetId: unique.join(','),
      before: { names: rows.map((r) => r.name) },
    });
    return deleted;
  });
}

/**
 * Applies a profile to products in EU marketplaces, in one transaction: ids that are not the
 * tenant's products are 404 (nothing changes), more than `GPSR_MAX_APPLY` products 400.
 */
export async function applyProfile(deps: AppDeps, actor: Actor, reach: TenantGoodsReach, body: GpsrApplyBody) {
  return deps.db.transaction().execute(async (trx) => {
    const [profile] = await lockProfiles(trx, actor.tenantId, [body.profile_id]);
    if (!profile) throw notFound(NOT_FOUND);
    if (body.ids && (await tenantGoodsIds(trx, actor.tenantId, body.ids)).length !== body.ids.length)
      throw notFound('商品不存在');
    const sel = { ...(body.ids ? { ids: body.ids } : {}), ...(body.filter ? { filter: body.filter } : {}) };
    const ids = await selectionIds(trx, actor.tenantId, { ...sel, creators: reach.creators }, GPSR_MAX_APPLY + 1);
    if (ids.length === 0) throw badRequest('没有可应用的商品(回收站中的商品除外)');
    if (ids.length > GPSR_MAX_APPLY) throw badRequest(`一次最多应用${GPSR_MAX_APPLY}个商品,请缩小筛选范围`);
    const marketplaces = [...new Set(body.marketplaces)];
    const pairs = await upsertLinks(trx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      profileId: body.profile_id,
      marketplaces,
      goodsIds: ids,
    });
    await audit(trx, actor, {
      action: 'gpsr.apply',
      targetType: 'gpsr_profile',
      targetId: body.profile_id,
      after: { profile: profile.name, goods: ids.length, marketplaces, ids: ids.slice(0, 50) },
    });
    return { goods: ids.length, pairs };
  });
}

/**
 * 移除资料: the chosen products keep no profile in the chosen marketplaces (the check lists them
 * again there), in one transaction; the selection rules are `applyProfile`'s.
 */
export async function removeProfileLinks(deps: AppDeps, actor: Actor, reach: TenantGoodsReach, body: GpsrRemoveBody) {
  return deps.db.transaction().execute(async (trx) => {
    if (body.ids && (await tenantGoodsIds(trx, actor.tenantId, body.ids)).length !== body.ids.length)
      throw notFound('商品不存在');
    const sel = { ...(body.ids ? { ids: body.ids } : {}), ...(body.filter ? { filter: body.filter } : {}) };
    const ids = await selectionIds(trx, actor.tenantId, { ...sel, creators: reach.creators }, GPSR_MAX_APPLY + 1);
    if (ids.length === 0) throw badRequest('没有可移除资料的商品(回收站中的商品除外)');
    if (ids.length > GPSR_MAX_APPLY) throw badRequest(`一次最多处理${GPSR_MAX_APPLY}个商品,请缩小筛选范围`);
    const marketplaces = [...new Set(body.marketplaces)];
    const pairs = await deleteLinks(trx, { tenantId: actor.tenantId, marketplaces, goodsIds: ids });
    await audit(trx, actor, {
      action: 'gpsr.remove',
      targetType: 'goods',
      targetId: ids[0]!,
      after: { goods: ids.length, pairs, marketplaces, ids: ids.slice(0, 50) },
    });
    return { goods: ids.length, pairs };
  });
}

/** The products a marketplace would refuse for missing GPSR data, with the counts of every EU marketplace. */
export async function gpsrCheck(
  deps: AppDeps,
  reach: TenantGoodsReach,
  q: { marketplace: string; page: number; pageSize: number; keyword?: string | undefined },
) {
  const [page, counts] = await Promise.all([
    refusedPage(deps.db, {
      tenantId: reach.tenantId,
      creators: reach.creators,
      marketplace: q.marketplace,
      page: q.page,
      pageSize: q.pageSize,
      ...(q.keyword ? { keyword: q.keyword } : {}),
    }),
    refusedCounts(deps.db, reach.tenantId, reach.creators, [...GPSR_MARKETPLACES]),
  ]);
  const byCode = new Map(counts.map((c) => [c.code, Number(c.n)]));
  return {
    list: page.rows.map((r) => ({
      goods_id: Number(r.id),
      sku: r.sku,
      title: r.title,
      image: r.image,
      profile_id: r.profile_id === null ? null : Number(r.profile_id),
      profile_name: r.profile_name,
      missing: r.profile_id === null ? ['no_profile'] : (r.missing ?? []),
    })),
    total: page.total,
    page: q.page,
    pageSize: q.pageSize,
    counts: Object.fromEntries(GPSR_MARKETPLACES.map((m) => [m, byCode.get(m) ?? 0])),
  };
}
