import { type ChannelTariff, QUOTE_REFUSALS, quoteFreight } from '@console/shared/logistics/quote';
import type { ChannelCreateBody, ChannelRow, ChannelUpdateBody } from '@console/shared/schemas/logistics';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { conflict, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import {
  type ChannelValues,
  channelBookOfTenant,
  findChannel,
  insertChannel,
  listChannels,
  updateChannelVersioned,
} from './channel.repository.js';

const NOT_FOUND = '物流渠道不存在';
type ChannelDbRow = Awaited<ReturnType<typeof listChannels>>[number];

/**
 * The channel book a manager keeps (issue 18 §1): a trader (auth 5, trader express) its own,
 * the operator's admins the platform's (0). The route's permission `logistics.channel` has
 * already refused everyone else.
 */
export function managedBook(user: UserRow): number {
  return user.auth === 5 ? user.id : 0;
}

/** A channel as the API shows it. */
export function presentChannel(c: ChannelDbRow): ChannelRow {
  return {
    id: c.id,
    book_id: c.book_id,
    name: c.name,
    carrier_code: c.carrier_code,
    carrier_name: c.carrier_name,
    service: c.service,
    countries: c.countries,
    currency: c.currency,
    first_weight_g: c.first_weight_g,
    first_price: Number(c.first_price),
    step_weight_g: c.step_weight_g,
    step_price: Number(c.step_price),
    registration_fee: Number(c.registration_fee),
    volumetric_divisor: c.volumetric_divisor,
    battery_allowed: c.battery_allowed,
    battery_surcharge: Number(c.battery_surcharge),
    service_fee: Number(c.service_fee),
    min_weight_g: c.min_weight_g,
    max_weight_g: c.max_weight_g,
    max_side_mm: c.max_side_mm,
    enabled: c.enabled,
    is_sample: c.is_sample,
    version: c.version,
    updated_at: Math.floor(new Date(c.updated_at).getTime() / 1000),
  };
}

/** The tariff of a channel row for `quoteFreight`. */
export function tariffOf(c: ChannelDbRow | ChannelRow): ChannelTariff {
  return {
    countries: c.countries,
    first_weight_g: c.first_weight_g,
    first_price: Number(c.first_price),
    step_weight_g: c.step_weight_g,
    step_price: Number(c.step_price),
    registration_fee: Number(c.registration_fee),
    volumetric_divisor: c.volumetric_divisor,
    battery_allowed: c.battery_allowed,
    battery_surcharge: Number(c.battery_surcharge),
    min_weight_g: c.min_weight_g,
    max_weight_g: c.max_weight_g,
    max_side_mm: c.max_side_mm,
  };
}

const values = (b: ChannelCreateBody): ChannelValues => ({
  name: b.name,
  carrier_code: b.carrier_code,
  carrier_name: b.carrier_name,
  service: b.service,
  countries: b.countries,
  first_weight_g: b.first_weight_g,
  first_price: b.first_price,
  step_weight_g: b.step_weight_g,
  step_price: b.step_price,
  registration_fee: b.registration_fee,
  volumetric_divisor: b.volumetric_divisor,
  battery_allowed: b.battery_allowed,
  battery_surcharge: b.battery_surcharge,
  service_fee: b.service_fee,
  min_weight_g: b.min_weight_g,
  max_weight_g: b.max_weight_g,
  max_side_mm: b.max_side_mm,
  enabled: b.enabled,
});

const duplicateName = () => conflict('渠道名称已存在');

/** The channels of the manager's book. */
export async function managedChannels(deps: AppDeps, user: UserRow) {
  return (await listChannels(deps.db, managedBook(user))).map(presentChannel);
}

/** Creates a channel in the manager's book. */
export async function createChannel(deps: AppDeps, actor: Actor, user: UserRow, body: ChannelCreateBody) {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await insertChannel(trx, managedBook(user), actor.userId, values(body));
      await audit(trx, actor, {
        action: 'logistics.channel.create',
        targetType: 'logistics_channel',
        targetId: row.id,
        after: values(body),
      });
      return presentChannel(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateName();
    throw e;
  }
}

/** Updates a channel of the manager's book; a stale version is refused (409). */
export async function updateChannel(deps: AppDeps, actor: Actor, user: UserRow, body: ChannelUpdateBody) {
  const book = managedBook(user);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await findChannel(trx, book, body.id);
      if (!before) throw notFound(NOT_FOUND);
      if (before.version !== body.version) throw staleSave(before.version);
      const v = values(body);
      // A saved edit makes a sample channel the operator's own: the 示例 tag goes (docs/logistics.md).
      const row = await updateChannelVersioned(trx, book, body.id, body.version, v, { is_sample: false });
      if (!row) throw staleSave();
      await audit(trx, actor, {
        action: 'logistics.channel.update',
        targetType: 'logistics_channel',
        targetId: row.id,
        ...diff(presentChannel(before) as unknown as ChannelValues, v),
      });
      return presentChannel(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateName();
    throw e;
  }
}

/** The enabled channels a tenant ships with (its trader's under trader express, else the operator's). */
export async function tenantChannels(deps: AppDeps, tenantId: number) {
  const book = await channelBookOfTenant(deps.db, tenantId);
  return (await listChannels(deps.db, book, true)).map(presentChannel);
}

/** One enabled channel of the tenant's book; another book's or a disabled one: 404. */
export async function tenantChannel(deps: AppDeps, tenantId: number, channelId: number) {
  const book = await channelBookOfTenant(deps.db, tenantId);
  const c = await findChannel(deps.db, book, channelId);
  if (!c?.enabled) throw notFound(NOT_FOUND);
  return presentChannel(c);
}

/** 试算: the freight of a parcel on each of the tenant's channels. */
export async function quoteAll(
  deps: AppDeps,
  tenantId: number,
  p: {
    weight_g: number;
    length_mm: number;
    width_mm: number;
    height_mm: number;
    is_electric: boolean;
    country: string;
  },
) {
  const list = await tenantChannels(deps, tenantId);
  return list.map((c) => {
    const q = quoteFreight(tariffOf(c), p);
    return {
      channel_id: c.id,
      name: c.name,
      ok: q.ok,
      freight: q.freight,
      service_fee: c.service_fee,
      chargeable_g: q.ok ? q.chargeable_g : null,
      refusal: q.ok ? null : QUOTE_REFUSALS[q.refusal],
    };
  });
}
