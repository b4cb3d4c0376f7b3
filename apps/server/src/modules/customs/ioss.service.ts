import { IOSS_REASON_TEXT, type IossDecision, iossDecision } from '@console/shared/customs/ioss';
import { type Minor, parseMoney, toDecimalString } from '@console/shared/money';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, staleSave } from '../../lib/app-error.js';
import { defaultRates } from '../goods/price-settings.service.js';
import { audit } from '../system/audit.js';
import { findIossSetting, saveIossSetting } from './customs.repository.js';

/**
 * The operator's IOSS number (issue 18 §3, DECISIONS "IOSS"). The specification had it as a
 * constant in code; here it is a platform setting the operator's admins edit on the
 * 产销单位备案 screen (`customs_ioss_settings`, one row): the operator ships every tenant's
 * parcels as the consolidator, so one number serves all tenants. Values are converted to
 * euros with the deployment's dated exchange rates (`defaultRates()`, EXCHANGE_RATES_FILE),
 * the same configuration every default price uses; the decision records their date.
 */
export async function getIossSetting(deps: AppDeps) {
  const row = await findIossSetting(deps.db);
  return {
    ioss_number: row?.ioss_number ?? null,
    version: row?.version ?? 0,
    updated_at: row ? Math.floor(new Date(row.updated_at).getTime() / 1000) : null,
    rates_as_of: defaultRates().as_of,
  };
}

/** Sets (or with '' clears) the IOSS number; a save based on an older version is refused (409). */
export async function updateIossSetting(deps: AppDeps, actor: Actor, body: { ioss_number: string; version: number }) {
  const next = body.ioss_number === '' ? null : body.ioss_number;
  await deps.db.transaction().execute(async (trx) => {
    const before = await findIossSetting(trx);
    if ((before?.version ?? 0) !== body.version) throw staleSave(before?.version ?? 0);
    const row = await saveIossSetting(trx, next, actor.userId, body.version);
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'customs.ioss.update',
      targetType: 'customs_ioss',
      targetId: 1,
      before: { ioss_number: before?.ioss_number ?? null },
      after: { ioss_number: next },
    });
  });
  return getIossSetting(deps);
}

/**
 * What a declaration to `country` worth `value` (minor units of `currency`) carries: the
 * one entry point the logistics declaration calls. Reads the configured number and rates.
 */
export async function iossForDeclaration(
  deps: AppDeps,
  input: { country: string; value: Minor; currency: string },
): Promise<IossDecision> {
  const setting = await findIossSetting(deps.db);
  return iossDecision({ ...input, rates: defaultRates(), iossNumber: setting?.ioss_number ?? null });
}

/** The check of the settings screen: a value typed in major units, answered with the reason in Chinese. */
export async function checkIoss(deps: AppDeps, body: { country: string; value: string; currency: string }) {
  const parsed = parseMoney(body.value, body.currency);
  if (!parsed.ok) throw badRequest(`货值: ${parsed.error}`);
  let d: IossDecision;
  try {
    d = await iossForDeclaration(deps, { country: body.country, value: parsed.value, currency: body.currency });
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(err.message);
    throw err;
  }
  return {
    applies: d.applies,
    ioss_number: d.iossNumber,
    reason: d.reason,
    reason_text: IOSS_REASON_TEXT[d.reason],
    value_eur: d.valueEurCents === null ? null : toDecimalString(d.valueEurCents, 'EUR'),
    rates_as_of: d.ratesAsOf,
  };
}
