import { useOrderOpsMutations } from '../../../api/order-stock';
import { RowError, useRowErrors } from '../intercept/components/row-error';

/** The part of an order item a refused 确认收货 is shown on (配货's items and the order drawer's). */
export interface ReceivableItem {
  id: number;
  express_status: string;
  /** The refusal the server keeps on the item (`order_items.receive_error`). */
  receive_error: string | null;
}

/**
 * What an item's line shows of a refused 确认收货 (issue 29 §2): this screen's last failure, else
 * the one the server keeps, and only while the item still waits for its receipt ('2'): a receipt
 * done meanwhile (by another person, or a retry) says so by the item's own state.
 */
export function receiveErrorOf(local: string | undefined, item: ReceivableItem): string | null {
  if (item.express_status !== '2') return null;
  return local || item.receive_error || null;
}

/**
 * The refusals of 确认收货 of a screen: the screen's own (the toast is gone, the reason stays) and
 * 知道了, which also puts away the server's kept one (`POST /order/distribution/dismiss-error`).
 */
export function useReceiveFailures(onChanged?: () => void) {
  const { errors, set, clear } = useRowErrors();
  const { dismissReceiveError } = useOrderOpsMutations();
  return {
    errors,
    /** Keeps a refusal on the item's line (the server kept it too; the screen shows it before the reload). */
    failed: set,
    /** A new try starts clean. */
    clear,
    dismiss: (item: ReceivableItem) => {
      clear(item.id);
      if (item.receive_error) dismissReceiveError.mutate(item.id, { onSuccess: () => onChanged?.() });
    },
    dismissing: (id: number) => dismissReceiveError.isPending && dismissReceiveError.variables === id,
  };
}

export type ReceiveFailures = ReturnType<typeof useReceiveFailures>;

/**
 * An item's refused 确认收货 on its line until dealt with: a later step of the item succeeds (the
 * server clears it) or 知道了 (`canDismiss`: the roles with `order.receive`; the others see the
 * reason only).
 */
export function ReceiveError({
  item,
  failures,
  canDismiss,
  testId,
}: {
  item: ReceivableItem;
  failures: Pick<ReceiveFailures, 'errors' | 'dismiss' | 'dismissing'>;
  canDismiss: boolean;
  testId: string;
}) {
  const error = receiveErrorOf(failures.errors[item.id], item);
  if (!error) return null;
  return (
    <RowError
      testId={testId}
      error={error}
      dismissing={failures.dismissing(item.id)}
      onDismiss={canDismiss ? () => failures.dismiss(item) : undefined}
    />
  );
}
