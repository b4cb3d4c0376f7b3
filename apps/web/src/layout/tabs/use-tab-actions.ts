import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/ui-bridge';
import { addLog } from '../../stores/log-store';
import { applyTabCommand, TabCommandError } from '../../stores/tabs-reducer';
import { useTabsStore } from '../../stores/tabs-store';
import { dirtyAmong, tabsDroppedBy } from './dirty-registry';
import { confirmDiscard } from './discard-confirm';
import { routerTarget } from './router-target';

/**
 * Runs tab commands (refresh, close, left, right, other, all); invalid ones warn '无效的操作'.
 * A command that would drop a page with unsaved input (see `useTabDirtyGuard`) asks first
 * and only runs once confirmed.
 *
 * The current tab of a command is the router's target (`routerTarget`), not the store's
 * `current`: that one is set after the new page rendered, so right after a click on another
 * tab it still names the old one, and closing the tab being entered would keep it open (or
 * closing the one being left would move to its neighbour instead of the tab clicked).
 */
export function useTabActions() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  return useCallback(
    (command: string, pivot: string) => {
      const execute = () => {
        const { opened, commit, drop } = useTabsStore.getState();
        const current = routerTarget();
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
      };
      const report = (err: unknown) => {
        if (err instanceof TabCommandError) message.warning(err.message);
        else addLog(`标签页操作失败: ${(err as Error).message}`, 'danger');
      };
      try {
        const { opened } = useTabsStore.getState();
        const dirty = dirtyAmong(tabsDroppedBy(opened, command, pivot, routerTarget()));
        if (!dirty.length) {
          execute();
          return;
        }
        void confirmDiscard(dirty, command === 'refresh' ? 'refresh' : 'close').then((ok) => {
          if (!ok) return;
          // The tabs may have changed while the dialog was open: the command runs on the list as it is now.
          try {
            execute();
          } catch (err) {
            report(err);
          }
        });
      } catch (err) {
        report(err);
      }
    },
    [navigate, message],
  );
}
