// 超卖 follows a listing's stock edit (issue 29 §1): a follow offer's quantity changed or the offer
// stopped, and an upload that carried a quantity, recompute the flags of the shop's orders at once,
// without waiting for an order sync.
import { describe, expect, it } from 'vitest';
import { offerAttributes } from '../../src/modules/follow/follow-push.job.js';
import { insertSyncedOrder, saveOrderItems } from '../../src/modules/order/order-sync.repository.js';
import { call } from '../harness.js';
import { homeGoods, runUntilDone, saveGoods, simOf, tenantWithShop, useUploadApp } from '../upload/upload-support.js';
import { simListing } from './order-support.js';

const { t, img } = useUploadApp(20);

/** `count` single-unit seller-fulfilled orders of `sku` in `de`, one minute apart from `from`. */
async function orders(tenantId: number, shopId: number, sku: string, count: number, from: Date) {
  for (let n = 0; n < count; n++) {
    const id = (await insertSyncedOrder(t.db, {
      tenant_id: tenantId,
      shop_id: shopId,
      marketplace: 'de',
      amazon_order_id: `302-${String(tenantId).padStart(7, '0')}-${sku.length}${String(n).padStart(6, '0')}`,
      amazon_status: 'Unshipped',
      status: 'Unshipped',
      fulfillment_channel: '1',
      purchase_date: new Date(from.getTime() + n * 60_000),
      last_update_date: new Date(),
      latest_ship_date: null,
      latest_delivery_date: null,
      currency: 'EUR',
      total_minor: 1500,
      ship_city: 'Berlin',
      ship_state: 'BE',
      ship_postal: '10115',
      ship_country: 'DE',
      buyer: null,
      buyer_purge_after: null,
    }))!;
    await saveOrderItems(t.db, tenantId, id, [
      {
        amazon_item_id: `I${id}`,
        asin: 'B0OVERSOLD',
        seller_sku: sku,
        title: sku,
        quantity: 1,
        quantity_shipped: 0,
        currency: 'EUR',
        item_price_minor: 1500,
        shipping_price_minor: 0,
        item_tax_minor: 0,
        promotion_discount_minor: 0,
        goods_id: null,
        variation_key: null,
      },
    ]);
  }
}

/** The flagged items of the tenant's orders of `sku`, in order of purchase (their position 0..n-1). */
async function flagged(tenantId: number, sku: string) {
  const rows = await t.db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.oversold'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.seller_sku', '=', sku)
    .orderBy('o.purchase_date')
    .execute();
  return rows.flatMap((r, i) => (r.oversold ? [i] : []));
}

describe('超卖 after a stock edit', () => {
  it("follows a follow offer's quantity and its stop, with no order sync", async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    const sim = await simOf(t.deps);
    // The offer-only listing the follow push made on Amazon.
    const de = simListing(sim, shop.seller_id, 'de', 'FOLLOW-OS', 15);
    const listing = sim.listings.get(`${shop.seller_id}|${de}|FOLLOW-OS`)!;
    listing.requirements = 'LISTING_OFFER_ONLY';
    listing.productType = 'HOME';
    listing.attributes = offerAttributes({
      asin: 'B0OVERSOLD',
      marketplace: 'de',
      currency: 'EUR',
      price: 1500,
      quantity: 10,
      fulfillment: 'FBM',
    });
    const offer = await t.db
      .insertInto('follow_offers')
      .values({
        tenant_id: tenant.id,
        shop_id: shop.id,
        marketplace: 'de',
        asin: 'B0OVERSOLD',
        sku: 'FOLLOW-OS',
        title: '超卖测试',
        image: '',
        product_type: 'HOME',
        currency: 'EUR',
        price: 1500,
        quantity: 10,
        fulfillment: 'FBM',
        status: 'active',
        created_by: tenant.id,
        created_at: new Date(Date.now() - 3600_000),
      })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    await orders(tenant.id, shop.id, 'FOLLOW-OS', 3, new Date(Date.now() - 1800_000));
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([]);

    let version = offer.version;
    const update = async (quantity: number) => {
      const r = await call(t.app, s, 'POST', '/PDD/follow/offer/update', { id: Number(offer.id), version, quantity });
      expect(r.status, r.msg).toBe(200);
      version = r.data.version;
    };
    // Stock 1 for 3 orders: the last two are beyond it, at once.
    await update(1);
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([1, 2]);
    const overview = await call(t.app, s, 'POST', '/PDD/order/overview');
    expect(overview.data.oversold).toBe(2);
    // Restocked: nothing beyond; stock 2: only the last.
    await update(5);
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([]);
    await update(2);
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([2]);
    // A price change alone leaves the flags as they are.
    const price = await call(t.app, s, 'POST', '/PDD/follow/offer/update', {
      id: Number(offer.id),
      version,
      price: 1600,
    });
    expect(price.status, price.msg).toBe(200);
    version = price.data.version;
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([2]);
    // Stopped: the listing has no stock known to the console any more, nothing is flagged.
    const stop = await call(t.app, s, 'POST', '/PDD/follow/offer/stop', { id: Number(offer.id), version });
    expect(stop.status, stop.msg).toBe(200);
    expect(await flagged(tenant.id, 'FOLLOW-OS')).toEqual([]);
  });

  it('follows the quantity an upload carried to Amazon, with no order sync', async () => {
    const { tenant, s, shop } = await tenantWithShop(t);
    // The product's quantity is 7; 9 orders come after the upload was sent.
    const goods = await saveGoods(t.app, s, homeGoods('OS-VASE', img.base, { langs: ['de'], countries: ['de'] }));
    await orders(tenant.id, shop.id, 'OS-VASE', 9, new Date(Date.now() + 3600_000));
    expect(await flagged(tenant.id, 'OS-VASE')).toEqual([]);
    const created = await call(t.app, s, 'POST', '/PDD/upload/create', {
      shop_id: shop.id,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: String(goods.id),
    });
    expect(created.status, created.msg).toBe(200);
    expect((await runUntilDone(t.deps, created.data.queue_id)).status).toBe('done');
    const sku = await t.db
      .selectFrom('upload_items')
      .select('seller_sku')
      .where('queue_id', '=', created.data.queue_id)
      .executeTakeFirstOrThrow();
    expect(sku.seller_sku).toBe('OS-VASE');
    expect(await flagged(tenant.id, 'OS-VASE')).toEqual([7, 8]);
  });
});
