import { SHOP_AUTH_COOKIE, shopAuthCompleteBody } from '@console/shared/schemas/shop';
import { useEffect, useRef, useState } from 'react';
import { readCookie, removeCookie } from '../../../../api/cookies';
import { useShopMutations } from '../../../../api/shop';
import { useFeedback } from '../../../../app/ui-bridge';

/**
 * Finishes an authorization when Amazon's redirect brought the browser back: the server's
 * callback left what Amazon sent (`state`, `selling_partner_id`, `spapi_oauth_code`, or
 * `error`) in a short-lived cookie; it is read and cleared once and sent by the signed-in
 * user. Returns the failure to show, if any.
 */
export function useFinishAuthorization(): string | null {
  const { message } = useFeedback();
  const { complete } = useShopMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    const raw = readCookie(SHOP_AUTH_COOKIE);
    if (sent.current || !raw) return;
    sent.current = true;
    removeCookie(SHOP_AUTH_COOKIE);
    const params = new URLSearchParams(raw);
    const declined = params.get('error');
    if (declined) {
      setFailure(`亚马逊未完成授权(${params.get('error_description') || declined}),可以重新发起授权`);
      return;
    }
    const body = shopAuthCompleteBody.safeParse({
      state: params.get('state') ?? undefined,
      selling_partner_id: params.get('selling_partner_id') ?? undefined,
      spapi_oauth_code: params.get('spapi_oauth_code') ?? undefined,
    });
    if (!body.success) {
      setFailure('授权回调缺少参数,请重新发起授权');
      return;
    }
    complete.mutate(body.data, {
      onSuccess: (shop) => message.success(`店铺「${shop.name}」授权成功`),
      onError: (err) => setFailure(err instanceof Error ? err.message : '授权失败,请重新发起授权'),
    });
  }, [complete, message]);

  return failure;
}
