import type { Minor } from '@console/shared/money';
import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import type {
  CustomsUnitCreateBody,
  CustomsUnitUpdateBody,
  HsCodeCreateBody,
  HsCodeUpdateBody,
} from '@console/shared/schemas/customs';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  clearDefaultUnit,
  deleteHsCodes,
  deleteUnits,
  findDefaultUnit,
  findHsCode,
  findHsCodeByCode,
  findUnit,
  type HsCodeFields,
  hsCodeOfGoods,
  insertHsCode,
  insertUnit,
  linksElsewhere,
  linksOf,
  listHsCodes,
  listUnits,
  lockHsCodes,
  lockUnits,
  replaceLinks,
  tenantCategoryIds,
  tenantGoodsIds,
  type UnitFields,
  updateHsCodeVersioned,
  updateUnitVersioned,
} from './customs.repository.js';

const HS_NOT_FOUND = '海关编码不存在';
const UNIT_NOT_FOUND = '备案记录不存在';

type HsRow = NonNullable<Awaited<ReturnType<typeof findHsCode>>>;
type Link = Awaited<ReturnType<typeof linksOf>>[number];

/** An HS code with its linked categories and products, as the screens show it. */
export interface HsCodeView extends HsRow {
  categories: { id: number; name: string }[];
  goods: { id: number; name: string }[];
}

function withLinks(rows: HsRow[], links: Link[]): HsCodeView[] {
  return rows.map((r) => {
    const own = links.filter((l) => Number(l.hs_code_id) === Number(r.id));
    return {
      ...r,
      categories: own.filter((l) => l.category_id !== null).map((l) => ({ id: Number(l.category_id), name: l.name })),
      goods: own.filter((l) => l.goods_id !== null).map((l) => ({ id: Number(l.goods_id), name: l.name })),
    };
  });
}

/** The stored fields of a create/update body: only the chosen rule's own values are kept. */
function hsFields(body: HsCodeCreateBody): HsCodeFields {
  let fixed: Minor | null = null;
  if (body.value_rule === 'fixed') {
    const currency = body.value_currency ?? 'USD';
    const parsed = parseMoney(body.value_fixed ?? '', currency);
    if (!parsed.ok) throw badRequest(`固定申报价值: ${parsed.error}`);
    if (parsed.value <= 0) throw badRequest('固定申报价值必须大于0');
    fixed = parsed.value;
  }
  return {
    hs_code: body.hs_code,
    name_cn: body.name_cn,
    name_en: body.name_en,
    unit: body.unit,
    value_rule: body.value_rule,
    value_ratio: body.value_rule === 'ratio' ? body.value_ratio : null,
    value_fixed: fixed,
    value_currency: body.value_rule === 'fixed' ? body.value_currency : null,
    remark: body.remark,
  };
}

/** The fixed value as decimal text of its currency (the API's form of it). */
export function fixedText(row: Pick<HsRow, 'value_fixed' | 'value_currency'>): string | null {
  return row.value_fixed === null ? null : toDecimalString(minor(Number(row.value_fixed)), row.value_currency ?? 'USD');
}

/** One page of the tenant's HS codes with their links. */
export async function listHsCodePage(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const page = await listHsCodes(deps.db, tenantId, f);
  const links = await linksOf(
    deps.db,
    tenantId,
    page.rows.map((r) => Number(r.id)),
  );
  return { rows: withLinks(page.rows, links), total: page.total };
}

/** One HS code, or 404 (also for another tenant's id). */
export async function getHsCode(deps: AppDeps, tenantId: number, id: number): Promise<HsCodeView> {
  const row = await findHsCode(deps.db, tenantId, id);
  if (!row) throw notFound(HS_NOT_FOUND);
  return withLinks([row], await linksOf(deps.db, tenantId, [id]))[0]!;
}

type Trx = AppDeps['db'];

/**
 * Checks the links of an HS code: every id is the tenant's (else 404, as for a missing one)
 * and none is linked to another HS code already (409 naming it; a category or product is
 * declared under one code). Then replaces the code's links.
 */
