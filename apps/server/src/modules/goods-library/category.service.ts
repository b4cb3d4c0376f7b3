import type { CategoryCreateBody, CategoryNode, CategoryUpdateBody } from '@console/shared/schemas/goods-library';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  countGoodsInCategory,
  deleteCategory,
  insertCategoryIfFree,
  listCategories,
  lockOwnCategory,
  updateCategory,
} from './category.repository.js';

const NOT_FOUND = '分类不存在';
/** Deepest level of the tree (top level = 1). */
export const CATEGORY_MAX_DEPTH = 5;

type Row = Awaited<ReturnType<typeof listCategories>>[number];

/** Builds the nested tree from flat rows (children in sort order). */
export function buildTree(rows: Row[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === 0 ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The levels from the top down to `id` (1 for a top-level category). */
function depthOf(byId: Map<number, Row>, id: number): number {
  let depth = 0;
  for (let cur = byId.get(id); cur && depth <= byId.size; cur = byId.get(cur.parent_id)) depth++;
  return depth;
}

/** Levels below `id` including itself (1 for a leaf). */
function heightOf(rows: Row[], id: number): number {
  const children = rows.filter((r) => r.parent_id === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(rows, c.id)));
}

const NAME_TAKEN = '同一级下已有同名分类';
/** A concurrent rename to the same name still meets the unique index: the same answer. */
const translateUnique = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict(NAME_TAKEN);
  throw err;
};

/**
 * Refuses a name a sibling has (any case), checked on the rows the transaction locked, so an
 * expected refusal leaves no error in PostgreSQL's log (issue 13 §3).
 */
function assertNameFree(rows: Row[], parentId: number, name: string, exceptId?: number) {
  const lower = name.toLowerCase();
  if (rows.some((r) => r.parent_id === parentId && r.id !== exceptId && r.name.toLowerCase() === lower)) {
    throw conflict(NAME_TAKEN);
  }
}

/** The tenant's category tree. */
export async function categoryTree(deps: AppDeps, tenantId: number): Promise<CategoryNode[]> {
  return buildTree(await listCategories(deps.db, tenantId));
}

/** Adds a category under `parent_id` (0 = top level). */
export function createCategory(deps: AppDeps, actor: Actor, body: CategoryCreateBody) {
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const rows = await listCategories(trx, actor.tenantId, true);
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (body.parent_id !== 0 && !byId.has(body.parent_id)) throw notFound('上级分类不存在');
      if (body.parent_id !== 0 && depthOf(byId, body.parent_id) >= CATEGORY_MAX_DEPTH) {
        throw badRequest(`分类最多${CATEGORY_MAX_DEPTH}级`);
      }
      // Without a sort, a new category goes after its siblings.
      const sort =
        body.sort ?? Math.max(-1, ...rows.filter((r) => r.parent_id === body.parent_id).map((r) => r.sort)) + 1;
      assertNameFree(rows, body.parent_id, body.name);
      const row = await insertCategoryIfFree(trx, {
        tenant_id: actor.tenantId,
        parent_id: body.parent_id,
        name: body.name,
        sort,
      });
      if (!row) throw conflict(NAME_TAKEN);
      await audit(trx, actor, {
        action: 'goods.category.create',
        targetType: 'goods_category',
        targetId: row.id,
        after: row,
      });
      return row;
    })
    .catch(translateUnique);
}

/** Renames, moves (new parent, never under itself or its own subtree) or reorders a category. */
export function updateCategoryNode(deps: AppDeps, actor: Actor, body: CategoryUpdateBody) {
  const { id, version, ...fields } = body;
  const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    name?: string;
    parent_id?: number;
    sort?: number;
  };
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const rows = await listCategories(trx, actor.tenantId, true);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const before = byId.get(id);
      if (!before) throw notFound(NOT_FOUND);
      if (version !== undefined && before.version !== version) throw staleSave(before.version);
      const parent = patch.parent_id;
      if (parent !== undefined && parent !== before.parent_id) {
        if (parent !== 0 && !byId.has(parent)) throw notFound('上级分类不存在');
        for (let cur = byId.get(parent); cur; cur = byId.get(cur.parent_id)) {
          if (cur.id === id) throw badRequest('不能移动到自身或其子分类下');
        }
        if ((parent === 0 ? 0 : depthOf(byId, parent)) + heightOf(rows, id) > CATEGORY_MAX_DEPTH) {
          throw badRequest(`分类最多${CATEGORY_MAX_DEPTH}级`);
        }
      }
      if (patch.name !== undefined || parent !== undefined) {
        assertNameFree(rows, parent ?? before.parent_id, patch.name ?? before.name, id);
      }
      const row = await updateCategory(trx, actor.tenantId, id, version, patch);
      if (!row) throw staleSave();
      await audit(trx, actor, {
        action: 'goods.category.update',
        targetType: 'goods_category',
        targetId: id,
        ...diff(before, patch),
      });
      return row;
    })
    .catch(translateUnique);
}

/** Deletes a category without children and without products filed under it. */
export function removeCategory(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await listCategories(trx, actor.tenantId, true);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(NOT_FOUND);
    const children = rows.filter((r) => r.parent_id === id).length;
    if (children > 0) throw conflict(`该分类下还有${children}个子分类,请先删除或移走子分类`);
    const goods = await countGoodsInCategory(trx, actor.tenantId, id);
    if (goods > 0) throw conflict(`该分类下还有${goods}个产品,请先移走产品`);
    await deleteCategory(trx, actor.tenantId, id);
    await audit(trx, actor, {
      action: 'goods.category.delete',
      targetType: 'goods_category',
      targetId: id,
      before: row,
    });
  });
}

/**
 * Refuses a category id that is not one of the tenant's own categories (another tenant's, a
 * deleted one). Call inside the transaction that files products under it.
 */
export async function assertOwnCategory(trx: Kysely<DB>, tenantId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await lockOwnCategory(trx, tenantId, id))) {
    throw badRequest('商品分类不存在,请重新选择', { field: 'category_id' });
  }
}
