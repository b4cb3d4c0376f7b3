import type { OrderDetailData } from '@console/shared/schemas/order';
import { ALI1688_LOGISTICS_LABELS } from '@console/shared/schemas/purchase-1688';
import { Button } from 'antd';
import { use1688Mutations } from '../../../../api/order-extras';
import { useFeedback } from '../../../../app/ui-bridge';
import { useHas } from '../../../../components/permission';

type Item = OrderDetailData['items'][number];

/** Purchases placed through 1688 carry this supplier prefix (apps/server purchase-1688.service.ts). */
const is1688 = (item: Item) => item.purchase?.supplier.startsWith('1688 ') ?? false;

/**
 * The 1688 option of the purchase step: 1688下单 from a 1688 supplier link, and 查询物流 of a
 * purchase placed there (a shipped one moves to 待收货 with its tracking number). Manual 采购
 * stays beside it.
 */
export function Ali1688Buttons({ item }: { item: Item }) {
  const has = useHas();
  const { purchase, logistics } = use1688Mutations();
  const { message } = useFeedback();
  if (!has('order.purchase')) return null;
  const s = item.express_status;
  return (
    <>
      {s === '0' && item.link_url?.includes('1688.com') && (
        <Button
          size="small"
          loading={purchase.isPending}
          onClick={() =>
            purchase.mutate(
              { item_id: item.id, version: item.version, quantity: item.quantity },
              { onSuccess: () => message.success('已在1688下单') },
            )
          }
        >
          1688下单
        </Button>
      )}
      {s === '1' && is1688(item) && (
        <Button
          size="small"
          loading={logistics.isPending}
          onClick={() =>
            logistics.mutate(item.id, {
              onSuccess: (r) =>
                message.info(
                  `1688物流:${ALI1688_LOGISTICS_LABELS[r.status]}${r.tracking_no ? `,快递单号 ${r.tracking_no}` : ''}`,
                ),
            })
          }
        >
          查询1688物流
        </Button>
      )}
    </>
  );
}
