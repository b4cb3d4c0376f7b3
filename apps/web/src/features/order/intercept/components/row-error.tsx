import { Alert, Button } from 'antd';
import { useCallback, useState } from 'react';

/**
 * The failure of an action on a row, shown on the row with its Chinese reason until it is dealt
 * with (issue 29 §2): retried successfully (the caller clears it) or dismissed (知道了; without
 * `onDismiss`, for a role that may not put it away, the reason only).
 */
export function RowError({
  testId,
  error,
  onDismiss,
  dismissing,
}: {
  testId: string;
  error: string;
  onDismiss?: () => void;
  dismissing?: boolean;
}) {
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      style={{ marginTop: 4, padding: '2px 8px' }}
      title={error}
      action={
        onDismiss && (
          <Button size="small" type="link" loading={dismissing} onClick={onDismiss}>
            知道了
          </Button>
        )
      }
    />
  );
}

/** Failures of row actions kept in the screen (actions whose failure the server does not keep). */
export function useRowErrors() {
  const [errors, setErrors] = useState<Record<number, string>>({});
  const set = useCallback((id: number, msg: string) => setErrors((e) => ({ ...e, [id]: msg })), []);
  const clear = useCallback(
    (id: number) =>
      setErrors((e) => {
        if (!(id in e)) return e;
        const { [id]: _, ...rest } = e;
        return rest;
      }),
    [],
  );
  return { errors, set, clear };
}

/** The message of a failed request. */
export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
