import { can } from '@console/shared/permissions/can';
import { useNavigate } from 'react-router';
import { FRAME_ROUTES } from '../../../app/route-table';
import { useSessionStore } from '../../../stores/session-store';
import { type ListFilterRequest, useGoodsListFilters } from '../../goods/lib/list-filters-store';

/** Where 首页 may send the user: a built screen whose route permission the user has. */
export function canOpenPath(user: Parameters<typeof can>[0], path: string): boolean {
  const pathname = path.split('?')[0];
  const route = FRAME_ROUTES.find((r) => r.path === pathname);
  if (!route?.load) return false;
  return !route.meta.permission || can(user, route.meta.permission);
}

/** Opening the list behind a figure; `canOpen` false: the figure is shown as plain text (docs/home.md). */
export function useHomeLinks() {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const request = useGoodsListFilters((s) => s.request);
  return {
    canOpen: (path: string) => canOpenPath(user, path),
    open: (path: string) => navigate(path),
    /** The product list with a status tab or a 待完善 filter applied. */
    goodsList: (r: ListFilterRequest) => {
      request(r);
      navigate('/goods/admin/list');
    },
  };
}
