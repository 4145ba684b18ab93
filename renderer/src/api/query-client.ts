import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * One cache for the desk. A refused call (4xx) is not retried: it would be refused again; a station that did not
 * answer is asked twice more before the screen says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (count, e) => count < 2 && !(e instanceof ApiError && e.problem.status >= 400 && e.problem.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
