import { QueryClient } from '@tanstack/react-query';

/**
 * One query client for the app; errors are toasted by the HTTP client, so no retries.
 * Provided by the frame (and screens outside it that need it), not by the entry, so the
 * sign-in screen does not load TanStack Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
