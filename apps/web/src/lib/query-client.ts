import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

// A 4xx will answer the same way again, so only network trouble and 5xx get one more try.
function shouldRetry(failureCount: number, err: unknown): boolean {
  if (isApiError(err) && err.status >= 400 && err.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