async function setLinks(trx: Trx, tenantId: number, hsId: number, categoryIds: number[], goodsIds: number[]) {
  const cats = [...new Set(categoryIds)];
  const goods = [...new Set(goodsIds)];
  if ((await tenantCategoryIds(trx, tenantId, cats)).length !== cats.length) throw notFound('分类不存在');
  if ((await tenantGoodsIds(trx, tenantId, goods)).length !== goods.length) throw notFound('商品不存在');
  const taken = await linksElsewhere(trx, tenantId, hsId, cats, goods);
  if (taken.length) {
    const t = taken[0]!;
    const what = t.category_id !== null ? `分类(ID ${t.category_id})` : `商品(ID ${t.goods_id})`;
    throw conflict(`${what}已关联海关编码${t.hs_code},请先从该编码中移除`);
  }
  await replaceLinks(trx, tenantId, hsId, cats, goods);
}

/** A unique index refused the write: the same code, or a link taken by a concurrent save. */
function uniqueConflict(err: unknown, code: string): never {
  if (isUniqueViolation(err)) {
    const constraint = (err as { constraint?: string }).constraint ?? '';
    if (constraint.includes('links')) throw conflict('分类或商品已关联其他海关编码,请刷新后重试');
    throw conflict(`海关编码${code}已存在`);
  }
  throw err;
}

/** Creates an HS code with its links. */
export async function createHsCode(deps: AppDeps, actor: Actor, body: HsCodeCreateBody): Promise<HsCodeView> {
  const fields = hsFields(body);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await findHsCodeByCode(trx, actor.tenantId, fields.hs_code)) {
        throw conflict(`海关编码${fields.hs_code}已存在`);
      }
      const row = await insertHsCode(trx, { ...fields, tenant_id: actor.tenantId, creator_id: actor.userId });
      await setLinks(trx, actor.tenantId, Number(row.id), body.category_ids, body.goods_ids);
      await audit(trx, actor, {
        action: 'customs.hsCode.create',
        targetType: 'customs_hs_code',
        targetId: row.id,
        after: { hs_code: row.hs_code, name_cn: row.name_cn },
      });
      return withLinks([row], await linksOf(trx, actor.tenantId, [Number(row.id)]))[0]!;
    });
  } catch (err) {
    return uniqueConflict(err, fields.hs_code);
  }
}

/** Updates an HS code and replaces its links; a save based on an older version is refused (409). */
export async function updateHsCode(deps: AppDeps, actor: Actor, body: HsCodeUpdateBody): Promise<HsCodeView> {
  const fields = hsFields(body);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await findHsCode(trx, actor.tenantId, body.id);
      if (!before) throw notFound(HS_NOT_FOUND);
      if (before.version !== body.version) throw staleSave(before.version);
      const same = await findHsCodeByCode(trx, actor.tenantId, fields.hs_code);
      if (same && Number(same.id) !== body.id) throw conflict(`海关编码${fields.hs_code}已存在`);
      const row = await updateHsCodeVersioned(trx, actor.tenantId, body.id, body.version, fields);
      if (!row) throw staleSave();
      await setLinks(trx, actor.tenantId, body.id, body.category_ids, body.goods_ids);
      const { before: b, after: a } = diff(before, fields);
      await audit(trx, actor, {
        action: 'customs.hsCode.update',
        targetType: 'customs_hs_code',
        targetId: row.id,
        before: { ...b, hs_code: before.hs_code },
        after: { ...a, hs_code: row.hs_code },
      });
      return withLinks([row], await linksOf(trx, actor.tenantId, [body.id]))[0]!;
    });
  } catch (err) {
    return uniqueConflict(err, fields.hs_code);
  }
}

/** Deletes HS codes; any missing (or another tenant's) id is 404 and then nothing is deleted. */
export function deleteHsCodeRows(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockHsCodes(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound(HS_NOT_FOUND);
    const deleted = await deleteHsCodes(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'customs.hsCode.delete',
      targetType: 'customs_hs_code',
      targetId: unique.join(','),
      before: { codes: rows.map((r) => r.hs_code) },
    });
    return deleted;
  });
}

