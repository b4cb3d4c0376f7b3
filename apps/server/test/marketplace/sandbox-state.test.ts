// The sandbox Amazon keeps its sellers, listings and orders across a server restart (issue 14 §3).
import { expect, it } from 'vitest';
import { closeSandbox, SANDBOX_SAVE_DELAY_MS, sandbox } from '../../src/marketplace/sandbox.js';
import { openShop } from '../../src/modules/shop/shop-client.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';
import { bindOrderShop, simListing } from '../order/order-support.js';

const t = useTestApp();

it('a sandbox shop still finds its listing and orders after the sandbox restarts; the shop stays authorized', async () => {
  const tenant = await buildTenant(t.db);
  const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
  const marketplaceId = simListing(sim, seller, 'de', 'KEEP-1');
  sim.orders.generate({ sellerId: seller, marketplaceId, count: 2, items: [{ sku: 'KEEP-1' }], outcome: 'normal' });
  const orderIds = [...sim.orders.orders.keys()].sort();
  expect(orderIds).toHaveLength(2);

  await closeSandbox(t.deps.config);
  const again = await sandbox(t.deps.config, t.db);
  expect(again.sim).not.toBe(sim);
  expect([...again.sim.orders.orders.keys()].sort()).toEqual(orderIds);

  // Through the shop's own client, as the upload and order sync call it.
  const { client } = await openShop(t.deps, tenant.id, shop.id);
  const item = await client.listings.get('KEEP-1', [marketplaceId], { includedData: ['summaries'] });
  expect(item.sku).toBe('KEEP-1');
  // A new order after the restart gets a new id (the sequence went on).
  again.sim.orders.generate({ sellerId: seller, marketplaceId, count: 1, items: [{ sku: 'KEEP-1' }] });
  expect(again.sim.orders.orders.size).toBe(3);

  // A change through the API is saved a moment later without a restart.
  await client.listings.delete('KEEP-1', [marketplaceId]);
  await expect
    .poll(
      async () => {
        const row = await t.db.selectFrom('sandbox_state').select('state').executeTakeFirst();
        return row?.state.listings.some((l) => l.sku === 'KEEP-1');
      },
      { timeout: 3 * SANDBOX_SAVE_DELAY_MS },
    )
    .toBe(false);
});
