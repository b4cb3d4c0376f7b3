import { declaredValue } from '@console/shared/customs/hs-code';
import { convertMoney, minor, toDecimalString } from '@console/shared/money';
import type { DeclarationData } from '@console/shared/schemas/logistics';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { defaultUnitOf, hsCodeForGoods } from '../customs/customs.service.js';
import { iossForDeclaration } from '../customs/ioss.service.js';
import { defaultRates } from '../goods/price-settings.service.js';
import { orderLinesForDeclaration } from './logistics.repository.js';

/**
 * The customs declaration of an order's parcel (issue 18 §3, docs/customs.md "Declarations"),
 * built when the carrier is asked for the waybill and sent with it:
 * - each line under the HS code of its product (own link, else the nearest linked category):
 *   the code's Chinese and English names and unit, the value by the code's rule
 *   (`declaredValue`); a line without an HS code is declared with its title and the price paid;
 * - the intrinsic value: the lines' values converted to the order's currency with the dated rates;
 * - the exporter: the tenant's default 生产销售单位 record (null when none is filed);
 * - IOSS: `iossForDeclaration` on the destination and that value (EU and at most EUR 150: the
 *   operator's number goes on it).
 */
export async function buildDeclaration(
  deps: AppDeps,
  tenantId: number,
  order: { id: number; ship_country: string | null; currency: string | null },
): Promise<DeclarationData> {
  const rows = await orderLinesForDeclaration(deps.db, tenantId, order.id);
  const currency = (order.currency ?? rows.find((r) => r.currency)?.currency ?? 'USD').toUpperCase();
  const rates = defaultRates();
  const lines: DeclarationData['lines'] = [];
  let total = 0;
  try {
    for (const r of rows) {
      const paid = minor(Number(r.item_price_minor));
      const lineCurrency = (r.currency ?? currency).toUpperCase();
      const hs = r.goods_id === null ? undefined : await hsCodeForGoods(deps, tenantId, r.goods_id);
      const v = hs
        ? declaredValue(
            {
              value_rule: hs.value_rule,
              value_ratio: hs.value_ratio,
              value_fixed: hs.value_fixed === null ? null : minor(Number(hs.value_fixed)),
              value_currency: hs.value_currency,
            },
            paid,
            lineCurrency,
            r.quantity,
          )
        : { value: paid, currency: lineCurrency };
      lines.push({
        title: r.title ?? r.seller_sku ?? r.asin,
        hs_code: hs?.hs_code ?? null,
        name_cn: hs?.name_cn ?? '',
        name_en: hs?.name_en ?? '',
        unit: hs?.unit ?? '',
        quantity: r.quantity,
        value: v.value,
        currency: v.currency,
      });
      total += v.currency === currency ? v.value : convertMoney(v.value, v.currency, currency, rates);
    }
  } catch (e) {
    if (e instanceof RangeError) throw badRequest(`申报价值无法换算:${e.message}`);
    throw e;
  }
  const value = minor(total);
  let ioss: DeclarationData['ioss'];
  if (order.ship_country) {
    const d = await iossForDeclaration(deps, { country: order.ship_country, value, currency }).catch((e) => {
      if (e instanceof RangeError) throw badRequest(`申报价值无法换算为欧元:${e.message}`);
      throw e;
    });
    ioss = {
      applies: d.applies,
      number: d.iossNumber,
      reason: d.reason,
      value_eur: d.valueEurCents === null ? null : toDecimalString(d.valueEurCents, 'EUR'),
      rates_as_of: d.ratesAsOf,
    };
  } else {
    ioss = { applies: false, number: null, reason: 'not_eu', value_eur: null, rates_as_of: rates.as_of };
  }
  const unit = await defaultUnitOf(deps, tenantId);
  return {
    value,
    currency,
    lines,
    exporter: unit
      ? {
          name: unit.name,
          credit_code: unit.credit_code,
          address: unit.address,
          contact_name: unit.contact_name,
          contact_phone: unit.contact_phone,
        }
      : null,
    ioss,
  };
}