/**
 * The HS code a product is declared under (its own link, else its category's or the nearest
 * linked parent category's), or undefined. For the logistics declaration.
 */
export function hsCodeForGoods(deps: AppDeps, tenantId: number, goodsId: number) {
  return hsCodeOfGoods(deps.db, tenantId, goodsId);
}

// ---------------------------------------------------------------- production and sales units

function unitFields(body: CustomsUnitCreateBody): UnitFields {
  return {
    name: body.name,
    credit_code: body.credit_code,
    address: body.address,
    contact_name: body.contact_name,
    contact_phone: body.contact_phone,
    is_default: body.is_default,
    remark: body.remark,
  };
}

function unitConflict(err: unknown, code: string): never {
  if (isUniqueViolation(err)) {
    const constraint = (err as { constraint?: string }).constraint ?? '';
    if (constraint.includes('default')) throw conflict('另一条记录刚被设为默认,请刷新后重试');
    throw conflict(`统一社会信用代码${code}已备案`);
  }
  throw err;
}

/** One page of the tenant's unit records. */
export function listUnitPage(
  deps: AppDeps,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  return listUnits(deps.db, tenantId, f);
}

/** One record, or 404 (also for another tenant's id). */
export async function getUnit(deps: AppDeps, tenantId: number, id: number) {
  const row = await findUnit(deps.db, tenantId, id);
  if (!row) throw notFound(UNIT_NOT_FOUND);
  return row;
}

/** The tenant's default record, for declarations (undefined when none is marked). */
export function defaultUnitOf(deps: AppDeps, tenantId: number) {
  return findDefaultUnit(deps.db, tenantId);
}

/** Creates a record; the first record of a tenant becomes its default. */
export async function createUnit(deps: AppDeps, actor: Actor, body: CustomsUnitCreateBody) {
  const fields = unitFields(body);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (!fields.is_default && !(await findDefaultUnit(trx, actor.tenantId))) fields.is_default = true;
      if (fields.is_default) await clearDefaultUnit(trx, actor.tenantId, null);
      const row = await insertUnit(trx, { ...fields, tenant_id: actor.tenantId, creator_id: actor.userId });
      await audit(trx, actor, {
        action: 'customs.unit.create',
        targetType: 'customs_unit',
        targetId: row.id,
        after: { name: row.name, credit_code: row.credit_code },
      });
      return row;
    });
  } catch (err) {
    return unitConflict(err, fields.credit_code);
  }
}

/** Updates a record; a save based on an older version is refused (409). */
export async function updateUnit(deps: AppDeps, actor: Actor, body: CustomsUnitUpdateBody) {
  const fields = unitFields(body);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await findUnit(trx, actor.tenantId, body.id);
      if (!before) throw notFound(UNIT_NOT_FOUND);
      if (before.version !== body.version) throw staleSave(before.version);
      if (fields.is_default) await clearDefaultUnit(trx, actor.tenantId, body.id);
      const row = await updateUnitVersioned(trx, actor.tenantId, body.id, body.version, fields);
      if (!row) throw staleSave();
      const { before: b, after: a } = diff(before, fields);
      await audit(trx, actor, {
        action: 'customs.unit.update',
        targetType: 'customs_unit',
        targetId: row.id,
        before: { ...b, name: before.name },
        after: { ...a, name: row.name },
      });
      return row;
    });
  } catch (err) {
    return unitConflict(err, fields.credit_code);
  }
}

/** Deletes records; any missing (or another tenant's) id is 404 and then nothing is deleted. */
export function deleteUnitRows(deps: AppDeps, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockUnits(trx, actor.tenantId, unique);
    if (rows.length !== unique.length) throw notFound(UNIT_NOT_FOUND);
    const deleted = await deleteUnits(trx, actor.tenantId, unique);
    await audit(trx, actor, {
      action: 'customs.unit.delete',
      targetType: 'customs_unit',
      targetId: unique.join(','),
      before: { names: rows.map((r) => r.name) },
    });
    return deleted;
  });
}
