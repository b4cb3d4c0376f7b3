import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/ui-bridge';
import { addLog } from '../../stores/log-store';
import { applyTabCommand, TabCommandError } from '../../stores/tabs-reducer';
import { useTabsStore } from '../../stores/tabs-store';

/** Runs tab commands (refresh, close, left, right, other, all); invalid ones warn '无效的操作'. */
export function useTabActions() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  return useCallback(
    (command: string, pivot: string) => {
      const { opened, current, commit, drop } = useTabsStore.getState();
      try {
        if (command === 'refresh') {
          // Tab refresh errors are only logged (spec section 8).
          try {
            drop(pivot);
            navigate('/refresh', { state: { from: pivot } });
          } catch (err) {
            addLog(`标签页刷新失败: ${(err as Error).message}`, 'danger');
          }
          return;
        }
        const result = applyTabCommand(opened, command, pivot, current);
        commit(result);
        if (result.navigateTo && result.navigateTo !== current) navigate(result.navigateTo);
      } catch (err) {
        if (err instanceof TabCommandError) message.warning(err.message);
        else addLog(`标签页操作失败: ${(err as Error).message}`, 'danger');
      }
    },
    [navigate, message],
  );
}
