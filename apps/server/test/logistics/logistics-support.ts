import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { sql } from 'kysely';
import type { UserRow } from '../../src/db/types.js';
import * as ledger from '../../src/modules/finance/ledger.service.js';
import { insertSyncedOrder, saveOrderItems } from '../../src/modules/order/order-sync.repository.js';
import type { TestContext } from '../harness.js';
import { bindOrderShop, simListing } from '../order/order-support.js';

/** A channel body the operator would save: DE and FR, 100 g first step, 6000 divisor, no battery. */
export const channelBody = (over: Record<string, unknown> = {}) => ({
  name: `燕文专线${Math.random().toString(36).slice(2, 7)}`,
  carrier_code: 'Yanwen',
  service: 'Standard',
  countries: ['DE', 'FR'],
  first_weight_g: 100,
  first_price: 2000,
  step_weight_g: 100,
  step_price: 500,
  registration_fee: 1000,
  volumetric_divisor: 6000,
  battery_allowed: false,
  service_fee: 300,
  max_weight_g: 5000,
  ...over,
});

/**
 * A sandbox shop of the tenant with `count` MFN orders placed in the simulator an hour ago (so
 * Unshipped now) and stored in the console as synced, every item received (express '3').
 */
export async function receivedOrders(t: TestContext, tenant: UserRow, count: number) {
  const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
  const sku = `LOG-${tenant.id}`;
  const marketplaceId = simListing(sim, seller, 'de', sku, 25);
  const ids = sim.orders.generate({
    sellerId: seller,
    marketplaceId,
    count,
    at: Date.now() - 2 * 3600_000,
    items: [{ sku, quantity: 1 }],
    channel: 'MFN',
    outcome: 'normal',
  });
  const orders: { id: number; amazonOrderId: string }[] = [];
  for (const amazonOrderId of ids) {
    const simOrder = sim.orders.orders.get(amazonOrderId)!;
    const id = (await insertSyncedOrder(t.db, {
      tenant_id: tenant.id,
      shop_id: shop.id,
      marketplace: 'de',
      amazon_order_id: amazonOrderId,
      amazon_status: 'Unshipped',
      status: 'Unshipped',
      fulfillment_channel: '1',
      purchase_date: new Date(simOrder.createdAt),
      last_update_date: new Date(),
      latest_ship_date: null,
      latest_delivery_date: null,
      currency: 'EUR',
      total_minor: 2500,
      ship_city: 'Berlin',
      ship_state: 'BE',
      ship_postal: '10115',
      ship_country: 'DE',
      buyer: { name: '张伟 Zhang Wei', phone: '+4930123456', address1: 'Hauptstraße 1' },
      buyer_purge_after: null,
    }))!;
    await saveOrderItems(
      t.db,
      tenant.id,
      id,
      simOrder.items.map((i) => ({
        amazon_item_id: i.orderItemId,
        asin: i.asin,
        seller_sku: i.sku,
        title: i.title,
        quantity: i.quantity,
        quantity_shipped: 0,
        currency: 'EUR',
        item_price_minor: 2500,
        shipping_price_minor: 0,
        item_tax_minor: 0,
        promotion_discount_minor: 0,
        goods_id: null,
        variation_key: null,
      })),
    );
    await sql`update order_items set express_status = '3' where order_id = ${id}`.execute(t.db);
    await sql`update orders set express_status = '3', items_pending = false where id = ${id}`.execute(t.db);
    orders.push({ id, amazonOrderId });
  }
  return { shop, seller, sim, orders, marketplaceId: marketplaceByCode('de')!.marketplaceId };
}

/** Tops the tenant's balance up by `amount` fen (as an approved top-up would). */
export function topUp(t: TestContext, tenantId: number, amount: number) {
  return ledger.topUp(t.db, {
    tenantId,
    idemKey: `test-topup-${tenantId}-${Math.random()}`,
    ref: { type: 'topup', id: 'test' },
    amount,
  });
}
