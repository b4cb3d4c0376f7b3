import { describe, expect, it } from 'vitest';
import type { Order } from '../../marketplace/sp-api.orders.js';
import { BUYER_DATA_DAYS, purgeAfter } from './order-sync.mapping.js';

const DAY = 86_400_000;
const order = (o: Partial<Order>) =>
  ({
    AmazonOrderId: '302-1',
    PurchaseDate: '2026-10-01T08:00:00Z',
    LastUpdateDate: '2026-10-05T08:00:00Z',
    ...o,
  }) as Order;
const days = (iso: string, d: number) => new Date(Date.parse(iso) + d * DAY);

describe('purgeAfter: when a buyer must be forgotten (Amazon data protection policy)', () => {
  it('open orders keep their buyer (no date yet)', () => {
    for (const OrderStatus of ['Pending', 'Unshipped', 'PartiallyShipped'] as const)
      expect(purgeAfter(order({ OrderStatus }))).toBeNull();
  });

  it('a shipped order: 30 days after the latest delivery date, or after its last update if that is later', () => {
    const delivered = order({ OrderStatus: 'Shipped', LatestDeliveryDate: '2026-10-12T00:00:00Z' });
    expect(purgeAfter(delivered)).toEqual(days('2026-10-12T00:00:00Z', BUYER_DATA_DAYS));
    const updatedAfter = order({
      OrderStatus: 'Shipped',
      LatestDeliveryDate: '2026-10-03T00:00:00Z',
      LastUpdateDate: '2026-10-05T08:00:00Z',
    });
    expect(purgeAfter(updatedAfter)).toEqual(days('2026-10-05T08:00:00Z', BUYER_DATA_DAYS));
    expect(purgeAfter(order({ OrderStatus: 'Shipped' }))).toEqual(days('2026-10-05T08:00:00Z', BUYER_DATA_DAYS));
  });

  it('a cancelled order: 30 days after the cancellation', () => {
    expect(purgeAfter(order({ OrderStatus: 'Canceled' }))).toEqual(days('2026-10-05T08:00:00Z', BUYER_DATA_DAYS));
  });
});
