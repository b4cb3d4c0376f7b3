import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Where /refresh sends the user back to (passed as navigation state). */
export interface RefreshState {
  from?: string;
}

/** Hidden helper: re-enters the page it came from, so that page mounts afresh (tab refresh, text size). */
export function RefreshPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const from = (location.state as RefreshState | null)?.from;
    navigate(from && from !== '/refresh' ? from : '/index', { replace: true });
  }, [navigate, location.state]);
  return null;
}
