import { ALI1688_AUTH_COOKIE, ali1688CompleteBody } from '@console/shared/schemas/ali1688';
import { useEffect, useRef, useState } from 'react';
import { readCookie, removeCookie } from '../../../api/cookies';
import { useFeedback } from '../../../app/ui-bridge';
import { useAli1688Mutations } from './ali1688-api';

/**
 * Finishes a connection when 1688's redirect brought the browser back: the server's callback
 * left `code` and `state` (or `error`) in a short-lived cookie; it is read and cleared once and
 * sent by the signed-in user. Returns the failure to show, if any.
 */
export function useFinishAli1688(): string | null {
  const { message } = useFeedback();
  const { complete } = useAli1688Mutations();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    const raw = readCookie(ALI1688_AUTH_COOKIE);
    if (sent.current || !raw) return;
    sent.current = true;
    removeCookie(ALI1688_AUTH_COOKIE);
    const params = new URLSearchParams(raw);
    const declined = params.get('error');
    if (declined) {
      setFailure(`1688未完成授权(${params.get('error_description') || declined}),可以重新连接`);
      return;
    }
    const body = ali1688CompleteBody.safeParse({
      state: params.get('state') ?? undefined,
      code: params.get('code') ?? undefined,
    });
    if (!body.success) {
      setFailure('授权回调缺少参数,请重新连接');
      return;
    }
    complete.mutate(body.data, {
      onSuccess: (c) => message.success(`1688账号「${c.login_id || c.member_id}」已连接`),
      onError: (err) => setFailure(err instanceof Error ? err.message : '授权失败,请重新连接'),
    });
  }, [complete, message]);

  return failure;
}
