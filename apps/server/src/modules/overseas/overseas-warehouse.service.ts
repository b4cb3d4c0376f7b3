import type {
  OverseasWarehouse,
  WarehouseToggleBody,
  warehouseSaveBody,
} from '@console/shared/schemas/overseas-warehouse';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  findWarehouse,
  insertWarehouse,
  listWarehouses,
  updateWarehouse,
  type WarehouseFields,
} from './overseas-warehouse.repository.js';

const NOT_FOUND = '仓库不存在';
const EMPTY_ADDRESS = { contact: '', phone: '', line1: '', line2: '', city: '', state: '', postal_code: '' };

type Row = NonNullable<Awaited<ReturnType<typeof findWarehouse>>>;
const present = (r: Row): OverseasWarehouse => ({
  id: r.id,
  code: r.code,
  name: r.name,
  country: r.country,
  address: { ...EMPTY_ADDRESS, ...r.address },
  carriers: r.carriers,
  active: r.active,
  handling_fee_minor: Number(r.handling_fee_minor),
  unit_fee_minor: Number(r.unit_fee_minor),
  delivery_fee_minor: Number(r.delivery_fee_minor),
  storage_fee_cbm_day_minor: Number(r.storage_fee_cbm_day_minor),
  updated_at: Math.floor(r.updated_at.getTime() / 1000),
  version: r.version,
});

/** The warehouses a caller sees: the operator all (or the active ones), tenants the active ones. */
export async function warehouseList(deps: AppDeps, operator: boolean, activeOnly: boolean) {
  return { list: (await listWarehouses(deps.db, !operator || activeOnly)).map(present) };
}

const logged = (f: WarehouseFields) => ({ ...f, carriers: f.carriers.join(',') });

/** Creates or updates a warehouse (the operator's); the code is unique regardless of case. */
export async function saveWarehouse(deps: AppDeps, actor: Actor, body: z.output<typeof warehouseSaveBody>) {
  const { id, version, ...fields } = body;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (id === undefined) {
        const row = await insertWarehouse(trx, { ...fields, created_by: actor.userId });
        await audit(trx, actor, {
          action: 'overseas.warehouse.create',
          targetType: 'overseas_warehouse',
          targetId: row.id,
          after: { code: row.code, name: row.name, country: row.country },
        });
        return present(row);
      }
      if (version === undefined) throw badRequest('请提供版本');
      const before = await findWarehouse(trx, id);
      if (!before) throw notFound(NOT_FOUND);
      const row = await updateWarehouse(trx, id, version, fields);
      if (!row) throw staleSave(before.version);
      const was = present(before);
      await audit(trx, actor, {
        action: 'overseas.warehouse.update',
        targetType: 'overseas_warehouse',
        targetId: row.id,
        ...diff(
          { ...logged(was), address: JSON.stringify(was.address) },
          {
            ...logged(fields),
            address: JSON.stringify({ ...EMPTY_ADDRESS, ...fields.address }),
          },
        ),
      });
      return present(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`仓库代码 ${body.code} 已存在`);
    throw err;
  }
}

/** Turns a warehouse on or off (off: it leaves the tenants' pickers; its stock stays where it is). */
export async function toggleWarehouse(deps: AppDeps, actor: Actor, body: WarehouseToggleBody) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findWarehouse(trx, body.id);
    if (!before) throw notFound(NOT_FOUND);
    const row = await updateWarehouse(trx, body.id, body.version, { active: body.active });
    if (!row) throw staleSave(before.version);
    await audit(trx, actor, {
      action: 'overseas.warehouse.toggle',
      targetType: 'overseas_warehouse',
      targetId: row.id,
      before: { code: before.code, active: before.active },
      after: { code: row.code, active: row.active },
    });
    return present(row);
  });
}
