import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** Retries only what may succeed on a second try: never a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * An account that requires a second factor of a member without one answers `second_factor_required`:
 * the session is read again, and the guard, seeing the account's rule, opens the set-up screen.
 */
function onQueryError(error: unknown): void {
  if (error instanceof ApiError && error.code === 'second_factor_required') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }
}

/** The app's single query client. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onQueryError }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
