import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { menuSourceFor } from '../../app/bootstrap';
import { useFeedback } from '../../app/ui-bridge';
import { useSessionStore } from '../../stores/session-store';
import { buildMenus, type MenuNode, resolveMenuSelect } from './menu-model';

/** The user's built menus. */
export function useMenus() {
  const user = useSessionStore((s) => s.user);
  const source = useSessionStore((s) => s.menuSource);
  return useMemo(() => buildMenus(menuSourceFor(user, source)), [user, source]);
}

/** Applies the menu selection rules of spec section 2 to a clicked node. */
export function useMenuSelect() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  return useCallback(
    (node: MenuNode) => {
      const action = resolveMenuSelect(node);
      if (action.type === 'warn') message.warning(action.message);
      else if (action.type === 'external') window.open(action.url, '_blank', 'noopener');
      else navigate(action.path);
    },
    [navigate, message],
  );
}
