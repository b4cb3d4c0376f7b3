import { shopAuthCompleteBody } from '@console/shared/schemas/shop';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useShopMutations } from '../../../../api/shop';
import { useFeedback } from '../../../../app/ui-bridge';

/**
 * Finishes an authorization when Amazon's redirect brought the browser back here (the server's
 * callback forwards `state`, `selling_partner_id` and `spapi_oauth_code` to `#/order/shop`):
 * sends them once, then clears them from the address. Returns the failure to show, if any.
 */
export function useFinishAuthorization(): string | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { complete } = useShopMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || ![...params.keys()].length) return;
    sent.current = true;
    const declined = params.get('error');
    const body = shopAuthCompleteBody.safeParse({
      state: params.get('state') ?? undefined,
      selling_partner_id: params.get('selling_partner_id') ?? undefined,
      spapi_oauth_code: params.get('spapi_oauth_code') ?? undefined,
    });
    navigate('/order/shop', { replace: true });
    if (declined) {
      setFailure(`亚马逊未完成授权(${params.get('error_description') || declined}),可以重新发起授权`);
      return;
    }
    if (!body.success) {
      setFailure('授权回调缺少参数,请重新发起授权');
      return;
    }
    complete.mutate(body.data, {
      onSuccess: (shop) => message.success(`店铺「${shop.name}」授权成功`),
      onError: (err) => setFailure(err instanceof Error ? err.message : '授权失败,请重新发起授权'),
    });
  }, [params, navigate, complete, message]);

  return failure;
}
