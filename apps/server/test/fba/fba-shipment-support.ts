// Set-up of the 头程发货 API tests: a tenant with a sandbox shop in the US, SKUs with China
// stock and Amazon listings (landing in one or two fulfilment centres), and a draft's body.
import type { UserRow } from '../../src/db/types.js';
import { CHINA, postMovement } from '../../src/inventory/inventory.service.js';
import { simFcOf, simInbound } from '../../src/marketplace/simulator/sim-inbound.js';
import { storeListing } from '../../src/marketplace/simulator/sim-listings.js';
import { followSandbox } from '../follow-support.js';
import { call, randomName, type Session, type TestContext } from '../harness.js';

export const US = 'ATVPDKIKX0DER';
export const P = '/PDD/fba/shipment';

export const SOURCE = {
  name: 'Shenzhen Warehouse',
  addressLine1: 'No. 8 Keji Road',
  city: 'Shenzhen',
  stateOrProvinceCode: 'GD',
  postalCode: '518000',
  countryCode: 'CN',
  phoneNumber: '+8675512345678',
};

/** `n` SKU names from a fresh prefix landing in `n` different centres (or all in one). */
export function skuNames(n: number, sameFc = false, tag = ''): string[] {
  const prefix = randomName(`FBA${tag}`).toUpperCase();
  const out: string[] = [];
  const fcs = new Set<string>();
  for (let i = 0; out.length < n && i < 1000; i++) {
    const sku = `${prefix}-${i}`;
    const fc = simFcOf(US, sku);
    if (sameFc ? out.length === 0 || fcs.has(fc) : !fcs.has(fc)) {
      out.push(sku);
      fcs.add(fc);
    }
  }
  return out;
}

export function fbaWorld(t: TestContext) {
  const fs = followSandbox(t);

  /** A tenant's admin with a US sandbox shop. */
  async function seller() {
    const w = await fs.sellerWithShop('美国沙箱店', { region: 'NA', marketplaces: ['us'] });
    const shop = await t.db
      .selectFrom('shops')
      .select('seller_id')
      .where('id', '=', w.shopId)
      .executeTakeFirstOrThrow();
    const inbound = simInbound(fs.sb().sim);
    return { ...w, sellerId: shop.seller_id as string, inbound };
  }

  /** SKUs of the tenant with `china` units in China, listed in the US by the shop's seller. */
  async function skus(tenant: UserRow, sellerId: string, names: string[], china: number) {
    const ids: number[] = [];
    for (const sku of names) {
      const r = await t.db
        .insertInto('stock_products')
        .values({ tenant_id: tenant.id, sku, title: `收纳盒 ${sku}`, created_by: tenant.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(r.id));
      if (china > 0)
        await t.db.transaction().execute((trx) =>
          postMovement(trx, {
            tenantId: tenant.id,
            stockId: Number(r.id),
            at: CHINA,
            op: 'in',
            quantity: china,
            reason: 'receipt',
            by: tenant.id,
          }),
        );
      storeListing(fs.sb().sim, {
        sellerId,
        marketplaceId: US,
        sku,
        productType: 'PRODUCT',
        attributes: {
          item_name: [{ value: `Storage box ${sku}` }],
          supplier_declared_dg_hz_regulation: [{ value: 'not_applicable' }],
        },
      });
    }
    return ids;
  }

  /** A draft's body: each SKU `units` units in one box of its own (size 0 when `noSize`). */
  const draft = (shopId: number, ids: number[], units: number, o: { noSize?: boolean } = {}) => ({
    shop_id: shopId,
    marketplace: 'us',
    name: '十二月头程',
    source_address: SOURCE,
    items: ids.map((stock_id) => ({ stock_id, quantity: units })),
    boxes: ids.map((stock_id) => ({
      length_mm: o.noSize ? 0 : 400,
      width_mm: o.noSize ? 0 : 300,
      height_mm: o.noSize ? 0 : 200,
      weight_g: 5000,
      quantity: 1,
      items: [{ stock_id, quantity: units }],
    })),
  });

  /** Saves and starts a draft, waits for its job; answers the detail. */
  async function planned(s: Session, body: object) {
    const saved = await call(t.app, s, 'POST', `${P}/save`, body);
    if (saved.http !== 200) throw new Error(`save: ${saved.msg}`);
    const started = await call(t.app, s, 'POST', `${P}/start`, { id: saved.data.id });
    if (started.http !== 200) throw new Error(`start: ${started.msg}`);
    await fs.waitJob(s, started.data.job_id, 600);
    return (await call(t.app, s, 'POST', `${P}/detail`, { id: saved.data.id })).data;
  }

  /** China and FBA (US) on hand of a SKU. */
  async function stock(tenantId: number, stockId: number) {
    const rows = await t.db
      .selectFrom('stock_balances as b')
      .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
      .select(['l.kind', 'b.on_hand'])
      .where('b.tenant_id', '=', tenantId)
      .where('b.stock_id', '=', stockId)
      .execute();
    return {
      china: rows.find((r) => r.kind === 'china')?.on_hand ?? 0,
      fba: rows.find((r) => r.kind === 'fba')?.on_hand ?? 0,
    };
  }

  return { ...fs, seller, skus, draft, planned, stock };
}
