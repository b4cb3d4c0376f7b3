import fs from 'node:fs';
import path from 'node:path';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { type ExchangeRates, exchangeRatesSchema } from '@console/shared/money/exchange';
import type { PriceCountrySetting, PriceInfo, savePriceInfoBody } from '@console/shared/schemas/price-settings';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { staleSave } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { findPriceSettings, insertPriceSettings, updatePriceSettingsVersioned } from './price-settings.repository.js';

let cached: { file: string; data: ExchangeRates } | undefined;

/**
 * The default exchange rates, dated: EXCHANGE_RATES_FILE if set, else the file shipped beside
 * this module. The file is checked against the money module's schema (a date and decimal rates),
 * so a bad configuration fails with a message naming the file instead of pricing with garbage.
 */
export function defaultRates(
  file = process.env.EXCHANGE_RATES_FILE || path.join(import.meta.dirname, 'default-rates.json'),
): ExchangeRates {
  if (cached?.file !== file) {
    const parsed = exchangeRatesSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`汇率文件 ${file} 不正确: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
    }
    cached = { file, data: parsed.data };
  }
  return cached.data;
}

function defaults(): PriceCountrySetting[] {
  const { rates } = defaultRates();
  return PRICE_COUNTRIES.map((c) => ({
    country_code: c.country_code,
    exchange_rate: rates[c.currency] ?? '1',
    margin: 30,
    shipping: 0,
    rounding: 'up99' as const,
  }));
}

/** priceInfoData: the user's settings, every country present (defaults fill the gaps). */
export async function getPriceInfo(deps: AppDeps, tenantId: number, userId: number): Promise<PriceInfo> {
  const row = await findPriceSettings(deps.db, tenantId, userId);
  const saved = new Map((row?.countries ?? []).map((c) => [c.country_code, c]));
  return {
    price_country: defaults().map((d) => {
      const c = PRICE_COUNTRIES.find((p) => p.country_code === d.country_code)!;
      const row = { ...d, ...saved.get(d.country_code), country: c.country, currency: c.currency };
      // A rate still equal to the shipped default is as old as the defaults' date.
      return { ...row, default_rate: row.exchange_rate === d.exchange_rate };
    }),
    quantityRange: [row?.quantity_lo ?? 19, row?.quantity_hi ?? 55],
    rates_as_of: defaultRates().as_of,
    version: row?.version ?? 0,
  };
}

/** The quantity range new products draw their default stock from. */
export async function quantityRangeOf(deps: AppDeps, tenantId: number, userId: number): Promise<[number, number]> {
  const row = await findPriceSettings(deps.db, tenantId, userId);
  return [row?.quantity_lo ?? 19, row?.quantity_hi ?? 55];
}

/** Saves the settings over the version the dialog loaded (0 = never saved). */
export async function savePriceInfo(deps: AppDeps, actor: Actor, body: z.infer<typeof savePriceInfoBody>) {
  const values = {
    countries: JSON.stringify(body.price_country),
    quantity_lo: body.quantityRange[0],
    quantity_hi: body.quantityRange[1],
  };
  return deps.db.transaction().execute(async (trx) => {
    const row =
      body.version === 0
        ? await insertPriceSettings(trx, actor.tenantId, actor.userId, values)
        : await updatePriceSettingsVersioned(trx, actor.tenantId, actor.userId, body.version, values);
    if (!row) throw staleSave();
    await audit(trx, actor, {
      action: 'goods.priceSettings',
      targetType: 'user',
      targetId: actor.userId,
      after: { countries: body.price_country.length, quantityRange: body.quantityRange },
    });
    return { version: row.version };
  });
}
