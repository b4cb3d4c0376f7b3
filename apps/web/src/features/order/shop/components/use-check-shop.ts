import type { ShopView } from '@console/shared/schemas/shop';
import { useShopMutations } from '../../../../api/shop';
import { useFeedback } from '../../../../app/ui-bridge';

/** 检测授权: asks Amazon with the shop's authorization; success says so, a failure is shown by the client. */
export function useCheckShop(): (shop: ShopView) => void {
  const { message } = useFeedback();
  const { sync } = useShopMutations();
  return (shop) =>
    sync.mutate(shop.id, {
      onSuccess: (r) => message.success(`店铺「${r.name}」授权正常,站点已同步`),
    });
}
