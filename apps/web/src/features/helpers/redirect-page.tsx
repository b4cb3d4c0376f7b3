import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { addLog } from '../../stores/log-store';

/** Parses the redirect parameter: a JSON route object `{path, query}` or a plain path. */
export function parseRedirectTarget(raw: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // use as is
  }
  try {
    const route = JSON.parse(text) as { path?: string; query?: Record<string, string> } | string;
    if (typeof route === 'string') return route.startsWith('/') ? route : `/${route}`;
    if (route && typeof route.path === 'string') {
      const qs = new URLSearchParams(route.query ?? {}).toString();
      return `${route.path.startsWith('/') ? '' : '/'}${route.path}${qs ? `?${qs}` : ''}`;
    }
  } catch {
    if (text) return text.startsWith('/') ? text : `/${text}`;
  }
  return '/index';
}

/** Hidden helper `/redirect/:route*`: replaces the location with the route given as JSON in the parameter. */
export function RedirectPage() {
  const params = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = parseRedirectTarget(params['*'] ?? '');
    addLog(`重定向到 ${target}`, 'info');
    navigate(target, { replace: true });
  }, [params, navigate]);
  return null;
}
